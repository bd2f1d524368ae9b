import 'server-only';
// The ffmpeg pipeline of a live while its stream is up, one process: it pulls the source from the embedded
// server and writes the source as HLS (copied, no re-encode), each lower rung of the ladder once encoded and
// sent both back to the server (HTTP-FLV) and to HLS, and a copy of the source to a recording segment.
import fs from 'node:fs';
import path from 'node:path';
import { runFfmpeg, type Ffmpeg, type ManagedProcess } from './ffmpeg';
import type { MediaPaths } from './paths';
import { renditionStream } from './renditions';
import type { Rendition } from '@/lib/validation/live';
import { internalToken } from './signing';

export const hlsSegmentSeconds = 2;
const hlsListSize = 6;

const rungBitrates: Record<Exclude<Rendition, 'src'>, { video: string; max: string; buffer: string }> = {
  '720': { video: '2500k', max: '2800k', buffer: '5000k' },
  '480': { video: '1000k', max: '1200k', buffer: '2000k' },
};

export type PipelinePlan = {
  stream: string;
  liveId: number;
  renditions: Rendition[];
  /** Write a recording segment of the source. */
  record: boolean;
  rtmpPort: number;
  paths: MediaPaths;
};

function internalUrl(rtmpPort: number, name: string): string {
  return `rtmp://127.0.0.1:${rtmpPort}/live/${name}?internal=${internalToken(name)}`;
}

function hlsOptions(dir: string): string {
  // Segment numbers start at the epoch second, so a restarted pipeline never reuses a name a player cached.
  return [
    'f=hls',
    `hls_time=${hlsSegmentSeconds}`,
    `hls_list_size=${hlsListSize}`,
    'hls_flags=delete_segments+append_list+omit_endlist+independent_segments',
    'hls_start_number_source=epoch',
    `hls_segment_filename=${path.join(dir, '%d.ts')}`,
  ].join(':');
}

/** The ffmpeg arguments for a plan (exported for the tests that read them). */
function pipelineArgs(plan: PipelinePlan, recordFile: string | undefined): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-rw_timeout', '15000000', '-i', internalUrl(plan.rtmpPort, plan.stream)];
  const sourceDir = path.join(plan.paths.hls, plan.stream, 'src');
  args.push('-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-f', 'tee', `[${hlsOptions(sourceDir)}]${path.join(sourceDir, 'index.m3u8')}`);
  for (const rendition of plan.renditions) {
    if (rendition === 'src') continue;
    const dir = path.join(plan.paths.hls, plan.stream, rendition);
    const rate = rungBitrates[rendition];
    args.push(
      '-map', '0:v:0', '-map', '0:a:0?',
      '-vf', `scale=-2:${rendition}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-b:v', rate.video, '-maxrate', rate.max, '-bufsize', rate.buffer,
      // The source's ingest-clock SEI on each frame goes through to the rung (ingest-clock.ts).
      '-udu_sei', '1',
      // A key frame every segment, so HLS cuts cleanly and an FLV player starts within one segment.
      '-force_key_frames', `expr:gte(t,n_forced*${hlsSegmentSeconds})`, '-sc_threshold', '0',
      '-c:a', 'aac', '-b:a', '96k', '-ar', '44100',
      // The tee muxer does not ask the encoders for global headers as FLV would on its own: without them x264
      // leaves the FLV's AVC sequence header empty and no player decodes the rung (issue 18).
      '-flags:v', '+global_header', '-flags:a', '+global_header',
      '-f', 'tee',
      `[f=flv:onfail=ignore]${internalUrl(plan.rtmpPort, renditionStream(plan.stream, rendition))}|[${hlsOptions(dir)}]${path.join(dir, 'index.m3u8')}`,
    );
  }
  if (recordFile) args.push('-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-flvflags', 'no_duration_filesize', '-f', 'flv', recordFile);
  return args;
}

/** Starts the pipeline; the recording segment is named by its start so segments concatenate in order. */
export function startPipeline(ffmpeg: Ffmpeg, plan: PipelinePlan): ManagedProcess {
  for (const rendition of plan.renditions) fs.mkdirSync(path.join(plan.paths.hls, plan.stream, rendition), { recursive: true });
  let recordFile: string | undefined;
  if (plan.record) {
    const dir = path.join(plan.paths.recordings, String(plan.liveId));
    fs.mkdirSync(dir, { recursive: true });
    recordFile = path.join(dir, `${Date.now()}.flv`);
  }
  return runFfmpeg(ffmpeg.path, pipelineArgs(plan, recordFile), `pipeline ${plan.stream}`);
}

export function removeHls(paths: MediaPaths, stream: string): void {
  fs.rmSync(path.join(paths.hls, stream), { recursive: true, force: true });
}
