import 'server-only';
// Replay files over HTTP with byte ranges (seeking), ETag and HEAD: GET /api/media/replays/{id}.mp4.
// A recording is the source rendition, so the replay of a ticketed live follows the live's rule: only its anchor
// and the viewers holding its ticket grant (signed in: the player's request carries the session cookie, an app
// the Authorization header) get the file; anyone else gets 403, whatever id they try.
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { lives, replays, ticketGrants } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { resolveCaller } from '@/lib/server/http/handler';
import { isTicketed } from '@/lib/server/live-state/state';
import { mediaPaths } from '@/lib/server/media/paths';
import { parseRange } from './range';
import { onSite } from './queries';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
const forbidden = () => new Response('Forbidden', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

async function mayWatchTicketed(db: Db, request: NextRequest, live: { id: number; anchorId: number }): Promise<boolean> {
  const { user } = await resolveCaller(request, db);
  if (!user) return false;
  if (user.id === live.anchorId || user.role === 'operator') return true;
  const [grant] = await db
    .select({ id: ticketGrants.id })
    .from(ticketGrants)
    .where(and(eq(ticketGrants.userId, user.id), eq(ticketGrants.liveId, live.id)))
    .limit(1);
  return Boolean(grant);
}

export async function replayFileResponse(db: Db, request: NextRequest, fileName: string): Promise<Response> {
  const match = /^([1-9]\d{0,15})\.mp4$/.exec(fileName);
  if (!match) return notFound();
  const [replay] = await db
    .select({ file: replays.file, liveId: lives.id, anchorId: lives.anchorId, ticket: lives.ticket })
    .from(replays)
    .innerJoin(lives, eq(lives.id, replays.liveId))
    .where(and(eq(replays.id, Number(match[1])), onSite));
  if (!replay) return notFound();
  const ticketed = isTicketed(replay);
  if (ticketed && !(await mayWatchTicketed(db, request, { id: replay.liveId, anchorId: replay.anchorId }))) return forbidden();
  const file = path.join(mediaPaths(getEnv().dataDir).replays, path.basename(replay.file));
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return notFound();
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': 'video/mp4',
    'accept-ranges': 'bytes',
    etag,
    // A ticketed replay is one viewer's: no shared cache may keep it.
    'cache-control': ticketed ? 'private, max-age=3600' : 'public, max-age=3600',
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
  return new Response(fileRange(file, start, end), { status, headers: responseHeaders });
}

const chunkBytes = 64 * 1024;

/**
 * Bytes `start`..`end` of `file`, read as the response asks for them. Pulled rather than piped: Node's
 * Readable.toWeb adapter can push a chunk after a viewer who seeked or left cancelled the body, which throws
 * "Controller is already closed" out of an event handler and ends the process.
 */
function fileRange(file: string, start: number, end: number): ReadableStream<Uint8Array> {
  let handle: fs.promises.FileHandle | undefined;
  let position = start;
  const close = () => handle?.close().catch(() => undefined);
  return new ReadableStream<Uint8Array>({
    async start() {
      handle = await fs.promises.open(file, 'r');
    },
    async pull(controller) {
      const size = Math.min(chunkBytes, end + 1 - position);
      const { bytesRead, buffer } = size > 0 && handle ? await handle.read(new Uint8Array(size), 0, size, position) : { bytesRead: 0, buffer: new Uint8Array(0) };
      if (bytesRead === 0) {
        await close();
        return controller.close();
      }
      position += bytesRead;
      controller.enqueue(buffer.subarray(0, bytesRead));
    },
    cancel: close,
  });
}
