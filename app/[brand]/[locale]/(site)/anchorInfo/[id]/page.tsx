// The anchor page (spec §2.2 /anchorInfo/{id}): the anchor's card with follow, whether they are on air, their
// introduction and latest replays. The same for every visitor: rendered from data cached for 10 seconds.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame, PageSection } from '@/components/content/page-frame';
import { AnchorProfile } from '@/components/live/anchor-profile';
import { ReplayList } from '@/components/live/replay-list';
import styles from '@/components/live/live.module.css';
import { EmptyState } from '@/components/ui/empty-state';
import { ReplayIcon, UserIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { anchorInfoPath, anchorReplaysPath, siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readAnchorInfo, readReplayList } from '@/lib/server/public-pages/live-pages';
import { hideCardScores } from '@/lib/server/public-pages/spoiler-free';

type AnchorParams = Promise<LocaleParams & { id: string }>;

const latestReplays = 8;

async function anchorOf(id: string) {
  return /^[1-9]\d{0,14}$/.test(id) ? readAnchorInfo(Number(id)) : null;
}

export async function generateMetadata({ params }: { params: AnchorParams }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const { id } = await params;
  const anchor = await anchorOf(id);
  const t = await getTranslations({ locale, namespace: 'player.anchor' });
  if (!anchor) return pageMetadata({ brand, brandName, locale, path: anchorInfoPath(id), title: t('title'), description: t('notFoundHint'), noIndex: true });
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: anchorInfoPath(anchor.id),
    title: anchor.nick_name,
    description: anchor.profile || t('description', { name: anchor.nick_name, brand: brandName }),
  });
}

export default async function AnchorInfoPage({ params }: { params: AnchorParams }) {
  const { locale, spoilerFree } = await resolvePageContext(params);
  const anchor = await anchorOf((await params).id);
  const t = await getTranslations({ locale, namespace: 'player.anchor' });
  if (!anchor) {
    return (
      <PageFrame title={t('title')}>
        <EmptyState icon={UserIcon} title={t('notFound')} description={t('notFoundHint')} action={{ href: siteRoutes.liveMatches, label: t('browseLive') }} />
      </PageFrame>
    );
  }
  // One read gives the list and its count, so the card's "N replays" and the list cannot disagree.
  const { list, total } = await readReplayList({ anchorId: anchor.id, categoryId: 0, page: 1, size: latestReplays, locale });
  return (
    <PageFrame title={t('title')}>
      <AnchorProfile anchor={anchor} replayCount={total} locale={locale} />
      <PageSection
        id="anchor-replays"
        title={t('replaysTitle')}
        action={
          total > 0 ? (
            <Link href={anchorReplaysPath(anchor.id)} className={styles.more} prefetch={false}>
              {t('allReplays', { count: total })}
            </Link>
          ) : undefined
        }
      >
        {list.length > 0 ? <ReplayList replays={spoilerFree ? hideCardScores(list) : list} showAnchor={false} /> : <EmptyState icon={ReplayIcon} title={t('noReplays')} description={t('noReplaysHint')} />}
      </PageSection>
    </PageFrame>
  );
}
