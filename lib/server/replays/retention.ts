import 'server-only';
// How long recordings stay on disk (the jobs role, hourly): replays older than REPLAY_RETENTION_DAYS go, row and file
// (0 keeps them for ever), and the raw segments of a live that ended a week ago without becoming a replay (a remux
// that kept failing) are given up.
import fs from 'node:fs';
import path from 'node:path';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, replays } from '@/lib/db/schema';
import { log } from '@/lib/server/log';
import type { MediaPaths } from '@/lib/server/media/paths';
import { announceReplayChange, replayRemovedChannel } from './events';

/** An ended live's segments are retried at every media start; after this long they are not going to make a replay. */
const leftoverRecordingMs = 7 * 86_400_000;

export async function applyRecordingRetention(db: Db, paths: MediaPaths, options: { replayDays: number; now?: Date }): Promise<{ replays: number; recordings: number }> {
  const now = options.now ?? new Date();
  let removedReplays = 0;
  if (options.replayDays > 0) {
    const cutoff = new Date(now.getTime() - options.replayDays * 86_400_000);
    const gone = await db
      .delete(replays)
      .where(lt(replays.createdAt, cutoff))
      .returning({ id: replays.id, file: replays.file, liveId: replays.liveId, anchorId: replays.anchorId });
    for (const replay of gone) {
      fs.rmSync(path.join(paths.replays, path.basename(replay.file)), { force: true });
      await announceReplayChange(replayRemovedChannel, { replay_id: replay.id, live_id: replay.liveId, anchor_id: replay.anchorId });
    }
    removedReplays = gone.length;
  }

  let removedRecordings = 0;
  const dirs = fs.existsSync(paths.recordings) ? fs.readdirSync(paths.recordings).filter((name) => /^[1-9]\d{0,15}$/.test(name)) : [];
  for (const dir of dirs) {
    const [live] = await db.select({ status: lives.status, endedAt: lives.endedAt }).from(lives).where(eq(lives.id, Number(dir)));
    const abandoned = !live || (live.status === 'ended' && (live.endedAt ?? now).getTime() < now.getTime() - leftoverRecordingMs);
    if (!abandoned) continue;
    fs.rmSync(path.join(paths.recordings, dir), { recursive: true, force: true });
    removedRecordings += 1;
  }
  if (removedReplays + removedRecordings > 0) log.info('recordings removed by retention', { replays: removedReplays, recordings: removedRecordings });
  return { replays: removedReplays, recordings: removedRecordings };
}
