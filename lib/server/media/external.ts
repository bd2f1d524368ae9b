import 'server-only';
// An external media server (SRS, nginx-rtmp or a CDN in front of one): addresses come from URL templates, the
// server asks /api/media/hooks/publish and /hooks/play, and an ended live's publisher is dropped through
// MEDIA_DROP_URL_TEMPLATE (nginx-rtmp's control module) when one is configured. Recordings it hands us through the
// record-done hook become the replay once the live has ended.
import type { Db } from '@/lib/db';
import type { Env } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';
import { liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { templatePlayAddress, templatePushAddress } from './urls';
import type { Ffmpeg } from './ffmpeg';
import { mediaPaths } from './paths';
import type { MediaAddresses, MediaServer, RecordingFinalizer } from './types';

/**
 * How long after a live ended its recordings are joined: ending it drops the publisher, and nginx reports the
 * closed recording a moment later (that report makes the replay at once; this covers a live that ended while away).
 */
const finalizeAfterEndMs = 10_000;

type ExternalRecordings = { db: Db; ffmpeg: Ffmpeg; finalizer: RecordingFinalizer };

export function externalMediaAddresses(env: Env): MediaAddresses {
  return {
    kind: 'external',
    offersWebrtc: Boolean(env.MEDIA_WEBRTC_PUSH_URL_TEMPLATE),
    pushAddress: (stream, secret) => templatePushAddress(env, stream, secret),
    playAddress: (stream, rendition, _site, options) => templatePlayAddress(env, stream, rendition, options),
  };
}

export function createExternalMediaServer(env: Env, bus: Bus, recordings?: ExternalRecordings): MediaServer {
  let unsubscribe: (() => Promise<void>) | undefined;
  const timers = new Set<NodeJS.Timeout>();
  const paths = mediaPaths(env.dataDir);
  const finalizeLater = (liveId: number) => {
    if (!recordings) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void recordings.finalizer.finalize(recordings.db, recordings.ffmpeg, paths, liveId);
    }, finalizeAfterEndMs);
    timer.unref();
    timers.add(timer);
  };
  const dropPublisher = async (stream: string) => {
    if (!env.MEDIA_DROP_URL_TEMPLATE) return;
    const url = env.MEDIA_DROP_URL_TEMPLATE.replace('{stream}', encodeURIComponent(stream));
    await fetch(url, { signal: AbortSignal.timeout(5000) }).catch((error: unknown) =>
      log.warn('media drop request failed', { stream, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return {
    ...externalMediaAddresses(env),
    async start() {
      unsubscribe = await bus.subscribe(liveStateChannel, (message) => {
        const event = parseLiveStateEvent(message);
        if (event?.status !== 'ended') return;
        void dropPublisher(event.stream);
        finalizeLater(event.live_id);
      });
      // Recordings of lives that ended while no process was listening.
      if (recordings) void recordings.finalizer.finalizePending(recordings.db, recordings.ffmpeg, paths);
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await unsubscribe?.();
      unsubscribe = undefined;
    },
    health: () => (unsubscribe ? 'ok' : 'external media server not started'),
  };
}
