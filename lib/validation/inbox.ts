// The inbox (spec §3 messages, §7 privateChat/* and mgrChat/*, §9 pages of 20): private messages between a viewer
// and an anchor, the system conversation and the unread counts. One schema per input, shared by the pages and the
// route handlers, and the replies they read. Messages are keys of messages/*/inbox.json.
import { z } from 'zod';
import { pageNumber, pageSize } from './paging';
import { coverMaxBytes } from './live';

/** Spec §9: history pages of 20. */
export const inboxPageSize = 20;
/** A private message's text, in characters. */
export const privateMessageMaxLength = 500;
/** The sender may recall a message this long after sending it (spec §8 recall notice). */
export const recallWindowMs = 2 * 60_000;

const peerId = z.coerce.number('inbox.validation.peerRequired').int('inbox.validation.peerRequired').positive('inbox.validation.peerRequired').max(Number.MAX_SAFE_INTEGER, 'inbox.validation.peerRequired');
const page = pageNumber('inbox.validation.badPage');
const size = pageSize('inbox.validation.badPage', inboxPageSize, inboxPageSize);
const deviceId = z.string().max(128).optional();

/** POST /api/privateChat/getRecordDetail {device_id, anchor_id, duration 0, page, size 20}: the conversation with `anchor_id` (the other side), newest page first. */
export const privateHistoryInput = z.object({ device_id: deviceId, anchor_id: peerId, duration: z.coerce.number().optional(), page, size });

/** POST /api/privateChat/read {device_id, anchor_id, latest_msg_stamp}: read up to that send time (ms). */
export const privateReadInput = z.object({
  device_id: deviceId,
  anchor_id: peerId,
  latest_msg_stamp: z.coerce.number('inbox.validation.badStamp').int('inbox.validation.badStamp').min(0, 'inbox.validation.badStamp').max(8_640_000_000_000_000, 'inbox.validation.badStamp'),
});

/** What a private or fan group message carries: text (500 characters), an uploaded image's key, the sender's id for the send. */
export const messageBodyFields = {
  content: z.string('inbox.validation.empty').trim().max(privateMessageMaxLength, 'inbox.validation.tooLong').default(''),
  img_url: z.string('inbox.validation.badImage').trim().max(200, 'inbox.validation.badImage').default(''),
  client_id: z.string('inbox.validation.badClientId').min(1, 'inbox.validation.badClientId').max(64, 'inbox.validation.badClientId').regex(/^[\w.:-]+$/, 'inbox.validation.badClientId'),
};

/** POST /api/privateChat/send {anchor_id, content?, img_url?, client_id}: text, an uploaded image, or both. */
export const privateSendInput = z
  .object({ anchor_id: peerId, ...messageBodyFields })
  .refine((value) => value.content !== '' || value.img_url !== '', { message: 'inbox.validation.empty', path: ['content'] });

/** POST /api/privateChat/revoke {msg_id}. */
export const privateRevokeInput = z.object({ msg_id: z.coerce.number('inbox.validation.badMessage').int('inbox.validation.badMessage').positive('inbox.validation.badMessage').max(Number.MAX_SAFE_INTEGER, 'inbox.validation.badMessage') });

/** POST /api/privateChat/block {anchor_id, blocked}: stop (1) or allow again (0) messages from that user. */
export const privateBlockInput = z.object({ anchor_id: peerId, blocked: z.coerce.number('inbox.validation.badFlag').pipe(z.literal([0, 1], 'inbox.validation.badFlag')) });

/** POST /api/privateChat/conversations {page, size}, /api/mgrChat/getHistory {user_id?, limit 20, page}. */
export const inboxPageInput = z.object({ page, size });
export const systemHistoryInput = z.object({ user_id: z.coerce.number().optional(), limit: size, page });

const person = z.object({ id: z.number(), nick_name: z.string(), avatar: z.string(), role: z.string() });
export type InboxPerson = z.infer<typeof person>;

/** Spec §3 message: chatType 1 mine, 2 theirs; a recalled one keeps its place with no content. `img_url` is where the image shows. */
export const privateMessageSchema = z.object({
  id: z.number(),
  sender_uid: z.number(),
  content: z.string(),
  img_url: z.string(),
  send_time: z.number(),
  chatType: z.union([z.literal(1), z.literal(2)]),
  revoked: z.boolean(),
});
export type PrivateMessage = z.infer<typeof privateMessageSchema>;

/** `peer_read_id`: the newest of the caller's messages the other side has read (read receipts). */
export const privateHistoryReply = z.object({ msg_group: z.array(privateMessageSchema), no_more: z.boolean(), peer: person, blocked: z.boolean(), can_send: z.boolean(), peer_read_id: z.number() });
export type PrivateHistory = z.infer<typeof privateHistoryReply>;

const conversationSchema = z.object({ peer: person, last: privateMessageSchema, unread: z.number() });
export const conversationsReply = z.object({ list: z.array(conversationSchema), total: z.number() });
export type Conversations = z.infer<typeof conversationsReply>;

const systemMessageSchema = z.object({ id: z.number(), sender_uid: z.number(), content: z.string(), send_time: z.number() });
export const systemHistoryReply = z.object({ mgr_chat_history: z.array(systemMessageSchema), no_more: z.boolean() });
export type SystemHistory = z.infer<typeof systemHistoryReply>;

/** The header badge: unread private messages plus unread system messages (spec §6: the system conversation counts). */
export const unreadReply = z.object({ private: z.number(), system: z.number(), total: z.number() });
export type UnreadCounts = z.infer<typeof unreadReply>;

/** POST /api/privateChat/upload: an image for a private message (the stored key to send as img_url). */
export const privateImageReply = z.object({ img_url: z.string(), url: z.string() });
export type PrivateImage = z.infer<typeof privateImageReply>;
export const privateImageInput = z.object({ file: z.file('inbox.validation.badImage').min(1, 'inbox.validation.badImage').max(coverMaxBytes - 1, 'inbox.validation.imageTooLarge') });
