import 'server-only';
// The state machine of a live (docs/live.md):
//   waiting ──stream up──► live ──stream down──► away ──stream up──► live
//   any open state ──endLive / away grace over / logout grace over / operator──► ended
// Each transition is one transaction on the row, then one event on the bus channel `live:state` (the media
// side and the realtime gateway follow it) and, on going live, AnchorStartLiveMessage in the live room.
import crypto from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { liveEndReasons, lives, liveStates, users, type Live, type LiveEndReason, type LiveState } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import type { AnchorStartLiveMessage } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { liveStatuses, type LiveStatus } from '@/lib/validation/live';
import { log } from '@/lib/server/log';

export const liveStateChannel = 'live:state';

/** What `live:state` carries. `ticketed`: HD (the source rendition) needs a spent ticket. */
export type LiveStateEvent = {
  live_id: number;
  anchor_id: number;
  stream: string;
  status: LiveState;
  ticketed: boolean;
  reason?: LiveEndReason;
};

const liveStateEventSchema = z.object({
  live_id: z.number(),
  anchor_id: z.number(),
  stream: z.string(),
  status: z.enum(liveStates),
  ticketed: z.boolean(),
  reason: z.enum(liveEndReasons).optional(),
});

export function parseLiveStateEvent(message: string): LiveStateEvent | undefined {
  try {
    const parsed = liveStateEventSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const openStates: readonly LiveState[] = ['waiting', 'live', 'away'];

/** What the media side knows about a stream when it comes up: the renditions on offer and whether HLS is written. */
/** What the media side reports when a stream comes up; `mediaNode` names the embedded process that received it. */
export type StreamMedia = { renditions: string[]; sourceHeight: number; hls: boolean; mediaNode?: string | null };

export function isTicketed(live: Pick<Live, 'ticket'>): boolean {
  return live.ticket > 0;
}

async function announce(db: Db, live: Live, announceStart: boolean): Promise<void> {
  const event: LiveStateEvent = {
    live_id: live.id,
    anchor_id: live.anchorId,
    stream: live.stream,
    status: live.status,
    ticketed: isTicketed(live),
    ...(live.endReason ? { reason: live.endReason } : {}),
  };
  const bus = getBus();
  try {
    await bus.publish(liveStateChannel, JSON.stringify(event));
    if (!announceStart) return;
    const [anchor] = await db.select({ nickName: users.nickName, avatar: users.avatar }).from(users).where(eq(users.id, live.anchorId));
    const message: Omit<AnchorStartLiveMessage, 'seq'> = {
      type: 'AnchorStartLiveMessage',
      groupId: liveRoomKey(live.anchorId),
      id: crypto.randomUUID(),
      data: { id: live.anchorId, nick_name: anchor?.nickName ?? '', avatar: anchor?.avatar ?? '' },
      send_time: Date.now(),
    };
    await bus.append(liveRoomKey(live.anchorId), JSON.stringify(message));
  } catch (error) {
    // The row is the truth; a lost event only delays what players show until they ask again.
    log.warn('live event not published', { liveId: live.id, status: live.status, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The stream came up (first time or after being away). Returns the live when it changed. */
export async function markStreamLive(db: Db, liveId: number, media?: StreamMedia, now = new Date()): Promise<Live | undefined> {
  const updated = await db.transaction(async (tx) => {
    const [live] = await tx.select().from(lives).where(eq(lives.id, liveId)).for('update');
    if (!live || (live.status !== 'waiting' && live.status !== 'away')) return undefined;
    const [row] = await tx
      .update(lives)
      .set({ status: 'live', awaySince: null, firstStreamAt: live.firstStreamAt ?? now, ...(media ?? {}) })
      .where(eq(lives.id, liveId))
      .returning();
    return row;
  });
  if (updated) await announce(db, updated, true);
  return updated;
}

/** The stream dropped: the anchor is away briefly until the grace period ends the live. */
export async function markStreamAway(db: Db, liveId: number, now = new Date()): Promise<Live | undefined> {
  const [updated] = await db
    .update(lives)
    .set({ status: 'away', awaySince: now })
    .where(and(eq(lives.id, liveId), eq(lives.status, 'live')))
    .returning();
  if (updated) await announce(db, updated, false);
  return updated;
}

/** Ends an open live; a live that already ended stays as it was. */
export async function finishLive(db: Db, liveId: number, reason: LiveEndReason, now = new Date()): Promise<Live | undefined> {
  const [updated] = await db
    .update(lives)
    .set({ status: 'ended', endedAt: now, endReason: reason, viewers: 0, autoEndAt: null, awaySince: null })
    .where(and(eq(lives.id, liveId), ne(lives.status, 'ended')))
    .returning();
  if (updated) await announce(db, updated, false);
  return updated;
}

export async function findOpenLive(db: Db, anchorId: number): Promise<Live | undefined> {
  const [live] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.anchorId, anchorId), inArray(lives.status, [...openStates])))
    .limit(1);
  return live;
}

export async function findOpenLiveByStream(db: Db, stream: string): Promise<Live | undefined> {
  const [live] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.stream, stream), inArray(lives.status, [...openStates])))
    .limit(1);
  return live;
}

/** Spec §4 live state as the player shows it: 0 not started, 1 live, 2 away briefly (the heatRep status). */
export function liveStatusOf(live: Pick<Live, 'status'> | undefined): LiveStatus {
  if (live?.status === 'live') return liveStatuses.live;
  if (live?.status === 'away') return liveStatuses.away;
  return liveStatuses.notStarted;
}

/** The open live of each of these anchors (at most one each), by anchor id. */
export async function openLivesByAnchor(db: Db, anchorIds: readonly number[]): Promise<Map<number, Live>> {
  if (anchorIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(lives)
    .where(and(inArray(lives.anchorId, [...anchorIds]), inArray(lives.status, [...openStates])));
  return new Map(rows.map((live) => [live.anchorId, live]));
}
