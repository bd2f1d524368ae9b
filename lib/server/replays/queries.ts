import 'server-only';
// Replays for /liveMatchesReplay, /anchorReplay/{id} and the anchor page: finished lives with a recording.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, replays, users, type Live, type Replay } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { matchCards } from '@/lib/server/matches/cards';
import type { ReplayItem, ReplayList } from '@/lib/validation/live';

function replayQuery(db: Db) {
  return db
    .select({ replay: replays, live: lives, nickName: users.nickName, avatar: users.avatar })
    .from(replays)
    .innerJoin(lives, eq(lives.id, replays.liveId))
    .innerJoin(users, eq(users.id, replays.anchorId));
}

type Row = { replay: Replay; live: Live; nickName: string; avatar: string };

async function toItems(db: Db, rows: Row[], locale: Locale): Promise<ReplayItem[]> {
  const cards = await matchCards(db, rows.flatMap(({ live }) => (live.matchId ? [live.matchId] : [])), locale);
  return rows.map(({ replay, live, nickName, avatar }) => ({
    id: replay.id,
    live_id: live.id,
    anchor_id: replay.anchorId,
    nick_name: nickName,
    avatar,
    title: live.title,
    cover: live.cover || live.coverVertical,
    category_id: live.categoryId,
    child_category_id: live.childCategoryId,
    duration: replay.durationSeconds,
    size: replay.sizeBytes,
    started_at: Math.floor((live.firstStreamAt ?? live.startedAt).getTime() / 1000),
    ended_at: live.endedAt ? Math.floor(live.endedAt.getTime() / 1000) : 0,
    url: `/api/media/replays/${replay.id}.mp4`,
    match: live.matchId ? (cards.get(live.matchId) ?? null) : null,
  }));
}

export async function listReplays(
  db: Db,
  query: { anchorId: number; categoryId: number; page: number; size: number; locale: Locale },
): Promise<ReplayList> {
  const where = and(query.anchorId ? eq(replays.anchorId, query.anchorId) : undefined, query.categoryId ? eq(lives.categoryId, query.categoryId) : undefined);
  const rows = await replayQuery(db)
    .where(where)
    .orderBy(desc(replays.createdAt), desc(replays.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ value: count() }).from(replays).innerJoin(lives, eq(lives.id, replays.liveId)).where(where);
  return { list: await toItems(db, rows, query.locale), total: total?.value ?? 0 };
}

export async function getReplay(db: Db, replayId: number, locale: Locale): Promise<ReplayItem> {
  const rows = await replayQuery(db).where(eq(replays.id, replayId));
  if (rows.length === 0) throw new AppError('live.errors.replayNotFound');
  const [item] = await toItems(db, rows, locale);
  return item;
}
