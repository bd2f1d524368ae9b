// What Tencent Cloud Chat's callbacks carry (docs/im.md): the query every callback URL gets, and the bodies of
// the group and one-to-one (C2C) before-send and after-send callbacks, as far as we read them; and which Tencent group mirrors which room.
import { z } from 'zod';
import { liveRoomKey, parseRoomKey, type ParsedRoom } from './chat-constants';

// A live room `live:<anchor id>` is the AVChatRoom `live_<anchor id>` (Tencent's group ids take letters, digits, `_`
// and `-`). Only live rooms are mirrored; fan groups, private conversations and match rooms stay on the built-in gateway.
export function tencentGroupId(room: string): string | undefined {
  const parsed = parseRoomKey(room);
  return parsed?.kind === 'live' ? `live_${parsed.id}` : undefined;
}

export function roomOfTencentGroup(groupId: string): ParsedRoom | undefined {
  const match = /^live_([1-9]\d{0,14})$/.exec(groupId);
  return match ? parseRoomKey(liveRoomKey(Number(match[1]))) : undefined;
}

export const tencentCallbackQuery = z.object({
  SdkAppid: z.string().regex(/^\d{1,12}$/),
  CallbackCommand: z.string().min(1).max(100),
  contenttype: z.literal('json').optional(),
  ClientIP: z.string().max(64).optional(),
  OptPlatform: z.string().max(32).optional(),
  // Present when a callback token is set in the console: Sign = sha256(token + RequestTime), hex.
  Sign: z.string().regex(/^[0-9a-fA-F]{64}$/).optional(),
  RequestTime: z.string().regex(/^\d{1,12}$/).optional(),
});

const msgElement = z.object({
  MsgType: z.string().max(40),
  MsgContent: z.looseObject({ Text: z.string().max(12_000).optional(), Data: z.string().max(12_000).optional() }),
});

export const tencentGroupMessageCallback = z.object({
  CallbackCommand: z.enum(['Group.CallbackBeforeSendMsg', 'Group.CallbackAfterSendMsg']),
  GroupId: z.string().min(1).max(48),
  From_Account: z.string().min(1).max(32),
  MsgBody: z.array(msgElement).min(1).max(20),
  Random: z.number().int().min(0).optional(),
  // After-send only: the group's sequence number of the message and its time (seconds).
  MsgSeq: z.number().int().min(0).optional(),
  MsgTime: z.number().int().min(0).optional(),
});
export type TencentGroupMessageCallback = z.infer<typeof tencentGroupMessageCallback>;

/** A one-to-one message: the custom frames viewers send to the server account arrive as these (docs/im.md). */
export const tencentC2cMessageCallback = z.object({
  CallbackCommand: z.enum(['C2C.CallbackBeforeSendMsg', 'C2C.CallbackAfterSendMsg']),
  From_Account: z.string().min(1).max(32),
  To_Account: z.string().min(1).max(32),
  MsgBody: z.array(msgElement).min(1).max(20),
  // MsgSeq and MsgRandom name the message; a retried callback carries the same pair.
  MsgSeq: z.number().int().min(0),
  MsgRandom: z.number().int().min(0),
  MsgTime: z.number().int().min(0).optional(),
});
export type TencentC2cMessageCallback = z.infer<typeof tencentC2cMessageCallback>;

/** The reply Tencent expects: ErrorCode 0 lets a message through, 1 refuses it (ErrorInfo is shown to the sender). */
export type TencentCallbackReply = { ActionStatus: 'OK' | 'FAIL'; ErrorCode: number; ErrorInfo: string };
