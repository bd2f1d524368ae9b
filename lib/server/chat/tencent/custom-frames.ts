import 'server-only';
// The spec's custom messages to the server account on Tencent Cloud Chat: a browser sends its ping, login/first,
// giftFeed and quizPrompt frames as one-to-one messages to the admin account, a TIMCustomElem whose Data is the
// frame's JSON; Tencent hands them to us in its C2C before-send callback. The frame is read with the gateway's own
// schema and answered by the gateway's own code (room-frames.ts); the replies go back to that one user with
// openim/sendmsg, from the admin.
import type { Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { clientFrame, type ServerFrame } from '@/lib/realtime/protocol';
import type { Locale } from '@/lib/i18n/locales';
import { serverTranslator, type ServerTranslate } from '@/lib/server/http/translate';
import { log } from '@/lib/server/log';
import { parseRoomKey } from '@/lib/validation/chat';
import type { TencentC2cMessageCallback, TencentCallbackReply } from '@/lib/validation/tencent-im';
import { allowAction } from '../abuse-limits';
import { findLiveRoomAnchor } from '../chat-users';
import { isGuestId } from '../guest-sig';
import { createRoomFrames, guestMaySend, type RoomFrame, type RoomFrameOptions } from '../room-frames';
import { createTencentRest, type TencentRest } from './rest';
import type { TencentImSettings } from './settings';

/** The services the frames need that the chat does not own (the route hands them in, as server.ts does for the gateway). */
export type FrameServices = Pick<RoomFrameOptions, 'sendGift' | 'openQuizzes'>;

export type CustomFrameDeps = FrameServices & { db: Db; bus: Bus; settings: TencentImSettings; locale: Locale; rest?: TencentRest };

const allow: TencentCallbackReply = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' };
const refuse = (info: string): TencentCallbackReply => ({ ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: info });

const restKey = Symbol.for('sportcast.tencentImRest');

/** One REST client per process (its admin sig is made once), for the configured app. */
function processRest(settings: TencentImSettings): TencentRest {
  const holder = globalThis as { [restKey]?: { appId: number; rest: TencentRest } };
  if (holder[restKey]?.appId !== settings.sdkAppId) holder[restKey] = { appId: settings.sdkAppId, rest: createTencentRest(settings) };
  return holder[restKey].rest;
}

/**
 * The Tencent account back to our identity, the way getUserSig minted it: a user id, or a guest's `guest_<hex>`.
 * Anything else is no account of ours.
 */
function accountIdentity(account: string): { userId: number | undefined } | undefined {
  if (/^[1-9]\d{0,14}$/.test(account)) return { userId: Number(account) };
  return isGuestId(account) ? { userId: undefined } : undefined;
}

/** The frame in a message's single custom element, if it is one of the frames the server account answers. */
function customFrame(callback: TencentC2cMessageCallback): RoomFrame | { type: 'ping' } | undefined {
  const [element, ...rest] = callback.MsgBody;
  if (rest.length > 0 || element.MsgType !== 'TIMCustomElem' || typeof element.MsgContent.Data !== 'string') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(element.MsgContent.Data);
  } catch {
    return undefined;
  }
  const parsed = clientFrame.safeParse(data);
  if (!parsed.success) return undefined;
  const frame = parsed.data;
  switch (frame.type) {
    case 'ping':
    case 'login':
    case 'first':
    case 'giftFeed':
    case 'quizPrompt':
      return frame;
    default:
      return undefined;
  }
}

/**
 * C2C.CallbackBeforeSendMsg to the admin account: refuses what is not a frame the server answers, or what this
 * sender may not send (guests send no gifts); otherwise answers the frame once per message (MsgSeq + MsgRandom),
 * however often Tencent calls, and lets the message through.
 */
export async function answerCustomFrame(callback: TencentC2cMessageCallback, deps: CustomFrameDeps): Promise<TencentCallbackReply> {
  const t: ServerTranslate = serverTranslator(deps.locale);
  const identity = accountIdentity(callback.From_Account);
  if (!identity) return refuse(t('chat.errors.loginFailed'));
  const frame = customFrame(callback);
  if (!frame) return refuse(t('chat.tencent.badFrame'));
  // Spec §7 ping: presence. On Tencent the SDK keeps its own connection alive; there is no socket of ours to mark.
  if (frame.type === 'ping') return allow;
  const room = parseRoomKey(frame.groupId);
  // Only live rooms are carried by Tencent (lib/validation/tencent-im.ts).
  if (room?.kind !== 'live') return refuse(t('chat.errors.badRoom'));
  if (identity.userId === undefined && !guestMaySend(frame)) return refuse(t('gifts.errors.loginToSend'));
  if (!(await findLiveRoomAnchor(deps.db, room.id))) return refuse(t('chat.errors.noSuchRoom'));
  if (!(await allowAction('tencentC2cFrame', `${callback.From_Account}|${callback.MsgSeq}|${callback.MsgRandom}`))) return allow;

  const replies: ServerFrame[] = [];
  const frames = createRoomFrames({ bus: deps.bus, database: async () => deps.db, translator: serverTranslator, sendGift: deps.sendGift, openQuizzes: deps.openQuizzes });
  await frames.handle({ userId: identity.userId, locale: deps.locale, send: (reply) => void replies.push(reply) }, frame, room);
  const rest = deps.rest ?? processRest(deps.settings);
  for (const reply of replies) {
    try {
      await rest.sendUserMessage({ toAccount: callback.From_Account, type: reply.type, data: JSON.stringify(reply) });
    } catch (error) {
      // The frame was acted on (a gift is paid): the reply is lost, the balance and feed show on the next read.
      log.warn('tencent im reply not sent', { to: callback.From_Account, type: reply.type, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return allow;
}
