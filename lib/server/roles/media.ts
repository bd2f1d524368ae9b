import 'server-only';
// The `media` role: runs the configured media server (embedded node-media-server, or the hooks' companion for
// an external one), makes it the one health reports, and pushes the demo streams when they are wanted. It sits
// above media and replays (docs/architecture.md): it hands the recorder the replays' finalizer and the demo
// streams the seed's demo lives.
import os from 'node:os';
import type { Db } from '@/lib/db';
import { getEnv } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';
import { observeGauge } from '@/lib/server/metrics';
import { startDemoStreams, type DemoStreams } from '@/lib/server/media/demo-streams';
import { createEmbeddedMediaServer } from '@/lib/server/media/embedded';
import { createExternalMediaServer } from '@/lib/server/media/external';
import { findFfmpeg } from '@/lib/server/media/ffmpeg';
import { registerMediaServer } from '@/lib/server/media/registry';
import type { MediaServer } from '@/lib/server/media/types';
import { replayRecorder } from '@/lib/server/replays/finalize';
import { ensureDemoLives } from '@/lib/server/seed/demo-lives';

export async function startMediaRole(db: Db, bus: Bus): Promise<{ stop(): Promise<void> }> {
  const env = getEnv();
  const ffmpeg = findFfmpeg();
  const embedded =
    env.MEDIA_SERVER === 'external'
      ? undefined
      : createEmbeddedMediaServer({
          env,
          db,
          bus,
          ffmpeg,
          bind: env.MEDIA_HOST ?? env.HOST,
          node: env.MEDIA_NODE_ID ?? `${os.hostname()}:${env.MEDIA_RTMP_PORT}`,
          rtmpPort: env.MEDIA_RTMP_PORT,
          httpPort: env.MEDIA_HTTP_PORT,
          dataDir: env.dataDir,
          transcode: env.MEDIA_TRANSCODE,
          record: env.MEDIA_RECORD,
          recordings: replayRecorder,
        });
  const server: MediaServer = embedded ?? createExternalMediaServer(env, bus, ffmpeg ? { db, ffmpeg, finalizer: replayRecorder } : undefined);
  await server.start();
  registerMediaServer(server);
  // The embedded server knows its sessions; an external one reports them itself.
  const unobserve = embedded
    ? [
        observeGauge('media_publishers', 'Streams being published to the embedded media server', () => embedded.stats().publishers),
        observeGauge('media_viewers', 'Players of the embedded media server', () => embedded.stats().viewers),
        observeGauge('media_pipelines', 'Running ffmpeg pipelines (renditions, recordings)', () => embedded.stats().pipelines),
      ]
    : [];
  if (!ffmpeg) log.warn('ffmpeg not found: no HLS, no quality ladder, no recordings, no demo streams (run scripts/ensure-ffmpeg.sh as root)');

  let demo: DemoStreams | undefined;
  if (env.DEMO_STREAMS && env.SEED_DEMO && ffmpeg && server.kind === 'embedded' && server.health() === 'ok') {
    demo = await startDemoStreams(db, await ensureDemoLives(db), ffmpeg, env.MEDIA_RTMP_PORT).catch((error: unknown) => {
      log.error('demo streams not started', { error: error instanceof Error ? error.message : String(error) });
      return undefined;
    });
  }
  return {
    async stop() {
      unobserve.forEach((stop) => stop());
      await demo?.stop();
      await server.stop();
      registerMediaServer(undefined);
    },
  };
}
