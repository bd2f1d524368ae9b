// Reads the ingest clock (lib/server/media/ingest-clock.ts) back out of an HTTP-FLV stream, as a player would:
// each video frame's FLV timestamp and the wall clock its SEI carries.
import http from 'node:http';
import { parseVideoClock, uuidText, videoClockUuid } from '@/lib/validation/video-clock';

export type ClockedFrame = { dts: number; wallMs: number };

/** The clock of the SEI messages in one AVC frame's NAL units (4-byte lengths), or null when none is ours. */
export function clockOfNalUnits(body: Buffer, lengthSize = 4): number | null {
  for (let offset = 5; offset + lengthSize <= body.length; ) {
    const length = body.readUIntBE(offset, lengthSize);
    const nal = body.subarray(offset + lengthSize, offset + lengthSize + length);
    // SEI (6) holding user data unregistered (5) of at least a UUID.
    if ((nal[0] & 0x1f) === 6 && nal[1] === 5 && nal[2] > 16) {
      const payload = nal.subarray(3, 3 + nal[2]);
      if (uuidText(payload.subarray(0, 16)) === videoClockUuid) return parseVideoClock(payload.subarray(16).toString('ascii'));
    }
    offset += lengthSize + length;
  }
  return null;
}

/** Pulls `url` for `ms` and lists its AVC frames (packet type 1) with the clock each carries (null: none). */
export function readFlvClocks(url: string, ms: number): Promise<Array<{ dts: number; wallMs: number | null }>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const request = http.get(url, (response) => {
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => undefined);
    });
    request.on('error', reject);
    setTimeout(() => {
      request.destroy();
      const data = Buffer.concat(chunks);
      const frames: Array<{ dts: number; wallMs: number | null }> = [];
      for (let at = 13; at + 11 <= data.length; ) {
        const size = data.readUIntBE(at + 1, 3);
        if (at + 11 + size > data.length) break;
        const dts = data.readUIntBE(at + 4, 3) | (data[at + 7] << 24);
        const body = data.subarray(at + 11, at + 11 + size);
        if (data[at] === 9 && (body[0] & 0x0f) === 7 && body[1] === 1) frames.push({ dts, wallMs: clockOfNalUnits(body) });
        at += 11 + size + 4;
      }
      resolve(frames);
    }, ms);
  });
}
