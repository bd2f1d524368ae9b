import 'server-only';
// Finding ffmpeg (FFMPEG_PATH, /usr/bin/ffmpeg, then PATH) and running it as a child that is always ended by
// its pid: SIGTERM lets ffmpeg close its files, SIGKILL follows if it lingers, and nothing outlives the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/server/log';

export type Ffmpeg = {
  path: string;
  /** ffprobe beside it, for durations; undefined when missing. */
  probePath?: string;
  version: string;
  /** The drawtext filter and a font for it: the demo's burned-in clock. */
  drawtextFont?: string;
};

const fontCandidates = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf',
];

let probed: { value: Ffmpeg | undefined } | undefined;

function candidates(): string[] {
  const configured = getEnv().FFMPEG_PATH;
  if (configured) return [configured];
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'ffmpeg'));
  return ['/usr/bin/ffmpeg', ...fromPath];
}

/** The ffmpeg this process uses, probed once; undefined when FFMPEG_PATH=off or none runs. */
export function findFfmpeg(): Ffmpeg | undefined {
  if (probed) return probed.value;
  let value: Ffmpeg | undefined;
  if (getEnv().FFMPEG_PATH !== 'off') {
    for (const candidate of candidates()) {
      const version = spawnSync(candidate, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000 });
      if (version.status !== 0) continue;
      const filters = spawnSync(candidate, ['-hide_banner', '-filters'], { encoding: 'utf8', timeout: 10_000 });
      const probe = path.join(path.dirname(candidate), 'ffprobe');
      value = {
        path: candidate,
        probePath: fs.existsSync(probe) ? probe : undefined,
        version: version.stdout.split('\n')[0] ?? '',
        drawtextFont: / drawtext /.test(filters.stdout ?? '') ? fontCandidates.find((font) => fs.existsSync(font)) : undefined,
      };
      break;
    }
  }
  probed = { value };
  return value;
}

export type ManagedProcess = {
  pid: number | undefined;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  running(): boolean;
  /** The last lines ffmpeg wrote to stderr. */
  output(): string;
  stop(graceMs?: number): Promise<void>;
};

const children = new Set<ChildProcess>();
// Whatever ends this process, no ffmpeg outlives it.
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

export function runFfmpeg(binary: string, args: string[], name: string): ManagedProcess {
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4096);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      log.warn('ffmpeg could not start', { name, error: error.message });
      children.delete(child);
      resolve(null);
    });
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null && children.has(child);
  return {
    pid: child.pid,
    exited,
    running,
    output: () => tail,
    async stop(graceMs = 5000) {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs ffmpeg or ffprobe to completion (remuxing, probing); rejects with its last output on failure. */
export async function runToCompletion(binary: string, args: string[], name: string, timeoutMs = 10 * 60_000): Promise<void> {
  const child = runFfmpeg(binary, args, name);
  const timer = setTimeout(() => void child.stop(1000), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${name} failed (exit ${code}): ${child.output().trim().split('\n').slice(-3).join(' | ')}`);
}

/** Duration of a media file in seconds, by ffprobe. */
export async function probeDuration(ffmpeg: Ffmpeg, file: string): Promise<number> {
  if (!ffmpeg.probePath) return 0;
  const child = spawn(ffmpeg.probePath, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  // An ffprobe that cannot start (removed, not executable) emits 'error': unheard, it would end the whole process.
  child.once('error', (error) => log.warn('ffprobe could not start', { file, error: error.message }));
  await new Promise((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  const seconds = Number.parseFloat(out);
  return Number.isFinite(seconds) ? seconds : 0;
}
