import 'server-only';
// Replay files over HTTP with byte ranges (seeking), ETag and HEAD: GET /api/media/replays/{id}.mp4.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { replays } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { mediaPaths } from '@/lib/server/media/paths';
import { parseRange } from './range';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export async function replayFileResponse(db: Db, request: Request, fileName: string): Promise<Response> {
  const match = /^([1-9]\d{0,15})\.mp4$/.exec(fileName);
  if (!match) return notFound();
  const [replay] = await db.select({ file: replays.file }).from(replays).where(eq(replays.id, Number(match[1])));
  if (!replay) return notFound();
  const file = path.join(mediaPaths(getEnv().dataDir).replays, path.basename(replay.file));
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return notFound();
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': 'video/mp4',
    'accept-ranges': 'bytes',
    etag,
    'cache-control': 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
  };
  // A range of another version of the file would be garbage: If-Range sends the whole file instead.
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? undefined : parseRange(request.headers.get('range'), stat.size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` } });
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = stat.size === 0 ? 0 : end - start + 1;
  const responseHeaders = { ...headers, 'content-length': String(length), ...(range ? { 'content-range': `bytes ${start}-${end}/${stat.size}` } : {}) };
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || length === 0) return new Response(null, { status, headers: responseHeaders });
  const body = Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers: responseHeaders });
}
