// An activity (spec §2.2 /activity_details/{id}): cover, period, text and its call to action; cached for 5 minutes.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ActivityMeta } from '@/components/content/activity-card';
import { activityTexts } from '@/components/content/activity-texts';
import { ContentBlocks } from '@/components/content/content-blocks';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readActivity } from '@/lib/server/public-pages/content-pages';
import styles from '@/components/content/activity-detail.module.css';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each activity renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string };

async function loadActivity(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const activity = await readActivity(Number(id), context.brand.id, context.locale);
  if (!activity) notFound();
  return { ...context, activity };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { brand, brandName, locale, activity } = await loadActivity(params);
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: activity.path,
    title: activity.title,
    description: activity.summary,
    image: { url: activity.coverUrl, width: 1200, height: 400, alt: activity.title },
  });
}

export default async function ActivityDetailsPage({ params }: { params: Promise<Params> }) {
  const { brand, locale, activity } = await loadActivity(params);
  const t = await getTranslations({ locale, namespace: 'articles' });
  const texts = await activityTexts(locale);
  const action = activity.actionUrl && !activity.ended ? activity.actionUrl : null;
  const external = action !== null && /^https?:\/\//i.test(action);
  return (
    <div className={styles.page}>
      <SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="activity" then={[{ name: activity.title, path: activity.path }]} />
      <article className={styles.article}>
        <img src={activity.coverUrl} alt="" width={1200} height={400} className={styles.cover} fetchPriority="high" decoding="async" />
        <header className={styles.header}>
          <ActivityMeta activity={activity} locale={locale} texts={texts} className={styles.meta} stateClassName={styles.state} />
          <h1 className={styles.title}>{activity.title}</h1>
          <p className={styles.summary}>{activity.summary}</p>
        </header>
        <ContentBlocks blocks={activity.body} />
        {action ? (
          external ? (
            <a href={action} className={styles.action} target="_blank" rel="noopener noreferrer">
              {t('activity.join')}
            </a>
          ) : (
            <Link href={action} className={styles.action} prefetch={false}>
              {t('activity.join')}
            </Link>
          )
        ) : null}
      </article>
      <p className={styles.back}>
        <Link href={siteRoutes.activity} prefetch={false}>
          {t('activity.backToActivities')}
        </Link>
      </p>
    </div>
  );
}
