import 'server-only';
// /liveMatches: category navigation, then the rooms on air busiest first, or an empty state naming the filter.
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { EmptyState } from '@/components/shell/empty-state';
import { LiveIcon } from '@/components/shell/icons';
import type { Locale } from '@/lib/i18n/locales';
import type { LiveCategoryView } from '@/lib/server/config/app-config';
import type { LiveListItem } from '@/lib/server/live/rooms';
import { CategoryNav } from './category-nav';
import { LiveCard } from './live-card';
import { listHref, livePageSize, type ListQuery } from './list-query';
import { Pager } from '@/components/shell/pager';
import styles from './live.module.css';

type LiveListViewProps = { locale: Locale; categories: LiveCategoryView[]; query: ListQuery; list: LiveListItem[]; total: number };

export async function LiveListView({ locale, categories, query, list, total }: LiveListViewProps) {
  const t = await getTranslations({ locale, namespace: 'player.lists' });
  const path = '/liveMatches';
  return (
    <PageFrame title={t('liveTitle')} lead={total > 0 ? t('liveLead', { count: total }) : t('liveLeadNone')}>
      <CategoryNav path={path} categories={categories} query={query} allLabel={t('allLive')} />
      {list.length === 0 ? (
        <EmptyState
          icon={LiveIcon}
          title={query.category ? t('liveEmptyFiltered') : t('liveEmpty')}
          description={t('liveEmptyHint')}
          action={query.category ? { href: path, label: t('allLive') } : { href: '/liveMatchesReplay', label: t('watchReplays') }}
        />
      ) : (
        <ul className={styles.grid}>
          {list.map((live, index) => (
            <li key={live.live_id}>
              <LiveCard live={live} locale={locale} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} pages={Math.ceil(total / livePageSize)} hrefFor={(page) => listHref(path, { ...query, page })} />
    </PageFrame>
  );
}
