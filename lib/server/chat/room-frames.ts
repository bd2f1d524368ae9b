import 'server-only';
// The room frames a viewer sends to the server rather than to a room (spec §7): login/first (login line or welcome,
// then loginRep), giftFeed (the recent gifts, or a send through the gift service handed in) and quizPrompt. One
// implementation, whoever carries the frame: the built-in gateway's socket, or Tencent Cloud Chat's C2C callback
// (tencent/custom-frames.ts). The peer is the one asking; its replies go back through `send`.
import type { Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import { historyPageSize, imLoginRequiredCode, loginLineDedupeWindow, type ClientFrame, type GiftMessage, type GiftSendRepFrame, type QuizMessage, type RoomMessage, type ServerFrame } from '@/lib/realtime/protocol';
import type { ParsedRoom } from '@/lib/validation/chat';
import { giftSendInput, type GiftSendInput, type GiftSendReply } from '@/lib/validation/gifts';
import type { Locale } from '@/lib/i18n/locales';
import { AppError, envelopeStatus } from '@/lib/server/http/errors';
import { describeIssue } from '@/lib/server/http/validation-message';
import type { ServerTranslate } from '@/lib/server/http/translate';
import { siteRoutes } from '@/lib/routes';
import { log } from '@/lib/server/log';
import { allowAction } from './abuse-limits';
import { activeBanEnd } from './bans';
import { loadChatSender } from './chat-users';
import { newMessageId, publishEphemeral, publishRoomMessage } from './publish';
import { showsLoginLine } from './rules';

export type RoomFrame = Extract<ClientFrame, { type: 'login' | 'first' | 'giftFeed' | 'quizPrompt' }>;

/** Who sent the frame: a signed-in user (userId) or a guest (none), and where the replies go. */
export type RoomFramePeer = { readonly userId: number | undefined; readonly locale: Locale; send(frame: ServerFrame): void };

export type RoomFrameOptions = {
  bus: Bus;
  database: () => Promise<Db>;
  translator: (locale: Locale) => ServerTranslate;
  /** Sends a gift for a signed-in viewer (lib/server/gifts, handed in: the chat knows no gifts). */
  sendGift?: (db: Db, senderId: number, input: GiftSendInput) => Promise<GiftSendReply>;
  /** The open quizzes of an anchor's room as `quiz` messages, newest first (lib/server/quizzes, handed in). */
  openQuizzes?: (db: Db, anchorId: number) => Promise<QuizMessage[]>;
};

/** How far back giftFeed and quizPrompt look in a room's log. */
const recentScan = 200;

/** A giftFeed that carries a gift is a send (signed-in viewers only); alone it asks for the recent gifts. */
function isGiftSend(frame: RoomFrame): boolean {
  return frame.type === 'giftFeed' && (frame.gift_id !== undefined || frame.idempotency_key !== undefined);
}

/** Whether a guest may send this frame at all: everything but a gift send. */
export function guestMaySend(frame: RoomFrame): boolean {
  return !isGiftSend(frame);
}

export function createRoomFrames(options: RoomFrameOptions): { handle(peer: RoomFramePeer, frame: RoomFrame, room: ParsedRoom): Promise<void> } {
  const { bus, database } = options;
  const text = (peer: RoomFramePeer, key: string, params?: Record<string, string | number>) => options.translator(peer.locale)(key, params);

  // The log holds only frames this server encoded from typed messages, so a frame's type names its shape.
  async function readRecent<T extends RoomMessage>(room: string, type: T['type']): Promise<T[]> {
    const entries = await bus.readBefore(room, undefined, recentScan);
    return entries.map((entry) => parseLogged(entry.frame)).filter((message) => message.type === type) as T[];
  }

  /** Spec §7 giftFeed with a gift: the same rules as POST /api/gift/send, answered by a giftFeedRep with the send's outcome. */
  async function sendGiftFrame(peer: RoomFramePeer, frame: Extract<RoomFrame, { type: 'giftFeed' }>, room: ParsedRoom): Promise<void> {
    const reply = (status: GiftSendRepFrame['status'], msg: string, extra: Partial<GiftSendRepFrame> = {}) =>
      peer.send({ type: 'giftFeedRep', groupId: room.key, idempotency_key: frame.idempotency_key ?? '', status, msg, ...extra });
    if (peer.userId === undefined) return reply(imLoginRequiredCode, text(peer, 'gifts.errors.loginToSend'));
    const raw = { anchor_id: frame.anchor_id, gift_id: frame.gift_id, count: frame.count, idempotency_key: frame.idempotency_key };
    const parsed = giftSendInput.safeParse(raw);
    if (!parsed.success) return reply(1, describeIssue(parsed.error.issues[0], options.translator(peer.locale), raw));
    if (room.kind !== 'live' || parsed.data.anchor_id !== room.id) return reply(1, text(peer, 'gifts.errors.wrongRoom'));
    try {
      if (!options.sendGift) throw new AppError('chat.errors.unavailable');
      const sent = await options.sendGift(await database(), peer.userId, parsed.data);
      reply(0, text(peer, 'gifts.sent'), { bal: sent.bal, hit: sent.hit });
    } catch (error) {
      if (!(error instanceof AppError)) {
        log.warn('gift not sent', { room: room.key, error: error instanceof Error ? error.message : String(error) });
        return reply(1, text(peer, 'chat.errors.unavailable'));
      }
      const short = error.status === envelopeStatus.insufficientBalance;
      reply(short ? envelopeStatus.insufficientBalance : 1, text(peer, error.key, error.params), short ? { recharge: siteRoutes.recharge } : {});
    }
  }

  /**
   * Spec §4: a login line for notable viewers (not twice within 30 messages), a welcome for the others. At most one
   * a minute per viewer and room, whatever number of sockets or frames ask, and none from a banned viewer.
   */
  async function announceEntry(peer: RoomFramePeer, room: ParsedRoom): Promise<void> {
    if (peer.userId === undefined || room.kind !== 'live') return;
    const db = await database();
    if ((await activeBanEnd(db, room.key, peer.userId)) !== undefined) return;
    const sender = await loadChatSender(db, peer.userId);
    if (!sender || !(await allowAction('roomEntry', `${room.key}|${sender.user_id}`))) return;
    if (showsLoginLine(sender)) {
      const recent = await bus.readBefore(room.key, undefined, loginLineDedupeWindow);
      const shown = recent.some((entry) => {
        const message = parseLogged(entry.frame);
        return message.type === 'login' && message.user_id === sender.user_id;
      });
      if (!shown) await publishRoomMessage(bus, { type: 'login', groupId: room.key, id: newMessageId(), ...sender, line: 1, send_time: Date.now() });
    } else {
      await publishEphemeral(bus, { type: 'login', groupId: room.key, id: newMessageId(), ...sender, line: 0, send_time: Date.now() });
    }
  }

  /** A live room's open quizzes, for a viewer who joins late (login response `guess`, quizPrompt). */
  async function roomQuizzes(room: ParsedRoom): Promise<QuizMessage[]> {
    if (room.kind !== 'live' || !options.openQuizzes) return [];
    return options.openQuizzes(await database(), room.id);
  }

  async function enter(peer: RoomFramePeer, room: ParsedRoom): Promise<void> {
    await announceEntry(peer, room);
    const quizzes = await roomQuizzes(room);
    const lines = (await bus.readBefore(room.key, undefined, historyPageSize * 3))
      .map((entry) => parseLogged(entry.frame))
      .filter((message) => message.type === 'say' || message.type === 'props')
      .slice(-historyPageSize) as RoomMessage[];
    peer.send({ type: 'loginRep', groupId: room.key, guess: quizzes, chatHistory: lines });
  }

  return {
    async handle(peer, frame, room) {
      switch (frame.type) {
        case 'login':
        case 'first':
          return enter(peer, room);
        case 'giftFeed': {
          if (isGiftSend(frame)) return sendGiftFrame(peer, frame, room);
          const gifts = await readRecent<GiftMessage>(room.key, 'gift');
          peer.send({ type: 'giftFeedRep', groupId: room.key, gifts: gifts.slice(-historyPageSize) });
          return;
        }
        case 'quizPrompt': {
          const quiz = (await roomQuizzes(room)).find((item) => String(item.guess_id) === String(frame.guess_id));
          peer.send({ type: 'quizPrompt', groupId: room.key, guess_id: frame.guess_id, quiz: quiz ?? null });
          return;
        }
      }
    },
  };
}
