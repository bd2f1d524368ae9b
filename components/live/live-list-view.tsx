import 'server-only';
// /liveMatches: category navigation, then the rooms on air busiest first, or an empty state naming the filter. The
// cards' scores move in the browser, and the list re-renders when a room goes on or off air (ListLive).
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { EmptyState } from '@/components/ui/empty-state';
import { LiveIcon } from '@/components/shell/icons';
import type { Locale } from '@/lib/i18n/locales';
import type { LiveCategory, LiveListItem } from '@/lib/validation/live';
import { siteRoutes } from '@/lib/routes';
import { matchBoardLabels } from '@/components/matches/live-labels';
import { ListLive } from '@/components/matches/list-live';
import { CategoryNav } from './category-nav';
import { LiveCard } from './live-card';
import { listHref, livePageSize, type ListQuery } from './list-query';
import { Pager } from '@/components/shell/pager';
import styles from './live.module.css';

type LiveListViewProps = { locale: Locale; categories: LiveCategory[]; query: ListQuery; list: LiveListItem[]; total: number; onAir: string };

export async function LiveListView({ locale, categories, query, list, total, onAir }: LiveListViewProps) {
  const t = await getTranslations({ locale, namespace: 'player.lists' });
  const path = siteRoutes.liveMatches;
  const follow = new Map(list.flatMap(({ match }) => (match ? [[match.match_id, { id: match.match_id, status: match.status }] as const] : [])));
  return (
    <ListLive follow={[...follow.values()]} onAir={onAir} labels={await matchBoardLabels(locale)}>
      <PageFrame title={t('liveTitle')} lead={total > 0 ? t('liveLead', { count: total }) : t('liveLeadNone')}>
        <CategoryNav path={path} categories={categories} query={query} allLabel={t('allLive')} />
        {list.length === 0 ? (
          <EmptyState
            icon={LiveIcon}
            title={query.category ? t('liveEmptyFiltered') : t('liveEmpty')}
            description={t('liveEmptyHint')}
            action={query.category ? { href: path, label: t('allLive') } : { href: siteRoutes.liveMatchesReplay, label: t('watchReplays') }}
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
    </ListLive>
  );
}
