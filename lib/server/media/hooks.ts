import 'server-only';
// What the media server asks us, whichever server it is: may this encoder publish (the anchor's current
// stream name, its key, and an open live), the stream came up or went down, and may this viewer play.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { ticketGrants, type Live } from '@/lib/db/schema';
import { findOpenLiveByStream, isTicketed, markStreamAway, markStreamLive, type StreamMedia } from '@/lib/server/live/state';
import { checkHdPlay, isAnchorSecret } from './signing';
import { parseRenditionStream } from './renditions';
import { findStreamKey } from './stream-keys';

export type PublishRefusal = 'bad_key' | 'unknown_stream' | 'revoked' | 'no_open_live';
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

export type PlayRefusal = 'no_open_live' | 'unsigned' | 'expired' | 'forged' | 'no_ticket';
export type PlayDecision = { ok: true; hd: boolean; uid?: number } | { ok: false; reason: PlayRefusal };

/**
 * A played name is a live's stream or one of its renditions ("…_480"). Renditions below the source are free;
 * the source of a ticketed live (HD) needs a URL signed for this stream and viewer, unexpired, and that viewer's
 * spent ticket for this live.
 */
export async function authorizePlay(db: Db, name: string, query: Record<string, string | string[] | undefined>, now = Date.now()): Promise<PlayDecision> {
  const { stream, rendition } = parseRenditionStream(name);
  const live = await findOpenLiveByStream(db, stream);
  if (!live) return { ok: false, reason: 'no_open_live' };
  if (rendition !== 'src' || !isTicketed(live)) return { ok: true, hd: false };
  const check = checkHdPlay(stream, query, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const [grant] = await db
    .select({ id: ticketGrants.id })
    .from(ticketGrants)
    .where(and(eq(ticketGrants.userId, check.uid), eq(ticketGrants.liveId, live.id)))
    .limit(1);
  return grant ? { ok: true, hd: true, uid: check.uid } : { ok: false, reason: 'no_ticket' };
}
