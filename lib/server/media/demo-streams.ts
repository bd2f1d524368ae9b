import 'server-only';
// Demo pushers: one ffmpeg per demo live sends a 1280×720 test pattern with a tone and, when drawtext and a
// font exist, the wall clock (UTC, milliseconds) burned in for latency readings. Each pushes with its anchor's
// key like any encoder; a pusher that stops is started again while its live is open, and all stop with the server.
import type { Db } from '@/lib/db';
import type { Live } from '@/lib/db/schema';
import { log } from '@/lib/server/log';
import { findOpenLiveByStream } from '@/lib/server/live-state/state';
import { runFfmpeg, type Ffmpeg, type ManagedProcess } from './ffmpeg';
import { anchorSecretFor } from './signing';

/** Arguments of a test-pattern pusher (also used by scripts/demo-streams.ts and the media tests). */
export function testPatternArgs(ffmpeg: Ffmpeg, target: string, options: { size?: string; label?: string; now?: number } = {}): string[] {
  const now = options.now ?? Date.now();
  // drawtext's pts:hms with an offset: the frame's time plus the wall clock (seconds since UTC midnight) at start.
  const offset = ((now % 86_400_000) / 1000).toFixed(3);
  // The label goes inside a filter argument: only characters that need no escaping there.
  const label = (options.label ?? 'SPORTCAST DEMO').replace(/[^A-Za-z0-9 ._-]/g, '').slice(0, 40);
  const clock = ffmpeg.drawtextFont
    ? [
        '-vf',
        `drawtext=fontfile=${ffmpeg.drawtextFont}:text='${label}  %{pts\\:hms\\:${offset}} UTC':x=40:y=40:fontsize=44:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12`,
      ]
    : [];
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=${options.size ?? '1280x720'}:rate=30`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    ...clock,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-g', '60', '-keyint_min', '60', '-sc_threshold', '0', '-b:v', '1500k', '-maxrate', '1500k', '-bufsize', '3000k',
    '-c:a', 'aac', '-b:a', '64k', '-ar', '44100',
    '-f', 'flv', target,
  ];
}

export type DemoStreams = { stop(): Promise<void>; pids(): number[] };

/** Pushes one test pattern per live given (the demo lives the seed opens); `db` tells when a live has ended. */
export async function startDemoStreams(db: Db, lives: readonly Live[], ffmpeg: Ffmpeg, rtmpPort: number): Promise<DemoStreams> {
  const pushers = new Map<string, ManagedProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping = false;

  const push = (stream: string) => {
    if (stopping) return;
    const target = `rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=${anchorSecretFor(stream)}`;
    const pusher = runFfmpeg(ffmpeg.path, testPatternArgs(ffmpeg, target), `demo ${stream}`);
    pushers.set(stream, pusher);
    void pusher.exited.then(async () => {
      if (stopping || pushers.get(stream) !== pusher) return;
      pushers.delete(stream);
      // Ended by someone (endLive, an operator): this pusher's work is done until the next start.
      if (!(await findOpenLiveByStream(db, stream).catch(() => undefined))) return;
      log.warn('demo stream stopped; restarting', { stream, output: pusher.output().trim().split('\n').slice(-1)[0] ?? '' });
      const timer = setTimeout(() => {
        timers.delete(timer);
        push(stream);
      }, 5000);
      timers.add(timer);
    });
  };

  for (const live of lives) push(live.stream);
  log.info('demo streams pushing', { streams: lives.length, clock: Boolean(ffmpeg.drawtextFont) });
  return {
    pids: () => [...pushers.values()].flatMap((pusher) => (pusher.pid ? [pusher.pid] : [])),
    async stop() {
      stopping = true;
      timers.forEach(clearTimeout);
      await Promise.all([...pushers.values()].map((pusher) => pusher.stop()));
      pushers.clear();
    },
  };
}
