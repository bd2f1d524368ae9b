// An activity in the list: cover, title, summary, period and whether it still runs.
import Link from 'next/link';
import { formatDate } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import type { ActivityView } from '@/lib/validation/content';
import { Badge } from '@/components/ui/badge';
import styles from './activity-card.module.css';

export type ActivityTexts = { running: string; ended: string; period: (start: string, end: string) => string; from: (start: string) => string };

function activityPeriod(activity: ActivityView, locale: Locale, texts: ActivityTexts): string {
  const start = formatDate(activity.startsAt, locale);
  return activity.endsAt ? texts.period(start, formatDate(activity.endsAt, locale)) : texts.from(start);
}

/** Whether the activity still runs, and its period: the line above its title in the list and on its own page. */
export function ActivityMeta({ activity, locale, texts, className, stateClassName }: { activity: ActivityView; locale: Locale; texts: ActivityTexts; className: string; stateClassName: string }) {
  return (
    <p className={className}>
      <Badge tone={activity.ended ? 'muted' : 'success'} className={stateClassName}>
        {activity.ended ? texts.ended : texts.running}
      </Badge>
      <span>{activityPeriod(activity, locale, texts)}</span>
    </p>
  );
}

export function ActivityCard({ activity, locale, texts, eager = false }: { activity: ActivityView; locale: Locale; texts: ActivityTexts; eager?: boolean }) {
  return (
    <article className={`${styles.card} ${activity.ended ? styles.ended : ''}`}>
      <img src={activity.coverUrl} alt="" width={1200} height={400} className={styles.cover} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      <div className={styles.body}>
        <ActivityMeta activity={activity} locale={locale} texts={texts} className={styles.meta} stateClassName={styles.state} />
        <h2 className={styles.title}>
          <Link href={activity.path} className={styles.link} prefetch={false}>
            {activity.title}
          </Link>
        </h2>
        <p className={styles.summary}>{activity.summary}</p>
      </div>
    </article>
  );
}
