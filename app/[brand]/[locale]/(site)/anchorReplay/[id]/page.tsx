// One anchor's replays (spec §2.2 /anchorReplay/{id}), newest first, each playable with seeking; ?replay={id} is a
// replay's own address: the page opens with its player, described as that replay for search engines and link previews.
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { listHref, parseListQuery, replayPageSize } from '@/components/live/list-query';
import { ReplayListView } from '@/components/live/replay-list-view';
import styles from '@/components/live/live.module.css';
import { EmptyState } from '@/components/ui/empty-state';
import { UserIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { Avatar } from '@/components/ui/avatar';
import { anchorInfoPath, anchorReplaysPath, replayPath, siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readAnchorInfo, readReplay, readReplayList } from '@/lib/server/public-pages/live-pages';
import type { ReplayItem } from '@/lib/validation/live';
import type { Locale } from '@/lib/i18n/locales';
import { formatDuration } from '@/components/live/replay-time';
import { hideCardScores } from '@/lib/server/public-pages/spoiler-free';

type AnchorReplayProps = { params: Promise<LocaleParams & { id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function anchorOf(id: string) {
  return /^[1-9]\d{0,14}$/.test(id) ? readAnchorInfo(Number(id)) : null;
}

/** The replay `?replay=` names, when it is this anchor's. */
async function openedReplay(anchorId: number, searchParams: AnchorReplayProps['searchParams'], locale: Locale): Promise<ReplayItem | null> {
  const asked = (await searchParams).replay;
  if (typeof asked !== 'string' || !/^[1-9]\d{0,8}$/.test(asked)) return null;
  const replay = await readReplay(Number(asked), locale);
  return replay?.anchor_id === anchorId ? replay : null;
}

export async function generateMetadata({ params, searchParams }: AnchorReplayProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const { id } = await params;
  const anchor = await anchorOf(id);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  const replay = anchor ? await openedReplay(anchor.id, searchParams, locale) : null;
  if (anchor && replay) {
    const title = replay.title || t('untitled', { name: anchor.nick_name });
    return pageMetadata({
      brand,
      brandName,
      locale,
      path: replayPath(replay),
      title,
      description: t('replayDescription', { title, name: anchor.nick_name, duration: formatDuration(replay.duration), brand: brandName }),
    });
  }
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: anchorReplaysPath(id),
    title: anchor ? t('anchorTitle', { name: anchor.nick_name }) : t('title'),
    description: t('description', { brand: brandName }),
    noIndex: !anchor,
  });
}

export default async function AnchorReplayPage({ params, searchParams }: AnchorReplayProps) {
  const { locale, spoilerFree } = await resolvePageContext(params);
  const anchor = await anchorOf((await params).id);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  if (!anchor) {
    const ta = await getTranslations({ locale, namespace: 'player.anchor' });
    return (
      <PageFrame title={t('title')}>
        <EmptyState icon={UserIcon} title={ta('notFound')} description={ta('notFoundHint')} action={{ href: siteRoutes.liveMatches, label: ta('browseLive') }} />
      </PageFrame>
    );
  }
  const { page } = parseListQuery(await searchParams);
  const path = anchorReplaysPath(anchor.id);
  const [{ list, total }, opened] = await Promise.all([
    readReplayList({ anchorId: anchor.id, categoryId: 0, page, size: replayPageSize, locale }),
    openedReplay(anchor.id, searchParams, locale),
  ]);
  return (
    <ReplayListView
      locale={locale}
      title={t('anchorTitle', { name: anchor.nick_name })}
      lead={t('lead', { count: total })}
      above={
        <Link href={anchorInfoPath(anchor.id)} className={styles.anchorChip} prefetch={false}>
          <Avatar src={anchor.avatar} name={anchor.nick_name} size={28} />
          {t('anchorProfile', { name: anchor.nick_name })}
        </Link>
      }
      replays={spoilerFree ? hideCardScores(list) : list}
      total={total}
      page={page}
      hrefFor={(next) => listHref(path, { page: next })}
      showAnchor={false}
      opened={opened && spoilerFree ? hideCardScores([opened])[0] : opened}
    />
  );
}
