// Activities (spec §2.2 /activity): running ones first, then ended ones; cached for 5 minutes.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivityCard } from '@/components/content/activity-card';
import { activityTexts } from '@/components/content/activity-texts';
import { PageFrame } from '@/components/content/page-frame';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { GiftIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readActivities } from '@/lib/server/public-pages/content-pages';
import styles from '@/components/content/activity-list.module.css';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles.activity' });
  return pageMetadata({ brand, brandName, locale, path: siteRoutes.activity, title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function ActivityPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles' });
  const [activities, texts] = await Promise.all([readActivities(brand.id, locale), activityTexts(locale)]);
  return (
    <PageFrame
      title={t('activity.title')}
      lead={t('activity.lead')}
      above={<SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="activity" />}
    >
      {activities.length > 0 ? (
        <ul className={styles.grid}>
          {activities.map((activity, index) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} locale={locale} texts={texts} eager={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={GiftIcon} title={t('activity.empty')} description={t('activity.emptyHint')} />
      )}
    </PageFrame>
  );
}
