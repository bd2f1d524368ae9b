import 'server-only';
// The HTTP hooks an external media server calls: nginx-rtmp's on_publish / on_publish_done / on_play (form
// fields call, app, name and the URL's query, e.g. key), on_record_done, and SRS's on_publish / on_unpublish /
// on_play / on_dvr (JSON with action, app, stream and param "?key=…"). 200 allows, 403 refuses: both servers understand that.
// Only an external media server calls them, and it proves it with MEDIA_HOOK_SECRET on the hook's URL.
// Two applications: `live`, where encoders publish with their key, and `ladder`, where the server's own ffmpeg
// publishes the rungs ("<stream>_720") and which only the media machine may publish to (its own allow/deny).
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { getEnv, type Env } from '@/lib/env';
import { BodyTooLargeError, readCapped } from '@/lib/server/http/read-input';
import { log } from '@/lib/server/log';
import { findOpenLiveByStream } from '@/lib/server/live-state/state';
import { adoptRecording } from './external-recordings';
import { findFfmpeg } from './ffmpeg';
import { mediaPaths } from './paths';
import type { RecordingFinalizer } from './types';
import { authorizePlay, authorizePublish, rungStarted, rungStopped, streamStarted, streamStopped } from './hooks';
import { parseRenditionStream } from './renditions';
import { isAnchorSecret } from './signing';

type HookCall = { call: string; app: string; name: string; query: Record<string, string> };

const srsHook = z.object({ action: z.string(), app: z.string().default(''), stream: z.string().default(''), param: z.string().default(''), file: z.string().optional() });
const formHook = z.looseObject({ call: z.string().default(''), app: z.string().default(''), name: z.string().default('') });
/** What the ladder's ffmpeg says of the source when a rung comes up (deploy/nginx-rtmp/sportcast-ladder.sh). */
const sourceHeightField = z.coerce.number().int().min(0).max(10_000).catch(0);

const encoderApp = 'live';
const ladderApp = 'ladder';

/** A hook carries a stream name, an app and a few query fields: a few hundred bytes. */
export const maxHookBodyBytes = 16 * 1024;

const plain = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/plain' } });

function sameSecret(given: string, expected: string): boolean {
  const left = crypto.createHash('sha256').update(given).digest();
  const right = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(left, right);
}

/**
 * Who may call the hooks: nobody while the embedded server is in use (404, as if they did not exist), and with an
 * external one only a caller presenting MEDIA_HOOK_SECRET, on the hook URL (`?secret=`, which nginx-rtmp and SRS
 * keep) or in X-Media-Hook-Secret. The body holds the encoder's own query, so a secret there would prove nothing.
 */
export function refuseHookCaller(request: Request, env: Env): Response | undefined {
  if (env.MEDIA_SERVER !== 'external' || !env.MEDIA_HOOK_SECRET) return plain(404, 'Not found');
  const given = request.headers.get('x-media-hook-secret') ?? new URL(request.url).searchParams.get('secret') ?? '';
  if (!sameSecret(given, env.MEDIA_HOOK_SECRET)) {
    log.warn('media hook refused: wrong or missing secret');
    return plain(403, 'refused');
  }
  return undefined;
}

async function readHook(request: Request): Promise<HookCall | undefined> {
  const type = request.headers.get('content-type') ?? '';
  const text = (await readCapped(request, maxHookBodyBytes)).toString('utf8');
  if (type.includes('json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return undefined;
    }
    const parsed = srsHook.safeParse(body);
    if (!parsed.success) return undefined;
    const call = { on_publish: 'publish', on_unpublish: 'publish_done', on_play: 'play', on_stop: 'play_done', on_dvr: 'record_done' }[parsed.data.action] ?? parsed.data.action;
    const query = Object.fromEntries(new URLSearchParams(parsed.data.param.replace(/^\?/, '')));
    // SRS names a closed DVR file `file`, nginx-rtmp `path`: the record hook reads `path`.
    return { call, app: parsed.data.app, name: parsed.data.stream, query: parsed.data.file === undefined ? query : { ...query, path: parsed.data.file } };
  }
  const fields = Object.fromEntries(new URLSearchParams(text));
  const parsed = formHook.safeParse(fields);
  if (!parsed.success) return undefined;
  return { call: parsed.data.call, app: parsed.data.app, name: parsed.data.name, query: fields };
}

const allow = () => plain(200, '0');
const refuse = () => plain(403, 'refused');

/** The hook's fields; a body past the cap is refused with 413 before it is read whole. */
async function readHookOrAnswer(request: Request): Promise<HookCall | Response> {
  try {
    return (await readHook(request)) ?? refuse();
  } catch (error) {
    if (error instanceof BodyTooLargeError) return plain(413, 'too large');
    throw error;
  }
}

/** POST /api/media/hooks/publish */
export async function handlePublishHook(db: Db, request: Request): Promise<Response> {
  const hook = await readHookOrAnswer(request);
  if (hook instanceof Response) return hook;
  if (hook.app === ladderApp) return ladderPublish(db, hook);
  if (hook.app !== encoderApp) return refuse();
  if (hook.call === 'publish') {
    const decision = await authorizePublish(db, hook.name, hook.query.key);
    if (!decision.ok) {
      log.info('publish refused', { stream: hook.name, reason: decision.reason });
      return refuse();
    }
    await streamStarted(db, decision.live, { renditions: ['src'], sourceHeight: 0, hls: Boolean(getEnv().MEDIA_HLS_URL_TEMPLATE), mediaNode: null });
    return allow();
  }
  if (hook.call === 'publish_done') {
    // Only the holder of the key can say the stream stopped.
    if (isAnchorSecret(hook.name, hook.query.key)) await streamStopped(db, hook.name);
    return allow();
  }
  return refuse();
}

/**
 * The ladder application: the source relayed there (for HLS and the ladder's input) is allowed while its live is
 * open, and each rung that comes up or goes down is added to or taken from what players are offered.
 */
async function ladderPublish(db: Db, hook: HookCall): Promise<Response> {
  const { stream, rendition } = parseRenditionStream(hook.name);
  if (hook.call === 'publish_done') {
    if (rendition !== 'src') await rungStopped(db, stream, rendition);
    return allow();
  }
  if (hook.call !== 'publish') return refuse();
  if (rendition === 'src') return (await findOpenLiveByStream(db, stream)) ? allow() : refuse();
  return (await rungStarted(db, stream, rendition, sourceHeightField.parse(hook.query.source_height))) ? allow() : refuse();
}

/** POST /api/media/hooks/play: renditions are free; a ticketed live's source needs the viewer's signed URL. */
export async function handlePlayHook(db: Db, request: Request): Promise<Response> {
  const hook = await readHookOrAnswer(request);
  if (hook instanceof Response) return hook;
  // nginx-rtmp's own relay of the source to the ladder application plays it with no application of its own (a
  // client cannot: it must connect to an application that exists), and carries no viewer's signature.
  if (hook.app === '' && hook.query.flashver === 'ngx-local-relay' && hook.call === 'play') return allow();
  if (hook.app !== encoderApp && hook.app !== ladderApp) return refuse();
  if (hook.call === 'play_done') return allow();
  if (hook.call !== 'play') return refuse();
  const decision = await authorizePlay(db, hook.name, hook.query);
  return decision.ok ? allow() : refuse();
}

// Every viewer asks for a playlist and a segment about every 2 s: a decision stands for a few seconds, as the
// embedded HLS handler's does, so a logout or an ended live still shuts HD within seconds.
const hlsDecisionMs = 5000;
const hlsDecisions = new Map<string, { at: number; ok: boolean }>();

/**
 * GET /api/media/hooks/hls: nginx's auth_request before it serves an HLS playlist or segment of a source
 * (X-Original-URI: /hls/<name>/<file>?<query>). The same rule as a play: a ticketed live's source needs the viewer's
 * signature, its session still live and its ticket; anything else of an open live is allowed.
 */
export async function handleHlsHook(db: Db, request: Request): Promise<Response> {
  let url: URL;
  let name: string;
  try {
    url = new URL(request.headers.get('x-original-uri') ?? '', 'http://media.invalid');
    name = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-2) ?? '');
  } catch {
    return refuse();
  }
  if (!name) return refuse();
  const query = Object.fromEntries(url.searchParams);
  const key = [name, query.uid, query.sid, query.exp, query.token].join('|');
  const hit = hlsDecisions.get(key);
  if (hit && Date.now() - hit.at < hlsDecisionMs) return hit.ok ? allow() : refuse();
  const ok = (await authorizePlay(db, name, query)).ok;
  if (hlsDecisions.size > 10_000) hlsDecisions.clear();
  hlsDecisions.set(key, { at: Date.now(), ok });
  return ok ? allow() : refuse();
}

/**
 * POST /api/media/hooks/record: nginx-rtmp's on_record_done (form fields call=record_done, app, name, path). The
 * file joins its live's recordings; when the live has already ended (ending it dropped the publisher, which closed
 * the recording) the replay is made now, in the background: nginx waits for no remux.
 */
export async function handleRecordDoneHook(db: Db, request: Request, recordings: RecordingFinalizer): Promise<Response> {
  const hook = await readHookOrAnswer(request);
  if (hook instanceof Response) return hook;
  if (hook.app !== encoderApp || hook.call !== 'record_done') return refuse();
  const env = getEnv();
  const paths = mediaPaths(env.dataDir);
  const adopted = await adoptRecording(db, env.MEDIA_RECORD_DIR, paths, hook.name, hook.query.path ?? '');
  if (!adopted.ok) {
    log.warn('recording refused', { stream: hook.name, path: hook.query.path, reason: adopted.reason });
    return refuse();
  }
  const ffmpeg = findFfmpeg();
  if (adopted.ended && ffmpeg) void recordings.finalize(db, ffmpeg, paths, adopted.liveId);
  return allow();
}
