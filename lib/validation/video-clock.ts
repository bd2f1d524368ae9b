// The video's clock on the wire (issue 27, docs/video-sync.md): the SEI message (user data unregistered) the
// embedded media server adds to every H.264 frame (lib/server/media/ingest-clock.ts), read back by the players
// (components/live/video-clock.ts). Its payload is our UUID, then the frame's ingest time as 13 ASCII digits
// (server milliseconds since the epoch). Neither part has a zero byte, so the NAL needs no emulation prevention.

/**
 * How far back a sender's picture may be for their line to be placed there (`video_at` of a say frame): older
 * than this, the line belongs to when it was sent. The browser never holds an item longer either.
 */
export const videoMomentMaxAgeMs = 30_000;

/** The UUID as hls.js prints it (lower-case hex, dashed 8-4-4-4-12). */
export const videoClockUuid = '5c0a7ce1-a5c1-b2d3-e4f5-a6b7c8d9eaf1';

export function videoClockUuidBytes(): Uint8Array {
  const hex = videoClockUuid.replaceAll('-', '');
  return Uint8Array.from({ length: 16 }, (_, index) => parseInt(hex.slice(index * 2, index * 2 + 2), 16));
}

/** Reads the payload's digits; null when they are not a plausible epoch in milliseconds. */
export function parseVideoClock(digits: string): number | null {
  return /^\d{13}$/.test(digits) ? Number(digits) : null;
}

/** The UUID's bytes as hls.js prints them. */
export function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
