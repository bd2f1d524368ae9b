import 'server-only';
// An external media server (SRS, nginx-rtmp or a CDN in front of one): addresses come from URL templates, the
// server asks /api/media/hooks/publish and /hooks/play, and an ended live's publisher is dropped through
// MEDIA_DROP_URL_TEMPLATE (nginx-rtmp's control module) when one is configured.
import type { Env } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';
import { liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { templatePlayAddress, templatePushAddress } from './urls';
import type { MediaAddresses, MediaServer } from './types';

export function externalMediaAddresses(env: Env): MediaAddresses {
  return {
    kind: 'external',
    offersWebrtc: Boolean(env.MEDIA_WEBRTC_PUSH_URL_TEMPLATE),
    pushAddress: (stream, secret) => templatePushAddress(env, stream, secret),
    playAddress: (stream, rendition, _site, options) => templatePlayAddress(env, stream, rendition, options),
  };
}

export function createExternalMediaServer(env: Env, bus: Bus): MediaServer {
  let unsubscribe: (() => Promise<void>) | undefined;
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
        if (event?.status === 'ended') void dropPublisher(event.stream);
      });
    },
    async stop() {
      await unsubscribe?.();
      unsubscribe = undefined;
    },
    health: () => (unsubscribe ? 'ok' : 'external media server not started'),
  };
}
