import 'server-only';
// Replays for /liveMatchesReplay, /anchorReplay/{id} and the anchor page: finished lives with a recording, but none an
// operator has hidden; and the moments of a replay's match on the recording's own clock, for its seek bar.
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, matchEvents, replays, users, type Live, type Replay } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { matchCards } from '@/lib/server/matches/cards';
import { toLiveEvent } from '@/lib/server/matches/live-derive';
import { replayScoreAt, type ReplayEvents, type ReplayItem, type ReplayList } from '@/lib/validation/live';
import { offsetInReplay } from './timeline';

/** A replay the site shows: not hidden by an operator (the console lists them all). */
export const onSite = isNull(replays.hiddenAt);

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
  const where = and(
    onSite,
    query.anchorId ? eq(replays.anchorId, query.anchorId) : undefined,
    query.categoryId ? eq(lives.categoryId, query.categoryId) : undefined,
  );
  const rows = await replayQuery(db)
    .where(where)
    .orderBy(desc(replays.createdAt), desc(replays.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ value: count() }).from(replays).innerJoin(lives, eq(lives.id, replays.liveId)).where(where);
  return { list: await toItems(db, rows, query.locale), total: total?.value ?? 0 };
}

export async function getReplay(db: Db, replayId: number, locale: Locale): Promise<ReplayItem> {
  const rows = await replayQuery(db).where(and(eq(replays.id, replayId), onSite));
  if (rows.length === 0) throw new AppError('live.errors.replayNotFound');
  const [item] = await toItems(db, rows, locale);
  return item;
}

/**
 * A replay's match as the recording shows it: each event at the second of the file that recorded the moment it was
 * written (`match_events.created_at`: the feed writes an event as it happens), the ones before the recording folded
 * into the score it began with, the ones after its end left out (they would tell what the recording does not show).
 */
export async function getReplayEvents(db: Db, replayId: number): Promise<ReplayEvents> {
  const [row] = await db
    .select({ replay: replays, matchId: lives.matchId, firstStreamAt: lives.firstStreamAt, startedAt: lives.startedAt })
    .from(replays)
    .innerJoin(lives, eq(lives.id, replays.liveId))
    .where(and(eq(replays.id, replayId), onSite));
  if (!row) throw new AppError('live.errors.replayNotFound');
  if (!row.matchId) return { start_score: null, events: [] };
  // Replays made before the timeline was kept: one stretch from the live's first stream.
  const stretches = row.replay.timeline.length > 0
    ? row.replay.timeline
    : [{ startedAtMs: (row.firstStreamAt ?? row.startedAt).getTime(), offsetSeconds: 0, seconds: row.replay.durationSeconds }];
  const facts = await db.select().from(matchEvents).where(eq(matchEvents.matchId, row.matchId)).orderBy(asc(matchEvents.seq));
  const before: ReplayEvents['events'] = [];
  const events: ReplayEvents['events'] = [];
  for (const fact of facts) {
    const offset = offsetInReplay(stretches, fact.createdAt.getTime());
    if (offset === 'after') continue;
    if (offset === 'before') before.push({ ...toLiveEvent(fact), offset: 0 });
    else events.push({ ...toLiveEvent(fact), offset: Math.round(offset * 10) / 10 });
  }
  // In the order the recording shows them (an event the feed corrected is written again, later than its neighbours).
  events.sort((a, b) => a.offset - b.offset || a.seq - b.seq);
  return { start_score: replayScoreAt({ start_score: null, events: before }, 0), events };
}
