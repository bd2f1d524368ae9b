// Choosing how a live plays in this browser: HTTP-FLV through mpegts.js where Media Source Extensions can play a
// live stream, HLS through hls.js otherwise, the browser's own HLS as the last resort (iOS Safari); and the order in
// which renditions and engines are tried when one does not play (player-machine.ts runs through it).
import type { PlayInfo, Quality, Rendition } from '@/lib/validation/live';

export type PlaybackEngine = 'flv' | 'hls' | 'native';
export type PlaybackSource = { engine: PlaybackEngine; url: string };
/** One way to play the live: a rendition over an engine. The address is read when it starts (HD is re-signed). */
export type Attempt = { rendition: Rendition; engine: PlaybackEngine };

/** What the browser can do, probed once on the client. */
export type PlaybackCapabilities = { mseLive: boolean; hlsJs: boolean; nativeHls: boolean };

/** The engines this browser can use, best first: FLV where MSE plays a live stream, then hls.js, else its own HLS. */
function enginesFor(caps: PlaybackCapabilities): PlaybackEngine[] {
  const engines: PlaybackEngine[] = [];
  if (caps.mseLive) engines.push('flv');
  if (caps.hlsJs) engines.push('hls');
  else if (caps.nativeHls) engines.push('native');
  return engines;
}

/** The address of a quality for an engine ('' when the server offers none, e.g. HLS without ffmpeg). */
export function addressFor(quality: Pick<Quality, 'flv' | 'hls'>, engine: PlaybackEngine): string {
  return engine === 'flv' ? quality.flv : quality.hls;
}

const rungOrder: readonly Rendition[] = ['src', '720', '480'];

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

/**
 * Every way this browser can play the live, in the order they are tried (issue 18): the wanted rendition over FLV,
 * the other open renditions over FLV, nearest to the wanted one first (a lower one before a higher one: the viewer
 * may have picked a light rendition for their connection), then the same renditions over HLS. A locked HD source
 * is never tried.
 */
export function playbackPlan(play: PlayInfo, wanted: Quality, caps: PlaybackCapabilities): Attempt[] {
  const rank = (quality: Quality) => rungOrder.indexOf(quality.rendition);
  const distance = (quality: Quality) => Math.abs(rank(quality) - rank(wanted));
  const open = orderQualities(play)
    .filter((quality) => !quality.locked)
    .sort((a, b) => distance(a) - distance(b) || rank(b) - rank(a));
  return enginesFor(caps).flatMap((engine) => open.filter((quality) => addressFor(quality, engine) !== '').map((quality) => ({ rendition: quality.rendition, engine })));
}

const h264Aac = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/** Probed in the browser only: both engines need Media Source Extensions with H.264; FLV also a streaming fetch. */
export function probeCapabilities(): PlaybackCapabilities {
  const mse = typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(h264Aac);
  const streamingFetch = typeof ReadableStream !== 'undefined' && typeof Response !== 'undefined' && 'body' in Response.prototype;
  const nativeHls = typeof document !== 'undefined' && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';
  return { mseLive: mse && streamingFetch, hlsJs: mse, nativeHls };
}
