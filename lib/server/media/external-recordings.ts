import 'server-only';
// Recordings an external media server made (nginx-rtmp's `record` with `on_record_done`): the hook hands us the
// file, which moves into its live's recording folder, where the embedded pipeline's segments go too, so that one
// finalizer (the replays domain's) joins them into the replay when the live has ended.
import fs from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives } from '@/lib/db/schema';
import type { MediaPaths } from './paths';
import { streamNamePattern } from './signing';

type AdoptRefusal = 'no_record_dir' | 'bad_stream' | 'outside_record_dir' | 'not_a_recording' | 'no_live';
type AdoptedRecording = { ok: true; liveId: number; ended: boolean } | { ok: false; reason: AdoptRefusal };

/** The real path of `file` when it is a recording of `stream` inside `recordDir` (nginx-rtmp names them `<stream>-<n>.flv`). */
function recordingInside(recordDir: string, stream: string, file: string): string | undefined {
  let real: string;
  let root: string;
  try {
    real = fs.realpathSync(file);
    root = fs.realpathSync(recordDir);
  } catch {
    return undefined;
  }
  if (!real.startsWith(root + path.sep) || !fs.statSync(real).isFile()) return undefined;
  const name = path.basename(real);
  return name.endsWith('.flv') && (name === `${stream}.flv` || name.startsWith(`${stream}-`)) ? real : undefined;
}

/** A rename, or a copy when the media server records on another file system. */
function moveFile(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.copyFileSync(from, to);
    fs.rmSync(from, { force: true });
  }
}

/**
 * Takes a finished recording of `stream` into the recording folder of the stream's newest live (the open one, or the
 * one that just ended: nginx reports a recording once the publisher has gone, which ending a live causes).
 */
export async function adoptRecording(db: Db, recordDir: string | undefined, paths: MediaPaths, stream: string, file: string, now = Date.now()): Promise<AdoptedRecording> {
  if (!recordDir) return { ok: false, reason: 'no_record_dir' };
  if (!streamNamePattern.test(stream)) return { ok: false, reason: 'bad_stream' };
  const real = recordingInside(recordDir, stream, file);
  if (!real) return { ok: false, reason: fs.existsSync(file) ? 'outside_record_dir' : 'not_a_recording' };
  const [live] = await db.select({ id: lives.id, status: lives.status }).from(lives).where(eq(lives.stream, stream)).orderBy(desc(lives.id)).limit(1);
  if (!live) return { ok: false, reason: 'no_live' };
  const dir = path.join(paths.recordings, String(live.id));
  fs.mkdirSync(dir, { recursive: true });
  // Named by the time it arrived, as the pipeline names its segments: the finalizer joins them in that order.
  let target = path.join(dir, `${now}.flv`);
  for (let at = now + 1; fs.existsSync(target); at += 1) target = path.join(dir, `${at}.flv`);
  moveFile(real, target);
  return { ok: true, liveId: live.id, ended: live.status === 'ended' };
}
