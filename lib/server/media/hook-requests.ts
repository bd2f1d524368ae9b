import 'server-only';
// The HTTP hooks an external media server calls: nginx-rtmp's on_publish / on_publish_done / on_play (form
// fields call, app, name and the URL's query, e.g. key) and SRS's on_publish / on_unpublish / on_play (JSON
// with action, app, stream and param "?key=…"). 200 allows, 403 refuses: both servers understand that.
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/server/log';
import { authorizePlay, authorizePublish, streamStarted, streamStopped } from './hooks';
import { isAnchorSecret } from './signing';

type HookCall = { call: string; app: string; name: string; query: Record<string, string> };

const srsHook = z.object({ action: z.string(), app: z.string().default(''), stream: z.string().default(''), param: z.string().default('') });
const formHook = z.looseObject({ call: z.string().default(''), app: z.string().default(''), name: z.string().default('') });

async function readHook(request: Request): Promise<HookCall | undefined> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.text().catch(() => '');
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

const allow = () => new Response('0', { status: 200, headers: { 'content-type': 'text/plain' } });
const refuse = () => new Response('refused', { status: 403, headers: { 'content-type': 'text/plain' } });

/** POST /api/media/hooks/publish */
export async function handlePublishHook(db: Db, request: Request): Promise<Response> {
  const hook = await readHook(request);
  if (!hook || hook.app !== 'live') return refuse();
  if (hook.call === 'publish') {
    const decision = await authorizePublish(db, hook.name, hook.query.key);
    if (!decision.ok) {
      log.info('publish refused', { stream: hook.name, reason: decision.reason });
      return refuse();
    }
    await streamStarted(db, decision.live, { renditions: ['src'], sourceHeight: 0, hls: Boolean(getEnv().MEDIA_HLS_URL_TEMPLATE) });
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
  const hook = await readHook(request);
  if (!hook || hook.app !== 'live') return refuse();
  if (hook.call === 'play_done') return allow();
  if (hook.call !== 'play') return refuse();
  const decision = await authorizePlay(db, hook.name, hook.query);
  return decision.ok ? allow() : refuse();
}
