import 'server-only';
// Which media server this deployment uses, and the one the `media` role runs in this process. Held on
// globalThis because server.ts and Next's bundle load separate copies of this module.
import { getEnv } from '@/lib/env';
import { embeddedPlayAddress, embeddedPushAddress } from './urls';
import { externalMediaAddresses } from './external';
import type { MediaAddresses, MediaServer } from './types';

const key = Symbol.for('sportcast.media');
const holder = globalThis as { [key]?: MediaServer };

/** Push and play addresses; every role can build them, whether or not it runs the media server. */
export function getMediaAddresses(): MediaAddresses {
  const running = holder[key];
  if (running) return running;
  const env = getEnv();
  if (env.MEDIA_SERVER === 'external') return externalMediaAddresses(env);
  return {
    kind: 'embedded',
    offersWebrtc: false,
    pushAddress: (stream, secret, site) => embeddedPushAddress(env, stream, secret, site),
    playAddress: (stream, rendition, site, options) => embeddedPlayAddress(env, stream, rendition, site, options),
  };
}

export function registerMediaServer(server: MediaServer | undefined): void {
  if (server) holder[key] = server;
  else delete holder[key];
}

export function runningMediaServer(): MediaServer | undefined {
  return holder[key];
}
