import 'server-only';
// The anchor's own view of their lives (docs/live.md "The anchor's studio"): while a live is open, its state and
// what the encoder sends; once it ended, a summary with the replay's progress. Each acts on the caller's lives only.
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorFollows, lives, replays, type Live } from '@/lib/db/schema';
import type { Bus } from '@/lib/realtime/bus';
import { AppError } from '@/lib/server/http/errors';
import { latestEncoderSample } from '@/lib/server/media/encoder-stats';
import { mediaPaths } from '@/lib/server/media/paths';
import type { EncoderStatus, LiveSummary, ReplayState } from '@/lib/validation/anchor-studio';
import { findOpenLive } from '@/lib/server/live-state/state';

const unix = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : 0);

/** POST /api/live/encoderStatus. Figures come only while the live is on air and the media server reports them. */
export async function getEncoderStatus(db: Db, bus: Bus, anchorId: number, awayGraceSeconds: number): Promise<EncoderStatus> {
  const live = await findOpenLive(db, anchorId);
  // findOpenLive finds no ended live; the test narrows the state's type.
  if (!live || live.status === 'ended') return { live: null, encoder: null };
  const encoder = live.status === 'live' ? ((await latestEncoderSample(bus, live.id)) ?? null) : null;
  return {
    live: {
      live_id: live.id,
      title: live.title,
      state: live.status,
      started_at: unix(live.startedAt),
      stream_started_at: unix(live.firstStreamAt),
      // The jobs role's sweep ends an away live once the grace period is over (auto-end.ts).
      ends_at: live.status === 'away' && live.awaySince ? unix(live.awaySince) + awayGraceSeconds : 0,
      viewers: live.viewers,
      peak_viewers: live.peakViewers,
    },
    encoder,
  };
}

/**
 * Where the recording of an ended live stands. The media role removes a live's recording folder once it has
 * turned it into a replay or dropped it (too short, failed), so the folder still being there means "processing";
 * it is read from the shared DATA_DIR/media, whichever process runs the media role.
 */
function replayState(live: Live, replay: { id: number } | undefined, dataDir: string): ReplayState {
  if (replay) return 'ready';
  return fs.existsSync(path.join(mediaPaths(dataDir).recordings, String(live.id))) ? 'processing' : 'none';
}

/** POST /api/live/liveSummary: one of the caller's ended lives; anyone else's is "not found", whatever its id. */
export async function getLiveSummary(db: Db, anchorId: number, liveId: number, dataDir: string): Promise<LiveSummary> {
  const [live] = await db
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.anchorId, anchorId)));
  if (!live) throw new AppError('live.errors.liveNotFound');
  if (live.status !== 'ended' || !live.endedAt) throw new AppError('live.errors.liveStillOpen');
  const [[followers], [replay]] = await Promise.all([
    db
      .select({ value: count() })
      .from(anchorFollows)
      .where(and(eq(anchorFollows.anchorId, anchorId), gte(anchorFollows.createdAt, live.startedAt), lte(anchorFollows.createdAt, live.endedAt))),
    db.select({ id: replays.id, durationSeconds: replays.durationSeconds }).from(replays).where(eq(replays.liveId, live.id)),
  ]);
  const onAirFrom = live.firstStreamAt ?? live.endedAt;
  return {
    live_id: live.id,
    anchor_id: live.anchorId,
    title: live.title,
    started_at: unix(live.startedAt),
    ended_at: unix(live.endedAt),
    duration: Math.max(0, Math.round((live.endedAt.getTime() - onAirFrom.getTime()) / 1000)),
    peak_viewers: live.peakViewers,
    new_followers: followers?.value ?? 0,
    replay: { state: replayState(live, replay, dataDir), replay_id: replay?.id ?? 0, duration: replay?.durationSeconds ?? 0 },
  };
}
