import 'server-only';
// Reads an HTTP-FLV stream far enough to see its first video frame: the media tests and `npm run bench -- video`
// use it to tell that a player would get pictures, and how soon.
import http from 'node:http';

export type FlvProbe = { status: number; header: boolean; firstVideoTagMs: number | undefined; bytes: number };

/** GETs `url` and resolves when a video tag arrived, the server closed, or `timeoutMs` passed. */
export function probeFlv(url: string, timeoutMs: number): Promise<FlvProbe> {
  return new Promise((resolve) => {
    const started = performance.now();
    let buffer = Buffer.alloc(0);
    let settled = false;
    // A fresh connection per probe, as a new player would open.
    const request = http.get(url, { agent: false }, (response) => {
      const finish = (firstVideoTagMs: number | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, header: buffer.subarray(0, 3).toString('latin1') === 'FLV', firstVideoTagMs, bytes: buffer.length });
      };
      response.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        // FLV: a 9-byte header, then PreviousTagSize0, then tags of [type, size(3), timestamp(4), stream id(3), data, size(4)].
        // A video tag counts once it carries a frame: an AVC sequence header (packet type 0) holds no picture.
        let at = 13;
        while (buffer.length >= at + 13) {
          const size = buffer.readUIntBE(at + 1, 3);
          const avcSequenceHeader = (buffer[at + 11] & 0x0f) === 7 && buffer[at + 12] === 0;
          if (buffer[at] === 9 && !avcSequenceHeader) return finish(performance.now() - started);
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
      resolve({ status: 0, header: buffer.subarray(0, 3).toString('latin1') === 'FLV', firstVideoTagMs: undefined, bytes: buffer.length });
    }, timeoutMs);
    request.on('error', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status: 0, header: false, firstVideoTagMs: undefined, bytes: buffer.length });
    });
  });
}
