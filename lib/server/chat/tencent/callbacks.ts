import 'server-only';
// Tencent Cloud Chat's callbacks to us (one URL for every command): the before-send callback asks whether a
// viewer's line may go into a live group, and gets the built-in gateway's answer (judgeChatLine: bans, mutes,
// speak rate, links, contact details); the after-send callback puts the line in the room's log, so history,
// recovery, deletions and the moderation log do not depend on the provider; the C2C before-send callback brings the
// custom frames viewers send to the admin account (custom-frames.ts). Callbacks are authenticated as
// Tencent documents: the app's SdkAppid in the URL and, when a callback token is set, Sign = sha256(token +
// RequestTime) on a recent RequestTime.
import crypto from 'node:crypto';
import { getDb, type Db } from '@/lib/db';
import { getBus, type Bus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import type { SayMessage } from '@/lib/realtime/protocol';
import { resolveBrand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { serverTranslator, type ServerTranslate } from '@/lib/server/http/translate';
import { log } from '@/lib/server/log';
import { roomOfTencentGroup, tencentC2cMessageCallback, tencentCallbackQuery, tencentGroupMessageCallback, type TencentCallbackReply, type TencentGroupMessageCallback } from '@/lib/validation/tencent-im';
import type { ParsedRoom } from '@/lib/validation/chat';
import { activeBanEnd } from '../bans';
import { loadChatSender } from '../chat-users';
import { createSpeakerStates, type SpeakerStates } from '../counters';
import { judgeChatLine } from '../judge-line';
import { newMessageId, publishRoomMessage } from '../publish';
import { normaliseChatText } from '../rules';

import { answerCustomFrame, type FrameServices } from './custom-frames';
import type { TencentRest } from './rest';
import { tencentImSettings, type TencentImSettings } from './settings';

/** Tencent waits 2 s for a before-send answer by default; ours leaves room for the network. */
const beforeSendDeadlineMs = 1500;
/** How old a signed callback's RequestTime may be, either way (clock skew included). */
const requestTimeWindowSeconds = 300;
/** A callback body is a message and its envelope: anything larger is not one. */
const maxBodyBytes = 64 * 1024;

const allow: TencentCallbackReply = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' };
const refuse = (info: string): TencentCallbackReply => ({ ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: info });
const failure = (info: string): TencentCallbackReply => ({ ActionStatus: 'FAIL', ErrorCode: 1, ErrorInfo: info });

const speakersKey = Symbol.for('sportcast.tencentImSpeakers');

/** The viewers' chat state the callbacks count in: Redis with REDIS_URL (shared with the gateways), else this process. */
function processSpeakerStates(): SpeakerStates {
  const holder = globalThis as { [speakersKey]?: SpeakerStates };
  holder[speakersKey] ??= createSpeakerStates();
  return holder[speakersKey];
}

export type CallbackDeps = FrameServices & { db?: Db; bus?: Bus; speakers?: SpeakerStates; settings?: TencentImSettings; nowMs?: number; rest?: TencentRest };

/** Whether a callback URL is Tencent's for our app: the SdkAppid, and the Sign when a token is configured. */
function callbackAuthentic(settings: TencentImSettings, query: { SdkAppid: string; Sign?: string; RequestTime?: string }, nowMs = Date.now()): boolean {
  if (query.SdkAppid !== String(settings.sdkAppId)) return false;
  if (!settings.callbackToken) return true;
  if (!query.Sign || !query.RequestTime) return false;
  if (Math.abs(nowMs / 1000 - Number(query.RequestTime)) > requestTimeWindowSeconds) return false;
  const expected = crypto.createHash('sha256').update(settings.callbackToken + query.RequestTime).digest();
  const given = Buffer.from(query.Sign, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function json(reply: TencentCallbackReply, status = 200): Response {
  return Response.json(reply, { status, headers: { 'cache-control': 'no-store' } });
}

/** POST /api/tencentIm/callback: every command Tencent sends us; those we do not handle are acknowledged. */
export async function handleTencentCallback(request: Request, deps: CallbackDeps = {}): Promise<Response> {
  const locale: Locale = resolveBrand(request.headers.get('host')).locale;
  const t = serverTranslator(locale);
  const settings = deps.settings ?? tencentImSettings();
  if (!settings) return json(failure(t('chat.tencent.notConfigured')), 404);
  const url = new URL(request.url);
  const query = tencentCallbackQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return json(failure(t('chat.tencent.badCallback')), 400);
  if (!callbackAuthentic(settings, query.data, deps.nowMs)) return json(failure(t('chat.tencent.unsignedCallback')), 401);

  const command = query.data.CallbackCommand;
  if (command === 'C2C.CallbackBeforeSendMsg') return json(await c2cBeforeSend(request, settings, deps, locale, t));
  if (command !== 'Group.CallbackBeforeSendMsg' && command !== 'Group.CallbackAfterSendMsg') return json(allow);
  const body = await readBody(request);
  const parsed = tencentGroupMessageCallback.safeParse(body);
  if (!parsed.success || parsed.data.CallbackCommand !== command) return json(refuse(t('chat.tencent.badCallback')));
  const callback = parsed.data;
  const room = roomOfTencentGroup(callback.GroupId);
  if (!room) return json(refuse(t('chat.errors.badRoom')));
  // The admin account is the server itself: its messages were judged before they were sent.
  if (callback.From_Account === settings.admin) return json(allow);

  const db = deps.db ?? (await getDb());
  const bus = deps.bus ?? getBus();
  if (command === 'Group.CallbackBeforeSendMsg') {
    return json(await beforeSend(db, bus, deps.speakers ?? processSpeakerStates(), callback, room, resolveBrand(request.headers.get('host')).id, t));
  }
  await afterSend(db, bus, callback, room);
  return json(allow);
}

/** The callback's JSON body, or undefined when it is too large or not JSON. */
async function readBody(request: Request): Promise<unknown> {
  const raw = await request.text().catch(() => '');
  try {
    return raw.length > maxBodyBytes ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** A one-to-one message: to the admin account it is a custom frame for the server; between viewers it is not ours to judge. */
async function c2cBeforeSend(request: Request, settings: TencentImSettings, deps: CallbackDeps, locale: Locale, t: ServerTranslate): Promise<TencentCallbackReply> {
  const parsed = tencentC2cMessageCallback.safeParse(await readBody(request));
  if (!parsed.success || parsed.data.CallbackCommand !== 'C2C.CallbackBeforeSendMsg') return refuse(t('chat.tencent.badCallback'));
  if (parsed.data.To_Account !== settings.admin || parsed.data.From_Account === settings.admin) return allow;
  try {
    return await answerCustomFrame(parsed.data, { db: deps.db ?? (await getDb()), bus: deps.bus ?? getBus(), settings, locale, rest: deps.rest, sendGift: deps.sendGift, openQuizzes: deps.openQuizzes });
  } catch (error) {
    log.warn('tencent im custom frame failed', { from: parsed.data.From_Account, error: error instanceof Error ? error.message : String(error) });
    return refuse(t('chat.errors.unavailable'));
  }
}

/** A Tencent account of ours is a user id; anything else (guests) may read but not write. */
function senderUserId(account: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(account) ? Number(account) : undefined;
}

/** The line's text, when every element is text (custom elements and media are not chat lines). */
function lineText(callback: TencentGroupMessageCallback): string | undefined {
  if (!callback.MsgBody.every((element) => element.MsgType === 'TIMTextElem' && typeof element.MsgContent.Text === 'string')) return undefined;
  return callback.MsgBody.map((element) => element.MsgContent.Text).join('');
}

async function beforeSend(db: Db, bus: Bus, speakers: SpeakerStates, callback: TencentGroupMessageCallback, room: ParsedRoom, brandId: string, t: ServerTranslate): Promise<TencentCallbackReply> {
  const text = lineText(callback);
  if (text === undefined) return refuse(t('chat.tencent.unsupportedMessage'));
  const line = { userId: senderUserId(callback.From_Account), brandId, room, content: text, props_type: 0, props_id: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), beforeSendDeadlineMs);
  });
  try {
    // Past the deadline Tencent applies its own default: we answer first, and refuse what we could not judge.
    const verdict = await Promise.race([judgeChatLine(db, bus, speakers, line, t), late]);
    if (verdict === 'late') {
      log.warn('tencent im before-send judged too late', { group: callback.GroupId });
      return refuse(t('chat.errors.unavailable'));
    }
    return verdict.ok ? allow : refuse(t(verdict.key, verdict.params));
  } catch (error) {
    log.warn('tencent im before-send failed', { group: callback.GroupId, error: error instanceof Error ? error.message : String(error) });
    return refuse(t('chat.errors.unavailable'));
  } finally {
    clearTimeout(timer);
  }
}

/** Stores a line Tencent delivered in the room's log (once, however often Tencent retries the callback). */
async function afterSend(db: Db, bus: Bus, callback: TencentGroupMessageCallback, room: ParsedRoom): Promise<void> {
  const text = lineText(callback);
  const userId = senderUserId(callback.From_Account);
  if (text === undefined || userId === undefined) return;
  const content = normaliseChatText(text);
  const sender = await loadChatSender(db, userId);
  if (!sender || content === '' || (await activeBanEnd(db, room.key, userId)) !== undefined) return;
  // Tencent's sequence number of the message in its group names it on both sides, so a delete reaches it.
  const id = callback.MsgSeq === undefined ? newMessageId() : `tim_${callback.MsgSeq}`;
  const recent = await bus.readBefore(room.key, undefined, 100);
  if (recent.some((entry) => parseLogged(entry.frame).id === id)) return;
  const message: SayMessage = {
    type: 'say',
    groupId: room.key,
    id,
    ...sender,
    content,
    props_type: 0,
    props_id: 0,
    send_time: callback.MsgTime === undefined ? Date.now() : callback.MsgTime * 1000,
  };
  await publishRoomMessage(bus, message, 'tencent');
}
