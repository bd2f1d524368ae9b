import 'server-only';
// What the live room (/liveMatchesTwo/{anchor id}) and the lists show: anchor, live state, linked match, heat
// and, per viewer, the play addresses (HD only with a spent ticket, signed for that viewer). The replies' shapes
// are in lib/validation/live.ts.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorRooms, lives, users, watchHistory, type Live } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';

import { AppError } from '@/lib/server/http/errors';
import { matchCards } from '@/lib/server/matches/cards';
import { coverSrcSet, matchCoverUrl } from '@/lib/server/news/covers';
import { anchorCard } from '@/lib/server/follows/follows';
import { getMediaAddresses } from '@/lib/server/media/registry';
import { isRendition, qualityLabel } from '@/lib/server/media/renditions';
import { signHdPlay, type HdViewer } from '@/lib/server/media/signing';
import type { RequestSite } from '@/lib/server/media/types';
import { hasTicketGrant } from '@/lib/server/tickets/ledger';
import {
  hdTicketCost,
  type LiveList,
  type PlayInfo,
  type Quality,
  type Rendition,
  type RoomInfo,
  type WatchHistoryItem,
} from '@/lib/validation/live';
import { findOpenLive, isTicketed, liveStatusOf, openLivesByAnchor } from '@/lib/server/live-state/state';

const noPlay: PlayInfo = { flv: '', hls: '', qualities: [] };

/** The addresses this viewer may play; a ticketed live's source (HD) is locked until they spent a ticket. */
export function playInfo(live: Live, site: RequestSite, viewer: (HdViewer & { hd: boolean }) | undefined): PlayInfo {
  if (live.status !== 'live' && live.status !== 'away') return noPlay;
  const media = getMediaAddresses();
  const renditions = live.renditions.filter(isRendition);
  const qualities = (renditions.length ? renditions : (['src'] as Rendition[])).map((rendition): Quality => {
    const hd = rendition === 'src' && isTicketed(live);
    const locked = hd && !(viewer && viewer.hd);
    const query = hd && viewer && !locked ? signHdPlay(live.stream, viewer) : undefined;
    const address = locked ? { flv: '', hls: '' } : media.playAddress(live.stream, rendition, site, { hls: live.hls, query });
    return { name: qualityLabel(rendition, live.sourceHeight), rendition, hd: hd ? 1 : 0, locked: locked ? 1 : 0, ...address };
  });
  const first = qualities.find((quality) => !quality.locked);
  return { flv: first?.flv ?? '', hls: first?.hls ?? '', qualities };
}

/**
 * /api/live/getRoomInfo. With `recordVisit` (a POST, as the room page sends) a signed-in viewer's visit is added
 * to their watch history; a GET only reads, so a link or an image on another site cannot write it.
 */
export async function getRoomInfo(
  db: Db,
  anchorId: number,
  viewer: HdViewer | undefined,
  locale: Locale,
  site: RequestSite,
  options: { recordVisit: boolean } = { recordVisit: false },
): Promise<RoomInfo> {
  const viewerId = viewer?.id;
  const [anchor] = await db.select().from(users).where(eq(users.id, anchorId));
  if (!anchor || (anchor.role !== 'anchor' && anchor.role !== 'operator')) throw new AppError('live.errors.anchorNotFound');
  const [room] = await db.select().from(anchorRooms).where(eq(anchorRooms.anchorId, anchorId));
  const live = await findOpenLive(db, anchorId);
  const ticketed = live ? isTicketed(live) : false;
  const granted = Boolean(live && viewerId && ticketed && (await hasTicketGrant(db, viewerId, live.id)));
  const matchId = live?.matchId ?? room?.matchId ?? null;
  const match = matchId ? ((await matchCards(db, [matchId], locale)).get(matchId) ?? null) : null;
  if (options.recordVisit && viewerId && live && viewerId !== anchorId) {
    const visit = { liveId: live.id, watchedAt: new Date() };
    await db.insert(watchHistory).values({ userId: viewerId, anchorId, ...visit }).onConflictDoUpdate({ target: [watchHistory.userId, watchHistory.anchorId], set: visit });
  }
  // A live without a cover of its own shows its match's, as the match's pages do.
  const cover = live?.cover || room?.cover || (match ? matchCoverUrl(match.match_id) : '');
  return {
    anchor: await anchorCard(db, anchor, viewerId),
    title: live?.title ?? room?.title ?? '',
    cover,
    cover_srcset: coverSrcSet(cover),
    live: live
      ? {
          live_id: live.id,
          state: live.status,
          live_status: liveStatusOf(live),
          title: live.title,
          category_id: live.categoryId,
          child_category_id: live.childCategoryId,
          cover: live.cover,
          cover_v: live.coverVertical,
          started_at: Math.floor(live.startedAt.getTime() / 1000),
          stream_started_at: live.firstStreamAt ? Math.floor(live.firstStreamAt.getTime() / 1000) : 0,
        }
      : null,
    live_status: liveStatusOf(live),
    match,
    heat: live?.viewers ?? 0,
    play: live ? playInfo(live, site, viewer ? { ...viewer, hd: granted || viewer.id === anchorId } : undefined) : noPlay,
    ticket: { required: ticketed ? 1 : 0, cost: hdTicketCost, granted: granted ? 1 : 0, ticket: live?.ticket ?? 0 },
  };
}

/** /liveMatches: lives on air (live or away), busiest first, by category and secondary category (0 = all). */
export async function listLives(
  db: Db,
  query: { categoryId: number; childCategoryId: number; page: number; size: number; locale: Locale },
): Promise<LiveList> {
  const where = and(
    inArray(lives.status, ['live', 'away']),
    query.categoryId ? eq(lives.categoryId, query.categoryId) : undefined,
    query.childCategoryId ? eq(lives.childCategoryId, query.childCategoryId) : undefined,
  );
  const rows = await db
    .select({ live: lives, nickName: users.nickName, avatar: users.avatar })
    .from(lives)
    .innerJoin(users, eq(users.id, lives.anchorId))
    .where(where)
    .orderBy(desc(lives.viewers), asc(lives.firstStreamAt), asc(lives.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ value: count() }).from(lives).where(where);
  const cards = await matchCards(db, rows.flatMap(({ live }) => (live.matchId ? [live.matchId] : [])), query.locale);
  return {
    total: total?.value ?? 0,
    list: rows.map(({ live, nickName, avatar }) => ({
      live_id: live.id,
      anchor_id: live.anchorId,
      nick_name: nickName,
      avatar,
      title: live.title,
      cover: live.cover,
      cover_v: live.coverVertical,
      category_id: live.categoryId,
      child_category_id: live.childCategoryId,
      live_status: liveStatusOf(live),
      heat: live.viewers,
      ticket: live.ticket,
      match: live.matchId ? (cards.get(live.matchId) ?? null) : null,
    })),
  };
}

/**
 * The lives on air and whether each is live or away, as one string ("12:live,15:away"): two renders of a list
 * that agree on it show the same rooms.
 */
export async function onAirSignature(db: Db): Promise<string> {
  const rows = await db
    .select({ id: lives.id, status: lives.status })
    .from(lives)
    .where(inArray(lives.status, ['live', 'away']))
    .orderBy(asc(lives.id));
  return rows.map((row) => `${row.id}:${row.status}`).join(',');
}

/** /user-center/watchHistory: the rooms the caller opened, newest first, with whether each is on air now. */
export async function listWatchHistory(db: Db, userId: number, page: number, size: number): Promise<WatchHistoryItem[]> {
  const rows = await db
    .select({ entry: watchHistory, nickName: users.nickName, avatar: users.avatar })
    .from(watchHistory)
    .innerJoin(users, eq(users.id, watchHistory.anchorId))
    .where(eq(watchHistory.userId, userId))
    .orderBy(desc(watchHistory.watchedAt))
    .limit(size)
    .offset((page - 1) * size);
  const openBy = await openLivesByAnchor(db, rows.map((row) => row.entry.anchorId));
  return rows.map(({ entry, nickName, avatar }) => {
    const live = openBy.get(entry.anchorId);
    return {
      anchor_id: entry.anchorId,
      nick_name: nickName,
      avatar,
      title: live?.title ?? '',
      live_status: liveStatusOf(live),
      watched_at: Math.floor(entry.watchedAt.getTime() / 1000),
    };
  });
}

export async function clearWatchHistory(db: Db, userId: number): Promise<void> {
  await db.delete(watchHistory).where(eq(watchHistory.userId, userId));
}
