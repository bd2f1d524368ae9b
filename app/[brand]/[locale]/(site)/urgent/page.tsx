// Urgent announcement (spec §2.2 /urgent): the newest current urgent notice, cached for a minute.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { NoticeList } from '@/components/content/notice-list';
import { PageFrame } from '@/components/content/page-frame';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readUrgentNotice } from '@/lib/server/public-pages/content-pages';
import styles from '@/components/content/urgent.module.css';

export const revalidate = 60;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles.urgent' });
  return pageMetadata({ brand, brandName, locale, path: siteRoutes.urgent, title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function UrgentPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles.urgent' });
  const notice = await readUrgentNotice(brand.id, locale);
  return (
    <PageFrame title={t('title')} width="reading">
      {notice ? <NoticeList notices={[notice]} locale={locale} /> : <EmptyState icon={AlertIcon} title={t('empty')} description={t('emptyHint')} />}
      <p className={styles.more}>
        <Link href={siteRoutes.notice} prefetch={false}>
          {t('allNotices')}
        </Link>
      </p>
    </PageFrame>
  );
}
