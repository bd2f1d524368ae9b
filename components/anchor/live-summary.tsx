'use client';
// The summary of a live that just ended, on top of live management (End live leads there): time on air, peak
// viewers, followers gained, and the replay, "processing" until the recording is ready and then a link to it.
import { useId } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { formatDuration } from '@/components/live/replay-time';
import { CheckCircleIcon, CloseIcon, ReplayIcon } from '@/components/shell/icons';
import { replayPath, siteRoutes } from '@/lib/routes';
import { liveSummaryQuery } from './anchor-api';
import form from './anchor-form.module.css';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './anchor-pages.module.css';
import { useDateFormat } from '@/components/shell/local-time';

export function LiveSummaryCard({ liveId }: { liveId: number }) {
  const t = useTranslations('anchor.summary');
  const { locale, dateTime } = useDateFormat();
  const titleId = useId();
  const summary = useQuery(liveSummaryQuery(liveId));

  if (summary.isPending) return <Skeleton framed className={styles.placeholder} aria-busy="true" />;
  if (summary.isError) {
    return (
      <section className={styles.card} aria-label={t('label')}>
        <p className={form.formError}>{errorText(summary.error, t('failed'))}</p>
        <div className={styles.actions}>
          <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => void summary.refetch()}>
            {t('retry')}
          </button>
        </div>
      </section>
    );
  }

  const data = summary.data;
  const endedAt = dateTime({ unixSeconds: data.ended_at });
  const figures = [
    { key: 'duration', value: data.duration > 0 ? formatDuration(data.duration) : t('noStream') },
    { key: 'peakViewers', value: new Intl.NumberFormat(locale).format(data.peak_viewers) },
    { key: 'newFollowers', value: new Intl.NumberFormat(locale).format(data.new_followers) },
  ] as const;
  const { replay } = data;
  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby={titleId}>
      <div className={styles.cardHead}>
        <div className={styles.summaryHeading}>
          <p className={styles.currentKicker}>
            <span className={styles.pill}>{t('kicker')}</span>
            <span>{t('endedAt', { time: endedAt })}</span>
          </p>
          <h2 id={titleId} className={styles.currentTitle}>
            {data.title}
          </h2>
        </div>
        <Link href={siteRoutes.liveManagement} className={styles.dismiss} aria-label={t('dismiss')} scroll={false}>
          <CloseIcon size={18} />
        </Link>
      </div>
      <dl className={styles.figures} aria-label={t('label')}>
        {figures.map((figure) => (
          <div key={figure.key}>
            <dt>{t(figure.key)}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.replayRow} data-state={replay.state} role="status">
        <span className={styles.replayIcon} aria-hidden="true">
          {replay.state === 'processing' ? <span className={styles.spinner} /> : replay.state === 'ready' ? <CheckCircleIcon size={20} /> : <ReplayIcon size={20} />}
        </span>
        <div className={styles.replayText}>
          <p className={styles.replayTitle}>{t(replay.state === 'processing' ? 'processing' : replay.state === 'ready' ? 'ready' : 'none')}</p>
          <p className={styles.cardHint}>
            {replay.state === 'ready' ? t('readyHint', { duration: formatDuration(replay.duration) }) : t(replay.state === 'processing' ? 'processingHint' : 'noneHint')}
          </p>
        </div>
        {replay.state === 'ready' ? (
          <Link href={replayPath({ id: data.replay.replay_id, anchor_id: data.anchor_id })} className={`${form.primary} ${form.small} ${styles.replayAction}`}>
            <ReplayIcon size={16} />
            {t('watch')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
