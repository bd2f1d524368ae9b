import 'server-only';
// Reads an HTTP-FLV stream far enough to see its first video frame: the media tests and `npm run bench -- video`
// use it to tell that a player would get pictures, and how soon, and that the stream opens with an H.264 decoder
// configuration a player can use (an empty one leaves mpegts.js with nothing to decode: issue 18).
import http from 'node:http';

/** What an AVCDecoderConfigurationRecord announces: profile and level, and how many SPS and PPS it carries. */
type AvcConfig = { profile: number; level: number; sps: number; pps: number };

export type FlvProbe = {
  status: number;
  header: boolean;
  firstVideoTagMs: number | undefined;
  /** The decoder configuration of the first video tag; undefined when that tag holds none or an unusable one. */
  videoConfig: AvcConfig | undefined;
  bytes: number;
};

/**
 * Parses the body of an FLV video tag as an AVC sequence header (frame type and codec, packet type 0, composition
 * time, then the record of ISO/IEC 14496-15 §5.3.3.1): undefined unless it is complete with at least one SPS and PPS.
 */
function parseAvcSequenceHeader(body: Uint8Array): AvcConfig | undefined {
  if (body.length < 11 || (body[0] & 0x0f) !== 7 || body[1] !== 0 || body[5] !== 1) return undefined;
  let at = 10;
  const nalUnits = (count: number, type: number): number | undefined => {
    for (let index = 0; index < count; index += 1) {
      if (at + 2 > body.length) return undefined;
      const length = (body[at] << 8) | body[at + 1];
      if (length === 0 || at + 2 + length > body.length || (body[at + 2] & 0x1f) !== type) return undefined;
      at += 2 + length;
    }
    return count;
  };
  const sps = nalUnits(body[at++] & 0x1f, 7);
  if (!sps || at >= body.length) return undefined;
  const pps = nalUnits(body[at++], 8);
  if (!pps) return undefined;
  return { profile: body[6], level: body[8], sps, pps };
}

/** GETs `url` and resolves when a video tag arrived, the server closed, or `timeoutMs` passed. */
export function probeFlv(url: string, timeoutMs: number): Promise<FlvProbe> {
  return new Promise((resolve) => {
    const started = performance.now();
    let buffer = Buffer.alloc(0);
    let settled = false;
    let videoConfig: AvcConfig | undefined;
    let firstVideoRead = false;
    // A fresh connection per probe, as a new player would open.
    const request = http.get(url, { agent: false }, (response) => {
      const finish = (firstVideoTagMs: number | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, header: buffer.subarray(0, 3).toString('latin1') === 'FLV', firstVideoTagMs, videoConfig, bytes: buffer.length });
      };
      response.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        // FLV: a 9-byte header, then PreviousTagSize0, then tags of [type, size(3), timestamp(4), stream id(3), data, size(4)].
        // A video tag counts once it carries a frame: an AVC sequence header (packet type 0) holds no picture.
        let at = 13;
        while (buffer.length >= at + 13) {
          const size = buffer.readUIntBE(at + 1, 3);
          if (buffer[at] === 9) {
            const avcSequenceHeader = (buffer[at + 11] & 0x0f) === 7 && buffer[at + 12] === 0;
            if (!avcSequenceHeader) return finish(performance.now() - started);
            // The first video tag is read whole once it is all here (a record is a few dozen bytes).
            if (!firstVideoRead) {
              if (buffer.length < at + 11 + size) return;
              firstVideoRead = true;
              videoConfig = parseAvcSequenceHeader(buffer.subarray(at + 11, at + 11 + size));
            }
          }
          at += 11 + size + 4;
        }
      });
      response.on('end', () => finish(undefined));
      response.on('error', () => finish(undefined));
    });
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      request.destroy();
      resolve({ status: 0, header: buffer.subarray(0, 3).toString('latin1') === 'FLV', firstVideoTagMs: undefined, videoConfig, bytes: buffer.length });
    }, timeoutMs);
    request.on('error', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status: 0, header: false, firstVideoTagMs: undefined, videoConfig: undefined, bytes: buffer.length });
    });
  });
}
