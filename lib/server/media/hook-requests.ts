import 'server-only';
// The HTTP hooks an external media server calls: nginx-rtmp's on_publish / on_publish_done / on_play (form
// fields call, app, name and the URL's query, e.g. key) and SRS's on_publish / on_unpublish / on_play (JSON
// with action, app, stream and param "?key=…"). 200 allows, 403 refuses: both servers understand that.
// Only an external media server calls them, and it proves it with MEDIA_HOOK_SECRET on the hook's URL.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { getEnv, type Env } from '@/lib/env';
import { BodyTooLargeError, readCapped } from '@/lib/server/http/read-input';
import { log } from '@/lib/server/log';
import { authorizePlay, authorizePublish, streamStarted, streamStopped } from './hooks';
import { isAnchorSecret } from './signing';

type HookCall = { call: string; app: string; name: string; query: Record<string, string> };

const srsHook = z.object({ action: z.string(), app: z.string().default(''), stream: z.string().default(''), param: z.string().default('') });
const formHook = z.looseObject({ call: z.string().default(''), app: z.string().default(''), name: z.string().default('') });

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
    const call = { on_publish: 'publish', on_unpublish: 'publish_done', on_play: 'play', on_stop: 'play_done' }[parsed.data.action] ?? parsed.data.action;
    return { call, app: parsed.data.app, name: parsed.data.stream, query: Object.fromEntries(new URLSearchParams(parsed.data.param.replace(/^\?/, ''))) };
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
  if (hook.app !== 'live') return refuse();
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

/** POST /api/media/hooks/play: renditions are free; a ticketed live's source needs the viewer's signed URL. */
export async function handlePlayHook(db: Db, request: Request): Promise<Response> {
  const hook = await readHookOrAnswer(request);
  if (hook instanceof Response) return hook;
  if (hook.app !== 'live') return refuse();
  if (hook.call === 'play_done') return allow();
  if (hook.call !== 'play') return refuse();
  const decision = await authorizePlay(db, hook.name, hook.query);
  return decision.ok ? allow() : refuse();
}
