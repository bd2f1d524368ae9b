import 'server-only';
// What the media server asks us, whichever server it is: may this encoder publish (the anchor's current
// stream name, its key, and an open live), the stream came up or went down, and may this viewer play.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, ticketGrants, type Live } from '@/lib/db/schema';
import type { Rendition } from '@/lib/validation/live';
import { liveSessionUsers } from '@/lib/server/session/sessions';
import { findOpenLiveByStream, isTicketed, markStreamAway, markStreamLive, openStates, type StreamMedia } from '@/lib/server/live-state/state';
import { checkHdPlay, isAnchorSecret } from './signing';
import { parseRenditionStream } from './renditions';
import { findStreamKey } from './stream-keys';

type PublishRefusal = 'bad_key' | 'unknown_stream' | 'revoked' | 'no_open_live';
export type PublishDecision = { ok: true; live: Live } | { ok: false; reason: PublishRefusal };

/** A publish needs the key of a current (not revoked) stream name and an open live on it (startLive first). */
export async function authorizePublish(db: Db, stream: string, key: string | undefined): Promise<PublishDecision> {
  if (!isAnchorSecret(stream, key)) return { ok: false, reason: 'bad_key' };
  const row = await findStreamKey(db, stream);
  if (!row) return { ok: false, reason: 'unknown_stream' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  const live = await findOpenLiveByStream(db, stream);
  if (!live || live.anchorId !== row.anchorId) return { ok: false, reason: 'no_open_live' };
  return { ok: true, live };
}

/** An authorised stream is up: the live turns live (from waiting or away). */
export async function streamStarted(db: Db, live: Live, media?: StreamMedia): Promise<void> {
  await markStreamLive(db, live.id, media);
}

/** The publisher went away: the live waits for it through the grace period (the jobs role ends it after). */
export async function streamStopped(db: Db, stream: string, now = new Date()): Promise<void> {
  const live = await findOpenLiveByStream(db, stream);
  if (live) await markStreamAway(db, live.id, now);
}

/**
 * A rung of the ladder came up on an external server (its own ffmpeg publishes "<stream>_720" etc.): players are
 * offered it from now on. `sourceHeight` is what that ffmpeg measured of the source (0: not said), which names
 * the source's rung (1080p, 720p). False when the stream has no open live.
 */
export async function rungStarted(db: Db, stream: string, rung: Exclude<Rendition, 'src'>, sourceHeight: number): Promise<boolean> {
  const [row] = await db
    .update(lives)
    .set({
      // Kept in the ladder's order (src, 720, 480) whatever order the rungs arrive in.
      renditions: sql`(select coalesce(jsonb_agg(r order by array_position(array['src','720','480'], r)), '[]'::jsonb) from (select distinct jsonb_array_elements_text(${lives.renditions} || ${JSON.stringify([rung])}::jsonb) as r) as rungs)`,
      ...(sourceHeight > 0 ? { sourceHeight } : {}),
    })
    .where(and(eq(lives.stream, stream), inArray(lives.status, [...openStates])))
    .returning({ id: lives.id });
  return Boolean(row);
}

/** That rung went down (its ffmpeg ended): players are no longer sent to it. */
export async function rungStopped(db: Db, stream: string, rung: Exclude<Rendition, 'src'>): Promise<void> {
  await db
    .update(lives)
    .set({ renditions: sql`${lives.renditions} - ${rung}::text` })
    .where(and(eq(lives.stream, stream), inArray(lives.status, [...openStates])));
}

type PlayRefusal = 'no_open_live' | 'unsigned' | 'expired' | 'forged' | 'no_ticket' | 'session_ended';

/**
 * Whether the viewer an HD address was signed for may still watch this live's HD: the sign-in session it was issued
 * to is live (logging out ends every HD address of that session), and the viewer holds this live's ticket grant or
 * is its anchor. Checked by every HD path: the external play hook, HLS requests, the embedded FLV server.
 */
export async function hdViewerAllowed(db: Db, live: Pick<Live, 'id' | 'anchorId'>, uid: number, sid: number): Promise<'ok' | 'no_ticket' | 'session_ended'> {
  if ((await liveSessionUsers(db, [sid])).get(sid) !== uid) return 'session_ended';
  if (uid === live.anchorId) return 'ok';
  const [grant] = await db
    .select({ id: ticketGrants.id })
    .from(ticketGrants)
    .where(and(eq(ticketGrants.userId, uid), eq(ticketGrants.liveId, live.id)))
    .limit(1);
  return grant ? 'ok' : 'no_ticket';
}
export type PlayDecision = { ok: true; hd: boolean; uid?: number } | { ok: false; reason: PlayRefusal };

/**
 * A played name is a live's stream or one of its renditions ("…_480"). Renditions below the source are free;
 * the source of a ticketed live (HD) needs a URL signed for this stream, viewer and session, unexpired, that
 * session still live, and that viewer's spent ticket for this live (or being its anchor).
 */
export async function authorizePlay(db: Db, name: string, query: Record<string, string | string[] | undefined>, now = Date.now()): Promise<PlayDecision> {
  const { stream, rendition } = parseRenditionStream(name);
  const live = await findOpenLiveByStream(db, stream);
  if (!live) return { ok: false, reason: 'no_open_live' };
  if (rendition !== 'src' || !isTicketed(live)) return { ok: true, hd: false };
  const check = checkHdPlay(stream, query, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const allowed = await hdViewerAllowed(db, live, check.uid, check.sid);
  return allowed === 'ok' ? { ok: true, hd: true, uid: check.uid } : { ok: false, reason: allowed };
}
