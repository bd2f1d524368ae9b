// The ingest clock (issue 27, docs/video-sync.md): every H.264 frame an anchor publishes to the embedded server
// gets an SEI message (user data unregistered, our UUID) saying, in server milliseconds since the epoch, when that
// frame reached us. Players read it back (components/live/video-clock.ts) and so know which instant they show;
// chat, gifts and match data carry the same clock and are released when the picture reaches them. The SEI rides
// inside the video, so it survives every hop: the HTTP-FLV relay, the copied HLS source, and the ladder's
// re-encoded rungs (x264's `udu_sei` passes it through, lib/server/media/pipeline.ts).

import { videoClockUuidBytes } from '@/lib/validation/video-clock';

/** Identifies our SEI among others an encoder may send. */
const ingestClockUuid = Buffer.from(videoClockUuidBytes());

/** The FLV codec id of AVC (H.264); HEVC and AV1 streams (enhanced RTMP) go unstamped and play "as it happens". */
const avcCodecId = 7;
const seiNalType = 6;
const userDataUnregistered = 5;

/** An SEI NAL unit carrying `wallMs` as decimal digits (13 ASCII digits: no zero bytes either). */
export function clockSeiNal(wallMs: number): Buffer {
  const digits = Buffer.from(String(Math.round(wallMs)), 'ascii');
  const payload = Buffer.concat([ingestClockUuid, digits]);
  // NAL header, payload type, payload size (< 255), payload, RBSP trailing bits.
  return Buffer.concat([Buffer.from([seiNalType, userDataUnregistered, payload.length]), payload, Buffer.from([0x80])]);
}

/** NAL length size from an AVC sequence header tag body (AVCDecoderConfigurationRecord after the 5-byte tag header). */
export function nalLengthSize(sequenceHeader: Buffer): number {
  return (sequenceHeader[9] & 0x03) + 1;
}

/**
 * An FLV video tag body (frame type and codec, AVC packet type, composition time, length-prefixed NAL units) with
 * the clock's SEI before its first slice; null when the body is not an AVC frame we can read (left as it is).
 */
export function withClockSei(body: Buffer, lengthSize: number, wallMs: number): Buffer | null {
  if (body.length < 6 || (body[0] & 0x80) !== 0 || (body[0] & 0x0f) !== avcCodecId || body[1] !== 1) return null;
  let offset = 5;
  while (offset + lengthSize <= body.length) {
    const length = body.readUIntBE(offset, lengthSize);
    if (length === 0 || offset + lengthSize + length > body.length) return null;
    const type = body[offset + lengthSize] & 0x1f;
    // Before the first slice (1 non-IDR, 5 IDR): after any access unit delimiter, SPS, PPS or other SEI.
    if (type === 1 || type === 5) {
      const nal = clockSeiNal(wallMs);
      const prefix = Buffer.alloc(lengthSize);
      prefix.writeUIntBE(nal.length, 0, lengthSize);
      return Buffer.concat([body.subarray(0, offset), prefix, nal, body.subarray(offset)]);
    }
    offset += lengthSize + length;
  }
  return null;
}

/**
 * Maps a publisher's timestamps to our wall clock. Each packet says `arrival - dts`; network delay only adds to it,
 * so the smallest over the last 10–20 s is the best estimate of the offset (jitter-free, and it follows an encoder
 * whose clock drifts from ours).
 */
export class IngestClock {
  private current = Infinity;
  private previous = Infinity;
  private windowStart: number | null = null;

  constructor(private readonly windowMs = 10_000) {}

  observe(dts: number, arrivalMs: number): void {
    if (this.windowStart === null) this.windowStart = arrivalMs;
    if (arrivalMs - this.windowStart >= this.windowMs) {
      this.previous = this.current;
      this.current = Infinity;
      this.windowStart = arrivalMs;
    }
    this.current = Math.min(this.current, arrivalMs - dts);
  }

  wallAt(dts: number): number {
    return dts + Math.min(this.current, this.previous);
  }
}

/** The part of node-media-server's AVPacket the clock reads and changes. */
export type MediaPacket = { codec_type: number; flags: number; dts: number; size: number; data: Buffer };

// node-media-server's packet flags: 2 video sequence header, 3 key frame, 4 other frame.
const videoHeaderFlag = 2;
const videoFrameFlags = new Set([3, 4]);

/** Wraps a publisher's packet callback so each AVC frame leaves with its ingest time. */
export function stampIngestClock(deliver: (packet: MediaPacket) => void, now: () => number = Date.now): (packet: MediaPacket) => void {
  const clock = new IngestClock();
  let lengthSize: number | null = null;
  return (packet) => {
    if (packet.codec_type === 8 || packet.codec_type === 9) clock.observe(packet.dts, now());
    if (packet.flags === videoHeaderFlag && packet.size > 9) lengthSize = nalLengthSize(packet.data);
    if (lengthSize !== null && videoFrameFlags.has(packet.flags)) {
      // The parser's buffer is larger than the message: only its first `size` bytes are the tag body.
      const stamped = withClockSei(packet.data.subarray(0, packet.size), lengthSize, clock.wallAt(packet.dts));
      if (stamped) {
        packet.data = stamped;
        packet.size = stamped.length;
      }
    }
    deliver(packet);
  };
}
