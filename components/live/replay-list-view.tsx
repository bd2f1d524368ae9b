import 'server-only';
// A page of replays: /liveMatchesReplay (all anchors, by sport) and /anchorReplay/{id} (one anchor's).
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { EmptyState } from '@/components/ui/empty-state';
import { ReplayIcon } from '@/components/shell/icons';
import type { Locale } from '@/lib/i18n/locales';
import type { ReplayItem } from '@/lib/validation/live';
import { siteRoutes } from '@/lib/routes';
import { replayPageSize } from './list-query';
import { Pager } from '@/components/shell/pager';
import { ReplayList } from './replay-list';

type ReplayListViewProps = {
  locale: Locale;
  title: string;
  lead: string;
  /** Filters (all replays) or the anchor's card (one anchor's). */
  above?: ReactNode;
  replays: ReplayItem[];
  total: number;
  page: number;
  hrefFor: (page: number) => string;
  showAnchor: boolean;
  /** A replay whose player is open when the page loads (its own address). */
  opened?: ReplayItem | null;
};

export async function ReplayListView({ locale, title, lead, above, replays, total, page, hrefFor, showAnchor, opened = null }: ReplayListViewProps) {
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  return (
    <PageFrame title={title} lead={lead}>
      {above}
      {replays.length === 0 ? (
        <EmptyState icon={ReplayIcon} title={t('empty')} description={t('emptyHint')} action={{ href: siteRoutes.liveMatches, label: t('watchLive') }} />
      ) : (
        <ReplayList replays={replays} showAnchor={showAnchor} opened={opened} />
      )}
      <Pager page={page} pages={Math.ceil(total / replayPageSize)} hrefFor={hrefFor} />
    </PageFrame>
  );
}
