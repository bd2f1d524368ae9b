import 'server-only';
// HLS written by our ffmpeg pipelines (DATA_DIR/media/hls/<stream>/<rendition>/), served by the web role.
// A ticketed live's source needs the viewer's HD signature on the playlist; the playlist then carries it to
// every segment URL, since players fetch segments without the playlist's query. Like the FLV and hook paths, the
// signature alone is not enough: its session must still be live and its viewer hold the ticket (hooks.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db';
import type { Live } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { findOpenLiveByStream, isTicketed } from '@/lib/server/live-state/state';
import { hdViewerAllowed } from './hooks';
import { mediaPaths } from './paths';
import { isRendition } from './renditions';
import { checkHdPlay, streamNamePattern } from './signing';

const text = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

// Players ask for the playlist every couple of seconds: the open live behind a stream is cached briefly.
const liveCache = new Map<string, { at: number; live: Live | undefined }>();
async function openLiveOf(db: Db, stream: string): Promise<Live | undefined> {
  const hit = liveCache.get(stream);
  if (hit && Date.now() - hit.at < 5000) return hit.live;
  const live = await findOpenLiveByStream(db, stream);
  if (liveCache.size > 1000) liveCache.clear();
  liveCache.set(stream, { at: Date.now(), live });
  return live;
}

// The same viewer fetches a playlist every couple of seconds and a segment as often: their grant and session are
// looked up once per few seconds, so a logout or a refund still ends HD within seconds.
const viewerCache = new Map<string, { at: number; allowed: boolean }>();
async function hdViewerCached(db: Db, live: Live, uid: number, sid: number): Promise<boolean> {
  const key = `${live.id}|${uid}|${sid}`;
  const hit = viewerCache.get(key);
  if (hit && Date.now() - hit.at < 5000) return hit.allowed;
  const allowed = (await hdViewerAllowed(db, live, uid, sid)) === 'ok';
  if (viewerCache.size > 10_000) viewerCache.clear();
  viewerCache.set(key, { at: Date.now(), allowed });
  return allowed;
}

export async function hlsResponse(db: Db, url: URL, stream: string, rendition: string, file: string): Promise<Response> {
  if (!streamNamePattern.test(stream) || !isRendition(rendition) || !/^(index\.m3u8|\d{1,12}\.ts)$/.test(file)) return text(404, 'Not found');
  const live = await openLiveOf(db, stream);
  if (!live) return text(404, 'Not found');
  const query = Object.fromEntries(url.searchParams);
  const hd = rendition === 'src' && isTicketed(live);
  if (hd) {
    const check = checkHdPlay(stream, query);
    if (!check.ok || !(await hdViewerCached(db, live, check.uid, check.sid))) return text(403, 'Forbidden');
  }
  const bytes = await fs.readFile(path.join(mediaPaths(getEnv().dataDir).hls, stream, rendition, file)).catch(() => undefined);
  if (!bytes) return text(404, 'Not found');
  if (file.endsWith('.ts')) {
    return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'video/mp2t', 'cache-control': hd ? 'private, max-age=60' : 'public, max-age=60' } });
  }
  const signature = hd ? `?${new URLSearchParams({ uid: query.uid, sid: query.sid, exp: query.exp, token: query.token }).toString()}` : '';
  const playlist = bytes
    .toString('utf8')
    .split('\n')
    .map((line) => (line && !line.startsWith('#') ? `${line}${signature}` : line))
    .join('\n');
  return new Response(playlist, { headers: { 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' } });
}
