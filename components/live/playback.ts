// Choosing how a live plays in this browser: HTTP-FLV through mpegts.js where Media Source Extensions can play a
// live stream, HLS through hls.js otherwise, the browser's own HLS as the last resort (iOS Safari).
import type { PlayInfo, Quality } from '@/lib/server/live/rooms';

export type PlaybackEngine = 'flv' | 'hls' | 'native';
export type PlaybackSource = { engine: PlaybackEngine; url: string };

/** What the browser can do, probed once on the client. */
export type PlaybackCapabilities = { mseLive: boolean; hlsJs: boolean; nativeHls: boolean };

/** The first way this browser can play the addresses, skipping engines that already failed on them. */
export function pickSource(addresses: { flv: string; hls: string }, caps: PlaybackCapabilities, failed: ReadonlySet<PlaybackEngine> = new Set()): PlaybackSource | null {
  const candidates: PlaybackSource[] = [];
  if (addresses.flv && caps.mseLive) candidates.push({ engine: 'flv', url: addresses.flv });
  if (addresses.hls && caps.hlsJs) candidates.push({ engine: 'hls', url: addresses.hls });
  else if (addresses.hls && caps.nativeHls) candidates.push({ engine: 'native', url: addresses.hls });
  return candidates.find((candidate) => !failed.has(candidate.engine)) ?? null;
}

const rungOrder = ['src', '720', '480'];

/** Qualities best first (spec §9: 1080p, 720p, 480p); the server lists the source first already, this keeps it so. */
export function orderQualities(play: PlayInfo): Quality[] {
  return [...play.qualities].sort((a, b) => rungOrder.indexOf(a.rendition) - rungOrder.indexOf(b.rendition));
}

/**
 * The rendition to play: the viewer's choice while it is still offered and unlocked, else the best unlocked one
 * (HD right after a ticket unlocked it), else none.
 */
export function chooseQuality(play: PlayInfo, wanted: Quality['rendition'] | null): Quality | null {
  const open = orderQualities(play).filter((quality) => !quality.locked);
  return open.find((quality) => quality.rendition === wanted) ?? open[0] ?? null;
}

const h264Aac = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/** Probed in the browser only: both engines need Media Source Extensions with H.264; FLV also a streaming fetch. */
export function probeCapabilities(): PlaybackCapabilities {
  const mse = typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(h264Aac);
  const streamingFetch = typeof ReadableStream !== 'undefined' && typeof Response !== 'undefined' && 'body' in Response.prototype;
  const nativeHls = typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
  return { mseLive: mse && streamingFetch, hlsJs: mse, nativeHls };
}
