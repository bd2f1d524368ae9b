// Fan groups (spec §3 fan groups and group chat messages, §7 groupChat/*, §9 pages of 20): one group per anchor,
// `group_id` the messaging group (`fans:<anchor id>`), `fans_group_id` the anchor's id. One schema per input, shared
// by the pages and the route handlers, and the replies they read. Messages are keys of messages/*/inbox.json.
import { z } from 'zod';
import { banDurationMax, banReasons, banUnits } from './chat-constants';
import { messageBodyFields } from './inbox';
import { pageNumber, pageSize } from './paging';

/** Spec §9: history pages of 20. */
export const groupPageSize = 20;
/** The sender may recall a message this long after sending it (spec §8 recall notice). */
export const groupRecallWindowMs = 2 * 60_000;
/** A kicked member may join again after this long. */
export const rejoinAfterKickMs = 24 * 3_600_000;

/** Spec §3 group chat message types; 6 is ours (a lifted ban), the spec leaves it unnamed. */
export const groupMessageTypes = { text: 0, joined: 1, recalled: 2, deleted: 3, kicked: 4, banned: 5, unbanned: 6, image: 7 } as const;

export const fanGroupRoomKey = (anchorId: number) => `fans:${anchorId}`;

/** A group as `fans:<anchor id>` (the spec's group_id) or the bare anchor id (fans_group_id). */
const groupRef = z.preprocess(
  (value) => {
    const match = /^(?:fans:)?([1-9]\d{0,14})$/.exec(String(value ?? '').trim());
    return match ? Number(match[1]) : Number.NaN;
  },
  z.number('inbox.groups.validation.badGroup').int('inbox.groups.validation.badGroup').max(Number.MAX_SAFE_INTEGER, 'inbox.groups.validation.badGroup'),
);
const id = (message: string) => z.coerce.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** POST /api/groupChat/getAnchorProfile {anchorId}. */
export const anchorProfileInput = z.object({ anchorId: id('inbox.groups.validation.badGroup') });
/** POST /api/groupChat/addToGroupChat, leave, getGroupInfo {group_id}. */
export const groupInput = z.object({ group_id: groupRef });
/** POST /api/groupChat/getHistory {group_id, limit 20, page}. */
export const groupHistoryInput = z.object({ group_id: groupRef, limit: pageSize('inbox.validation.badPage', groupPageSize, groupPageSize), page: pageNumber('inbox.validation.badPage') });
/** POST /api/groupChat/read {fans_group_id}: everything up to now is read. */
export const groupReadInput = z.object({ fans_group_id: groupRef });

/** POST /api/groupChat/send {group_id, content?, img_url?, client_id}: text or an uploaded image (/api/privateChat/upload). */
export const groupSendInput = z
  .object({ group_id: groupRef, ...messageBodyFields })
  .refine((value) => value.content !== '' || value.img_url !== '', { message: 'inbox.validation.empty', path: ['content'] })
  .refine((value) => value.content === '' || value.img_url === '', { message: 'inbox.groups.validation.textOrImage', path: ['img_url'] });

/** POST /api/groupChat/recall {msg_id} (the sender), /api/groupChat/delete {msg_id} (the anchor or a manager). */
export const groupMessageInput = z.object({ msg_id: id('inbox.validation.badMessage') });

/** POST /api/groupChat/kick {group_id, user_id}, /api/groupChat/unban {group_id, user_id}. */
export const groupMemberInput = z.object({ group_id: groupRef, user_id: id('inbox.groups.validation.badMember') });

/** POST /api/groupChat/ban {group_id, user_id, unit, duration, reason}: the room ban's rules, in the group. */
export const groupBanInput = z
  .object({
    group_id: groupRef,
    user_id: id('inbox.groups.validation.badMember'),
    unit: z.enum(banUnits, 'chat.validation.unitInvalid'),
    duration: z.coerce.number('chat.validation.durationInvalid').int('chat.validation.durationInvalid').min(0, 'chat.validation.durationInvalid').default(0),
    reason: z.enum(banReasons, 'chat.validation.reasonInvalid').default('other'),
  })
  .superRefine((input, ctx) => {
    if (input.unit !== 'permanent' && (input.duration < 1 || input.duration > banDurationMax[input.unit])) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'chat.validation.durationInvalid' });
    }
  });

export type GroupBanInput = z.output<typeof groupBanInput>;

const person = z.object({ id: z.number(), nick_name: z.string(), avatar: z.string() });

/**
 * Spec §3 group chat message (FansGroupHistory): `seq` orders a group's lines; `uid`/`nick_name` the sender; a
 * notice's `subject` is whom it is about. chatType 1 mine, 2 someone else's, 3 a notice. A recalled or deleted line
 * keeps its place without its text or image.
 */
export const groupMessageSchema = z.object({
  id: z.number(),
  seq: z.number(),
  group_id: z.string(),
  type: z.number(),
  uid: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  content: z.string(),
  img_url: z.string(),
  send_time: z.number(),
  chatType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  subject: person.nullable(),
});
export type GroupMessage = z.infer<typeof groupMessageSchema>;

export const groupInfoSchema = z.object({
  group_id: z.string(),
  fans_group_id: z.number(),
  name: z.string(),
  anchor: person,
  member_count: z.number(),
  /** 1 when the caller is a member (the anchor always is). */
  is_member: z.union([z.literal(0), z.literal(1)]),
  /** The caller may delete, kick and ban here. */
  can_moderate: z.union([z.literal(0), z.literal(1)]),
  /** Milliseconds the caller's ban ends, 0 permanent; absent when not banned. */
  banned_until: z.number().optional(),
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;

export const anchorProfileReply = z.object({ groups: z.array(groupInfoSchema), anchor_profile: person.extend({ fans: z.number() }), is_attend: z.union([z.literal(0), z.literal(1)]) });
export type AnchorGroupProfile = z.infer<typeof anchorProfileReply>;

export const groupHistoryReply = z.object({ list: z.array(groupMessageSchema), no_more: z.boolean() });
export type GroupHistory = z.infer<typeof groupHistoryReply>;

/** Spec §3 chatList entry: a group the caller is in, its newest line and the caller's unread count. */
const groupChatSchema = z.object({ anchor_id: z.number(), group_id: z.string(), fans_group_id: z.number(), name: z.string(), avatar: z.string(), unread_num: z.number(), last: groupMessageSchema.nullable() });
export const groupChatListReply = z.object({ chat_list: z.array(groupChatSchema) });
export type GroupChatList = z.infer<typeof groupChatListReply>;
