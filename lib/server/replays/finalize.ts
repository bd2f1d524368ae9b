import 'server-only';
// A finished live's recording becomes a replay: its segments (one per stretch the stream was up) are joined and
// remuxed to an MP4 with the index up front (faststart), so a player can seek at once with range requests; where each
// stretch sits in the file is kept, to place the match's events on the seek bar (timeline.ts).
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, replays, type Replay } from '@/lib/db/schema';
import { log } from '@/lib/server/log';
import { probeDuration, runToCompletion, type Ffmpeg } from '@/lib/server/media/ffmpeg';
import type { RecordingFinalizer } from '@/lib/server/media/types';
import type { MediaPaths } from '@/lib/server/media/paths';
import { announceReplayChange, replayReadyChannel } from './events';
import { stretchesOf } from './timeline';

/** Shorter recordings (a test push, a false start) are dropped rather than listed. */
const minReplaySeconds = 3;

const inProgress = new Set<number>();

function replayFileName(liveId: number): string {
  return `live-${liveId}.mp4`;
}

function segmentsOf(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+\.flv$/.test(name) && fs.statSync(path.join(dir, name)).size > 0)
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .map((name) => path.join(dir, name));
}


/** Turns the ended live's segments into its replay; a live still open (or unknown) is left alone. */
export async function finalizeRecording(db: Db, ffmpeg: Ffmpeg, paths: MediaPaths, liveId: number): Promise<Replay | undefined> {
  if (inProgress.has(liveId)) return undefined;
  inProgress.add(liveId);
  const dir = path.join(paths.recordings, String(liveId));
  try {
    const [live] = await db.select({ status: lives.status, anchorId: lives.anchorId }).from(lives).where(eq(lives.id, liveId));
    if (live && live.status !== 'ended') return undefined;
    const segments = segmentsOf(dir);
    if (!live || segments.length === 0) return undefined;
    fs.mkdirSync(paths.replays, { recursive: true });
    const output = path.join(paths.replays, replayFileName(liveId));
    const partial = `${output}.part.mp4`;
    const input =
      segments.length === 1
        ? ['-i', segments[0]]
        : (() => {
            const list = path.join(dir, 'segments.txt');
            fs.writeFileSync(list, segments.map((file) => `file '${file.replace(/'/g, "'\\''")}'`).join('\n'));
            return ['-f', 'concat', '-safe', '0', '-i', list];
          })();
    await runToCompletion(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', '-nostdin', ...input, '-c', 'copy', '-movflags', '+faststart', '-y', partial], 'replay remux');
    fs.renameSync(partial, output);
    const duration = await probeDuration(ffmpeg, output);
    if (duration < minReplaySeconds) {
      fs.rmSync(output, { force: true });
      return undefined;
    }
    // Segments are named by the millisecond they began (pipeline.ts, external-recordings.ts).
    const timeline = stretchesOf(
      segments.length === 1
        ? [{ startedAtMs: Number.parseInt(path.basename(segments[0]), 10), seconds: duration }]
        : await Promise.all(segments.map(async (file) => ({ startedAtMs: Number.parseInt(path.basename(file), 10), seconds: await probeDuration(ffmpeg, file) }))),
    );
    const [replay] = await db
      .insert(replays)
      .values({ liveId, anchorId: live.anchorId, file: replayFileName(liveId), durationSeconds: Math.round(duration), sizeBytes: fs.statSync(output).size, timeline })
      .onConflictDoNothing()
      .returning();
    log.info('replay ready', { liveId, seconds: Math.round(duration) });
    if (replay) await announceReplayChange(replayReadyChannel, { replay_id: replay.id, live_id: liveId, anchor_id: live.anchorId });
    return replay;
  } catch (error) {
    log.error('replay not made', { liveId, error: error instanceof Error ? error.message : String(error) });
    return undefined;
  } finally {
    // Segments of an open live stay for the next stretch; anything else is done with.
    const [still] = await db.select({ status: lives.status }).from(lives).where(eq(lives.id, liveId)).catch(() => []);
    if (!still || still.status === 'ended') fs.rmSync(dir, { recursive: true, force: true });
    inProgress.delete(liveId);
  }
}

/** Recordings left by a run that stopped before its lives ended (they ended while it was down). */
async function finalizePendingRecordings(db: Db, ffmpeg: Ffmpeg, paths: MediaPaths): Promise<void> {
  if (!fs.existsSync(paths.recordings)) return;
  for (const name of fs.readdirSync(paths.recordings)) {
    if (/^\d+$/.test(name)) await finalizeRecording(db, ffmpeg, paths, Number(name));
  }
}

/** What the embedded media server calls when a recording closes (handed to it by the media role). */
export const replayRecorder: RecordingFinalizer = { finalize: finalizeRecording, finalizePending: finalizePendingRecordings };
