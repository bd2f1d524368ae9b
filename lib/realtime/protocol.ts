// The WebSocket protocol shared by the gateway and the browser: every frame is one JSON object whose
// `type` is the spec's message name (§7 "server messages received", custom messages). docs/realtime.md
// describes each frame; this file is its single definition.
// Room keys, the moderation vocabulary and the live status are shared with the HTTP calls, so they are defined in
// lib/validation (chat.ts, live.ts, users.ts) and used here.
import { z } from 'zod';
import type { AnnouncementContact } from '@/lib/validation/chat';
import { parseRoomKey, type BanReason, type BanUnit, type RoomKey } from '@/lib/validation/chat-constants';
import type { LiveStatus } from '@/lib/validation/live';
import type { RankingRow } from '@/lib/validation/ranking';
import type { UserRole } from '@/lib/validation/users';
import type { BetResult } from '@/lib/validation/quiz-constants';
import type { QuizView } from '@/lib/validation/quizzes';
import type { GroupMessage } from '@/lib/validation/fan-groups';
import { bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import type { MatchLiveMessage } from './match-messages';
import { maxChatLength, type imLoginRequiredCode } from './protocol-constants';

// The constants and room message sets live apart, without zod, for the browser's chat code to import alone.
export * from './protocol-constants';

// ── Rooms ───────────────────────────────────────────────────────────────────────────────────────

const roomKey = z
  .union([z.string(), z.number()])
  .transform((value, ctx) => {
    const parsed = parseRoomKey(String(value));
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'chat.errors.badRoom' });
      return z.NEVER;
    }
    return parsed.key;
  });

// ── Props (spec §3): speaker 100, colourful bubble 101 with props_id 2–4 ────────────────────────


/** In the chat a sender's role is their account's. */
export type ChatRole = UserRole;

// ── Client → server frames ──────────────────────────────────────────────────────────────────────

const deviceId = z.string().trim().max(128);

export const clientFrame = z.discriminatedUnion('type', [
  // Spec §7: ping every 60 s with the device id and the room.
  z.object({ type: z.literal('ping'), device_id: deviceId.optional(), groupId: z.union([z.string(), z.number()]).optional() }),
  // A signed-in user presents the session credential `<uid>.<token>`; a guest (or an app) its id and sig
  // from /api/scIm/getUserSig (users: the sig of getUserInfo).
  z.object({
    type: z.literal('auth'),
    token: z.string().max(256).optional(),
    uid: z.union([z.string().max(64), z.number()]).optional(),
    sig: z.string().max(256).optional(),
    device_id: deviceId.optional(),
    lang: z.string().max(16).optional(),
  }),
  // Join a room; with the epoch and last seq it saw, a client gets what it missed (or a reset).
  z.object({
    type: z.literal('join'),
    groupId: roomKey,
    epoch: z.string().max(64).optional(),
    last_seq: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('leave'), groupId: roomKey }),
  // Spec §7 "first or login (groupId, channel)": the viewer entered the room (login line or welcome).
  z.object({ type: z.enum(['login', 'first']), groupId: roomKey, channel: z.string().max(64).optional() }),
  z.object({
    type: z.literal('say'),
    groupId: roomKey,
    content: z.string().max(maxChatLength * 4),
    props_type: z.union([z.literal(0), z.literal(speakerPropsType), z.literal(bubblePropsType)]).default(0),
    props_id: z.number().int().min(0).max(4).default(0),
    /** Echoed in sayRep so the sender can match its pending message. */
    client_id: z.string().max(64).optional(),
    /** The server time of the frame on the sender's screen as they wrote (issue 27): the line belongs there. */
    video_at: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  // One history page older than before_seq (absent: the newest page).
  z.object({ type: z.literal('history'), groupId: roomKey, before_seq: z.number().int().min(1).optional() }),
  // Spec §7 giftFeed: alone, the room's recent gifts (giftFeedRep); with a gift, a send, answered by a giftFeedRep
  // that carries the send's status, the balance and the combo. The gift's fields are checked by lib/validation/gifts.
  z.object({
    type: z.literal('giftFeed'),
    groupId: roomKey,
    anchor_id: z.union([z.number(), z.string().max(20)]).optional(),
    gift_id: z.union([z.number(), z.string().max(20)]).optional(),
    count: z.number().optional(),
    idempotency_key: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('quizPrompt'), groupId: roomKey, guess_id: z.union([z.string().max(64), z.number()]) }),
  // A room manager deletes one message (the reply is clearRep).
  z.object({ type: z.literal('clearChat'), groupId: roomKey, id: z.string().min(1).max(64) }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;
export type ClientFrameInput = z.input<typeof clientFrame>;

// ── Payloads ────────────────────────────────────────────────────────────────────────────────────

/** Who a message is from, as every chat line shows them. */
export type ChatSender = {
  user_id: number;
  nick_name: string;
  avatar: string;
  level: number;
  vip_level: number;
  role: ChatRole;
  /** A viewer the room's anchor appointed to keep order there (docs/room-managers.md). */
  room_manager?: 1;
};

/** Spec §3 live chat message. `props_type` is the spec's `type` (100 speaker, 101 colourful bubble). */
export type SayMessage = ChatSender & {
  type: 'say';
  groupId: RoomKey;
  seq?: number;
  id: string;
  content: string;
  props_type: 0 | 100 | 101;
  props_id: 0 | 2 | 3 | 4;
  /** Milliseconds. */
  send_time: number;
  /** The moment of the picture the sender saw as they wrote (server ms), when it was recent: viewers see the line there. */
  video_at?: number;
  /** Identical messages aggregated under load: how many were sent (spec: "the last message's hit value can change"). */
  hit?: number;
};

/** A speaker props message: a paid, highlighted line every viewer sees. */
export type PropsMessage = Omit<SayMessage, 'type'> & { type: 'props' };

/** Spec §4 login lines: a line in the chat for notable viewers, a welcome for the others; VIP 1–3 also an entrance animation. */
export type LoginMessage = ChatSender & {
  type: 'login';
  groupId: RoomKey;
  seq?: number;
  id: string;
  /** 1: show a line in the chat; 0: a welcome in the welcome list. */
  line: 0 | 1;
  send_time: number;
};

/** Spec §3 gift message. */
export type GiftMessage = ChatSender & {
  type: 'gift';
  groupId: RoomKey;
  seq?: number;
  id: string;
  giftid: number;
  gift_name: string;
  icon: string;
  animation: string;
  animat_type: number;
  /** How long the animation plays, in milliseconds. */
  duration: number;
  /** How many this send carried. */
  count: number;
  /** Combo count: the gifts of this combo so far, this send's included. */
  hit: number;
  send_time: number;
};

/** Spec §7 heatRep (val, status): viewers in the room, and the live state (0 not started, 1 live, 2 away briefly). */
type HeatMessage = { type: 'heatRep'; groupId: RoomKey; val: number; status: LiveStatus };

export type AttentAnchorMessage = { type: 'attentAnchor'; groupId: RoomKey; seq?: number; id: string; user_id: number; nick_name: string; anchor_id: number; send_time: number };

export type BannedUserMessage = {
  type: 'bannedUser';
  groupId: RoomKey;
  seq?: number;
  id: string;
  user_id: number;
  nick_name: string;
  reason: BanReason;
  unit: BanUnit;
  duration: number;
  /** Milliseconds; 0 = permanent. */
  until: number;
  /** Who banned: a manager's or the anchor's id (automatic mutes are told to the muted viewer only). */
  by: number;
  send_time: number;
};

type UnbannedUserMessage = { type: 'unbannedUser'; groupId: RoomKey; seq?: number; id: string; user_id: number; nick_name: string; by: number; send_time: number };

/** A message deleted for everyone. */
type ClearChatMessage = { type: 'clearChat'; groupId: RoomKey; seq?: number; id: string; msg_id: string; by: number; send_time: number };

/** Spec §3 announcement: content and contact lines (title/value; title main_content is the headline). */
export type AnnouncementMessage = { type: 'announcement'; groupId: RoomKey; seq?: number; id: string; room_id: number; content: string; contact: AnnouncementContact[]; send_time: number };

/** Spec §3 quiz (guess_id, message: the question) with the quiz as it stands: pools, bettors, implied odds, status. */
export type QuizMessage = { type: 'quiz'; groupId: RoomKey; seq?: number; id: string; guess_id: number; message: string; guess: QuizView; send_time: number };
/** Spec §7 guessSettled, to each bettor of a quiz once their bets are paid, refunded or withdrawn: what they staked and got. */
type GuessSettledMessage = {
  type: 'guessSettled';
  id: string;
  guess_id: number;
  message: string;
  result: BetResult;
  stake: number;
  payout: number;
  send_time: number;
};

/**
 * Spec §2.4 item 10 contribution ranking: the room's list of today, sent when it changed, at most once a second
 * (lib/server/rankings/broadcast.ts). Ephemeral: a viewer who joins later reads the list over HTTP.
 */
export type RankMessage = { type: 'rankRep'; groupId: RoomKey; seq?: number; id: string; period: 'day'; top: RankingRow[]; send_time: number };

/** Spec §7 events: the anchor went live (data is the anchor), and "refresh the admin conversation's unread count". */
export type AnchorStartLiveMessage = { type: 'AnchorStartLiveMessage'; groupId: RoomKey; seq?: number; id: string; data: { id: number; nick_name: string; avatar: string }; send_time: number };
/** The unread counts changed (a private or system message arrived or was read): the badge reads them in the frame. */
type SystemMessage = { type: 'SystemMessage'; id: string; send_time: number; unread: { private: number; system: number; total: number } };
/** A system message to every account of a brand, in the `system` room: each tab of that brand reads its counts again. */
type BrandSystemMessage = { type: 'SystemMessage'; groupId: RoomKey; seq?: number; id: string; brand_id: string; send_time: number };

/** Private chat (user ↔ anchor) and the admin conversation, delivered to one user. */
type PrivateMessageReply = {
  type: 'private_message_reply';
  id: string;
  /** The stored message (its id in privateChat/getRecordDetail); sent to both sides' tabs. */
  msg_id: number;
  sender_uid: number;
  recipient_uid: number;
  /** The anchor of the conversation (sender or recipient). */
  anchor_id: number;
  nick_name: string;
  avatar: string;
  content: string;
  img_url: string;
  send_time: number;
};
type MgrMessageReply = { type: 'mgr_message_reply'; id: string; sender_uid: number; content: string; send_time: number };
/** Read receipt: `reader_uid` has read the addressee's messages up to `last_read_id`. */
type PrivateMessageRead = { type: 'private_message_read'; id: string; reader_uid: number; last_read_id: number; send_time: number };
type PrivateMessageRevoke = { type: 'private_message_revoke'; id: string; msg_id: string; sender_uid: number; nick_name: string; send_time: number };

/** A fan group's line as stored (docs/fan-groups.md), new or changed (recalled, deleted): the page puts it in place by its id. */
type GroupLineMessage = { type: 'groupMessage'; groupId: RoomKey; seq?: number; id: string; line: GroupMessage; send_time: number };

/** Messages to a room's viewers: numbered and kept in its log (recoverable after a reconnect), or ephemeral (rankRep, welcomes). */
export type RoomMessage =
  | SayMessage
  | PropsMessage
  | LoginMessage
  | GiftMessage
  | AttentAnchorMessage
  | BannedUserMessage
  | UnbannedUserMessage
  | ClearChatMessage
  | AnnouncementMessage
  | QuizMessage
  | AnchorStartLiveMessage
  | BrandSystemMessage
  | GroupLineMessage
  | RankMessage;

/** Messages addressed to one user (every connection of that account). */
/** Spec §3 balance update: the account's balances in hundredths after a movement, to every session of it. */
export type BalanceMessage = { type: 'balance'; bal: { diamond: number; gold: number }; send_time: number };

/** A booked match kicked off, or a booked planned live started (docs/bookings.md): `path` is where to watch it. */
type BookingStartedMessage = { type: 'bookingStarted'; id: string; kind: 'match' | 'plan'; target_id: number; title: string; path: string; send_time: number };
/** Spec §7 event AnchorStartLiveMessage (data is the anchor), to each follower who keeps the notice on. */
type FollowedAnchorLiveMessage = { type: 'AnchorStartLiveMessage'; id: string; data: { id: number; nick_name: string; avatar: string }; send_time: number };

export type UserMessage =
  | PrivateMessageReply
  | MgrMessageReply
  | PrivateMessageRevoke
  | PrivateMessageRead
  | SystemMessage
  | BalanceMessage
  | GuessSettledMessage
  | BookingStartedMessage
  | FollowedAnchorLiveMessage;

// ── Server → client frames ──────────────────────────────────────────────────────────────────────

export type Identity = { id: number | string; guest: boolean; nick_name: string; level: number; vip_level: number; role: ChatRole };

export type JoinedFrame = {
  type: 'joined';
  groupId: RoomKey;
  epoch: string;
  /** The room's newest seq at the moment of joining. */
  seq: number;
  /** recover: the missed messages follow in order; reset: start over from `history`. */
  mode: 'recover' | 'reset';
  history?: RoomMessage[];
  no_more?: 0 | 1;
  /** Milliseconds the caller's ban ends, 0 permanent; absent when not banned. */
  banned_until?: number;
  /** The caller may ban, unban and delete here. */
  can_moderate: 0 | 1;
  announcement?: AnnouncementMessage | null;
};

/** Several chat messages in one frame, covering seq `from`..`to` of the room (some may be sampled out under load). */
type BatchFrame = { type: 'batch'; groupId: RoomKey; from: number; to: number; msgs: RoomMessage[]; dropped?: number };

export type SayRepFrame = {
  type: 'sayRep';
  groupId: RoomKey;
  client_id?: string;
  /** 0 sent; 1 refused (msg says why, in the sender's language); 70001 log in first. */
  status: 0 | 1 | typeof imLoginRequiredCode;
  msg: string;
  /** The message as everyone sees it: the sender shows it even when the broadcast is sampled out. */
  message?: SayMessage | PropsMessage;
  /** Set when this refusal also muted the sender (automatic mute). */
  banned_until?: number;
  /** Set when the speak rate refused the message: seconds until the sender may write again. */
  wait_seconds?: number;
};

/** The answer to a giftFeed that sent a gift: 0 sent (with the balance and combo), 1 refused, 10152 balance too low. */
export type GiftSendRepFrame = {
  type: 'giftFeedRep';
  groupId: RoomKey;
  idempotency_key: string;
  status: 0 | 1 | 10152 | typeof imLoginRequiredCode;
  msg: string;
  bal?: { diamond: number; gold: number };
  hit?: number;
  /** With 10152: where to recharge. */
  recharge?: string;
};

export type ServerFrame =
  | { type: 'hello'; connection_id: string; server_time: number; ping_interval: number }
  | { type: 'pong'; server_time: number }
  | { type: 'error'; msg: string; code?: number; groupId?: RoomKey }
  | { type: 'authed'; user: Identity }
  | { type: 'kickedOut'; msg: string }
  | JoinedFrame
  | { type: 'left'; groupId: RoomKey }
  | { type: 'resync'; groupId: RoomKey }
  | { type: 'historyRep'; groupId: RoomKey; msgs: RoomMessage[]; no_more: 0 | 1 }
  | BatchFrame
  | SayRepFrame
  /** Spec §3 login response: data.guess (the room's open quizzes, newest first) and data.chatHistory. */
  | { type: 'loginRep'; groupId: RoomKey; guess: QuizMessage[]; chatHistory: RoomMessage[] }
  | { type: 'giftFeedRep'; groupId: RoomKey; gifts: GiftMessage[] }
  | GiftSendRepFrame
  | { type: 'quizPrompt'; groupId: RoomKey; guess_id: string | number; quiz: QuizMessage | null }
  | { type: 'clearRep'; groupId: RoomKey; id: string; status: 0 | 1; msg: string }
  | HeatMessage
  | RoomMessage
  | UserMessage
  | (MatchLiveMessage & { groupId: RoomKey });
