// Chat and moderation (spec §6, §7): the room keys every chat call and frame names, the moderation vocabulary, one
// schema per input (shared by the live room's dialogs and the route handlers) and the replies of the chat calls.
// Messages are keys of messages/*/chat.json. The WebSocket frames themselves are typed in lib/realtime/protocol.ts.
import { z } from 'zod';
import { banDurationMax, banReasons, banUnits, parseRoomKey } from './chat-constants';
import { userRoles } from './users';

// The room keys and the moderation vocabulary are plain constants (lib/validation/chat-constants.ts), so the
// realtime protocol and the chat panel use them without the schemas.
export { liveRoomKey, parseRoomKey, privateRoomKey, type BanReason, type BanUnit, type ParsedRoom } from './chat-constants';

/** Spec §3 announcement contact lines (title/value; title main_content is the headline). */
export type AnnouncementContact = { title: string; value: string };

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────

/** A room key (`live:<anchor id>`, …) or, as the spec's groupId, a bare live room id. */
const roomKeySchema = z
  .union([z.string('chat.validation.roomRequired'), z.number()])
  .transform((value, ctx) => {
    const parsed = parseRoomKey(String(value).trim());
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'chat.validation.roomInvalid' });
      return z.NEVER;
    }
    return parsed.key;
  });


const userId = z.coerce.number('chat.validation.userRequired').int('chat.validation.userRequired').positive('chat.validation.userRequired');

export const banUserInput = z
  .object({
    groupId: roomKeySchema,
    user_id: userId,
    unit: z.enum(banUnits, 'chat.validation.unitInvalid'),
    duration: z.coerce.number().int('chat.validation.durationInvalid').min(0, 'chat.validation.durationInvalid').default(0),
    reason: z.enum(banReasons, 'chat.validation.reasonInvalid'),
  })
  .superRefine((input, ctx) => {
    if (input.unit === 'permanent') return;
    if (input.duration < 1 || input.duration > banDurationMax[input.unit]) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'chat.validation.durationInvalid' });
    }
  });
export type BanUserInput = z.output<typeof banUserInput>;

export const unbanUserInput = z.object({ groupId: roomKeySchema, user_id: userId });
export type UnbanUserInput = z.output<typeof unbanUserInput>;

export const deleteMessageInput = z.object({
  groupId: roomKeySchema,
  id: z.string('chat.validation.messageRequired').trim().min(1, 'chat.validation.messageRequired').max(64, 'chat.validation.messageRequired'),
});
export type DeleteMessageInput = z.output<typeof deleteMessageInput>;

export const banListInput = z.object({ groupId: roomKeySchema });

const announcementMaxLength = 500;

export const setAnnouncementInput = z.object({
  groupId: roomKeySchema,
  content: z.string('chat.validation.announcementRequired').trim().max(announcementMaxLength, 'chat.validation.announcementTooLong'),
  contact: z
    .array(z.object({ title: z.string().trim().min(1).max(40), value: z.string().trim().min(1).max(200) }), 'chat.validation.contactInvalid')
    .max(6, 'chat.validation.contactInvalid')
    .default([]),
});
export type SetAnnouncementInput = z.output<typeof setAnnouncementInput>;

// ── Replies ─────────────────────────────────────────────────────────────────────────────────────

/** POST /api/live/banUser (and an automatic mute): who was banned, how long, and when it ends (ms; 0 permanent). */
export const banResultSchema = z.object({
  user_id: z.number(),
  nick_name: z.string(),
  unit: z.enum(banUnits),
  duration: z.number(),
  reason: z.enum(banReasons).catch('other'),
  until: z.number(),
});
export type BanResult = z.infer<typeof banResultSchema>;

/** POST /api/live/banList: the room's active bans, newest first; `by` 0 for an automatic mute, `created_at` in ms. */
export const banListReply = z.array(banResultSchema.extend({ by: z.number(), created_at: z.number() }));
export type BanListEntry = z.infer<typeof banListReply>[number];

/** POST /api/live/unbanUser: the viewer whose ban was lifted. */
export const unbanUserReply = z.object({ user_id: z.number() });
export type UnbanUserReply = z.infer<typeof unbanUserReply>;

/** POST /api/live/deleteMessage: the deleted message's id. */
export const deleteMessageReply = z.object({ id: z.string() });
export type DeleteMessageReply = z.infer<typeof deleteMessageReply>;

/** GET|POST /api/scIm/getUserSig: a guest identity for the chat gateway; the sig is `<expiry seconds>.<hmac>`. */
export const guestIdentityReply = z.object({ id: z.string(), sig: z.string() });
export type GuestIdentity = z.infer<typeof guestIdentityReply>;

/**
 * GET|POST /api/tencentIm/getUserSig: the caller's Tencent Cloud Chat identity (a user id, or `guest_<hex>`), its
 * UserSig, and who the chat shows (the gateway's `authed` user: Tencent knows only the id).
 */
export const tencentUserSigReply = z.object({
  id: z.string(),
  sig: z.string(),
  sdkappid: z.number(),
  expires_in: z.number(),
  // The server account: the browser sends its custom frames (ping, login, giftFeed, quizPrompt) to it, and takes
  // one-to-one custom messages from it, and from no one else, as the server's replies.
  admin: z.string(),
  user: z.object({ id: z.union([z.number(), z.string()]), guest: z.boolean(), nick_name: z.string(), level: z.number(), vip_level: z.number(), role: z.enum(userRoles) }),
});
export type TencentUserSig = z.infer<typeof tencentUserSigReply>;

/** GET /api/live/chat_config: the brand's chat limits with the spec's field names. */
export const chatConfigReply = z.object({
  id: z.string(),
  speak_rate: z.number(),
  speak_rate_toggle: z.number(),
  single_msg_num_length: z.number(),
  single_msg_toggle: z.number(),
  num_msg_count: z.number(),
  num_msg_count_toggle: z.number(),
  link_set: z.string(),
  link_set_toggle: z.number(),
  continue_trigger_num: z.number(),
  continue_trigger_banned: z.number(),
  continue_trigger_toggle: z.number(),
  total_trigger: z.number(),
  total_trigger_banned: z.number(),
  total_trigger_toggle: z.number(),
});
export type ChatConfigReply = z.infer<typeof chatConfigReply>;

