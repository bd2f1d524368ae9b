import 'server-only';
// The chat behind the gateway: who a socket is (session credential, user sig, guest sig), who may enter which
// room, and the room frames of the spec: say (with every chat limit enforced here, never in the browser),
// login/first (login lines, welcomes, loginRep), giftFeed (the recent gifts, or a send through the gift service
// server.ts hands in), quizPrompt (the open quizzes server.ts hands in) and clearChat.
import { getDb, type Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import type { AppFrame, AuthFrame, GatewayApp } from '@/lib/realtime/app';
import type { Connection } from '@/lib/realtime/connection';
import { historyPageSize, imLoginRequiredCode, loginLineDedupeWindow, type GiftMessage, type GiftSendRepFrame, type Identity, type QuizMessage, type RoomMessage, type SayMessage, type SayRepFrame } from '@/lib/realtime/protocol';
import { liveStatuses, type LiveStatus } from '@/lib/validation/live';
import { liveRoomKey, parseRoomKey, type ParsedRoom } from '@/lib/validation/chat';
import { verifyImSig } from '@/lib/server/session/im-sig';
import { AppError, envelopeStatus } from '@/lib/server/http/errors';
import { describeIssue } from '@/lib/server/http/validation-message';
import { siteRoutes } from '@/lib/routes';
import { giftSendInput, type GiftSendInput, type GiftSendReply } from '@/lib/validation/gifts';
import { serverTranslator, type ServerTranslate } from '@/lib/server/http/translate';
import type { Locale } from '@/lib/i18n/locales';
import { log } from '@/lib/server/log';
import { liveStatusOf } from '@/lib/server/live-state/state';
import { findOpenLive, liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { findSessionUser, liveSessionUsers } from '@/lib/server/session/sessions';
import { allowAction } from './abuse-limits';
import { getAnnouncement } from './announcements';
import { activeBanEnd, forgetAllBans, forgetRoomBans } from './bans';
import { findLiveRoomAnchor, forgetChatSender, loadChatSender, loadChatSenders, matchRoomExists } from './chat-users';
import { createSpeakerStates, type SpeakerStates } from './counters';
import { isGuestId, verifyGuestSig } from './guest-sig';
import { canModerate, deleteMessage } from './moderation';
import { chatControlChannel, newMessageId, publishEphemeral, publishRoomMessage } from './publish';
import { spendPropAndPublish } from './props';
import { showsLoginLine } from './rules';
import { judgeChatLine } from './judge-line';

export type ChatAppOptions = {
  bus: Bus;
  db?: () => Promise<Db>;
  speakerStates?: SpeakerStates;
  /** Sends a gift for a signed-in viewer (lib/server/gifts, handed in by server.ts: the chat knows no gifts). */
  sendGift?: (db: Db, senderId: number, input: GiftSendInput) => Promise<GiftSendReply>;
  /** The open quizzes of an anchor's room as `quiz` messages, newest first (lib/server/quizzes, handed in by server.ts). */
  openQuizzes?: (db: Db, anchorId: number) => Promise<QuizMessage[]>;
  /** Whether the user is in the anchor's fan group (lib/server/fan-groups, handed in by server.ts); without it only the anchor and managers enter. */
  isFanGroupMember?: (db: Db, anchorId: number, userId: number) => Promise<boolean>;
};

/** How far back giftFeed and quizPrompt look in a room's log. */
const recentScan = 200;

/** A colourful bubble's props_id (2–4; propsValid already refused any other). */
function bubbleId(propsId: number): SayMessage['props_id'] {
  return propsId === 2 || propsId === 3 || propsId === 4 ? propsId : 0;
}

function senderIdentity(sender: { user_id: number; nick_name: string; level: number; vip_level: number; role: Identity['role'] }): Identity {
  return { id: sender.user_id, guest: false, nick_name: sender.nick_name, level: sender.level, vip_level: sender.vip_level, role: sender.role };
}

export function createChatApp(options: ChatAppOptions): GatewayApp {
  const { bus } = options;
  const database = options.db ?? getDb;
  const speakers = options.speakerStates ?? createSpeakerStates();

  // Bans changed somewhere: forget the cached ones; an unban also clears that viewer's counts (spec §4).
  const stopControl = bus.subscribe(chatControlChannel, (message) => {
    const control = parseLogged(message);
    if (control.kind !== 'bans' || typeof control.room !== 'string') return forgetAllBans();
    forgetRoomBans(control.room);
    if (typeof control.unbanned === 'number') void speakers.clear(control.room, control.unbanned);
  });
  stopControl.catch(() => undefined);

  // The live state heatRep reports per room: read when a room is first entered, then kept by the live events.
  const liveStates = new Map<string, LiveStatus>();
  const stopLiveState = bus.subscribe(liveStateChannel, (message) => {
    const event = parseLiveStateEvent(message);
    if (event) liveStates.set(liveRoomKey(event.anchor_id), liveStatusOf(event));
  });
  stopLiveState.catch(() => undefined);

  const translators = new Map<Locale, ServerTranslate>();
  const translator = (locale: Locale): ServerTranslate => {
    let translate = translators.get(locale);
    if (!translate) {
      translate = serverTranslator(locale);
      translators.set(locale, translate);
    }
    return translate;
  };
  const text = (connection: Connection, key: string, params?: Record<string, string | number>) => translator(connection.locale)(key, params);

  // The log holds only frames this server encoded from typed messages, so a frame's type names its shape.
  async function readRecent<T extends RoomMessage>(room: string, type: T['type']): Promise<T[]> {
    const entries = await bus.readBefore(room, undefined, recentScan);
    return entries.map((entry) => parseLogged(entry.frame)).filter((message) => message.type === type) as T[];
  }

  type Reply = (status: SayRepFrame['status'], key: string, params?: Record<string, string | number>, extra?: Partial<SayRepFrame>) => void;

  async function say(connection: Connection, frame: Extract<AppFrame, { type: 'say' }>, room: ParsedRoom): Promise<void> {
    const reply: Reply = (status, key, params = {}, extra = {}) =>
      connection.send({ type: 'sayRep', groupId: room.key, client_id: frame.client_id, status, msg: text(connection, key, params), ...extra });
    try {
      await judgeAndPublish(connection, frame, room, reply);
    } catch (error) {
      // The sender always hears back, so its line does not hang as "sending".
      log.warn('chat message not sent', { room: room.key, error: error instanceof Error ? error.message : String(error) });
      reply(1, 'chat.errors.unavailable');
    }
  }

  async function judgeAndPublish(connection: Connection, frame: Extract<AppFrame, { type: 'say' }>, room: ParsedRoom, reply: Reply): Promise<void> {
    const db = await database();
    const line = { userId: connection.userId, brandId: connection.brandId, room, content: frame.content, props_type: frame.props_type, props_id: frame.props_id };
    const verdict = await judgeChatLine(db, bus, speakers, line, translator(connection.locale));
    if (!verdict.ok) return reply(verdict.status, verdict.key, verdict.params, verdict.extra);
    const { sender, content, propAsset, now } = verdict;

    const message: SayMessage = {
      type: 'say',
      groupId: room.key,
      id: newMessageId(),
      ...sender,
      content,
      props_type: frame.props_type,
      props_id: frame.props_type === 101 ? bubbleId(frame.props_id) : 0,
      send_time: now,
    };
    // A speaker is a props message of its own: every viewer sees it highlighted, never batched away.
    const published = message.props_type === 100 ? { ...message, type: 'props' as const } : message;
    const publish = () => publishRoomMessage(bus, published);
    try {
      const entry = propAsset ? await spendPropAndPublish(db, { userId: sender.user_id, messageId: message.id, asset: propAsset }, publish) : await publish();
      reply(0, 'chat.sent', {}, { message: { ...published, seq: entry.seq } });
    } catch (error) {
      // The last item went to another line sent at the same moment: this one is not published.
      if (error instanceof AppError && error.key === 'chat.restrictions.noProp') return reply(1, error.key);
      throw error;
    }
  }

  /** Spec §7 giftFeed with a gift: the same rules as POST /api/gift/send, answered by a giftFeedRep with the send's outcome. */
  async function sendGiftFrame(connection: Connection, frame: Extract<AppFrame, { type: 'giftFeed' }>, room: ParsedRoom): Promise<void> {
    const reply = (status: GiftSendRepFrame['status'], msg: string, extra: Partial<GiftSendRepFrame> = {}) =>
      connection.send({ type: 'giftFeedRep', groupId: room.key, idempotency_key: frame.idempotency_key ?? '', status, msg, ...extra });
    if (connection.userId === undefined) return reply(imLoginRequiredCode, text(connection, 'gifts.errors.loginToSend'));
    const raw = { anchor_id: frame.anchor_id, gift_id: frame.gift_id, count: frame.count, idempotency_key: frame.idempotency_key };
    const parsed = giftSendInput.safeParse(raw);
    if (!parsed.success) return reply(1, describeIssue(parsed.error.issues[0], translator(connection.locale), raw));
    if (room.kind !== 'live' || parsed.data.anchor_id !== room.id) return reply(1, text(connection, 'gifts.errors.wrongRoom'));
    try {
      if (!options.sendGift) throw new AppError('chat.errors.unavailable');
      const sent = await options.sendGift(await database(), connection.userId, parsed.data);
      reply(0, text(connection, 'gifts.sent'), { bal: sent.bal, hit: sent.hit });
    } catch (error) {
      if (!(error instanceof AppError)) {
        log.warn('gift not sent', { room: room.key, error: error instanceof Error ? error.message : String(error) });
        return reply(1, text(connection, 'chat.errors.unavailable'));
      }
      const short = error.status === envelopeStatus.insufficientBalance;
      reply(short ? envelopeStatus.insufficientBalance : 1, text(connection, error.key, error.params), short ? { recharge: siteRoutes.recharge } : {});
    }
  }

  /**
   * Spec §4: a login line for notable viewers (not twice within 30 messages), a welcome for the others. At most one
   * a minute per viewer and room, whatever number of sockets or frames ask, and none from a banned viewer.
   */
  async function announceEntry(connection: Connection, room: ParsedRoom): Promise<void> {
    if (connection.userId === undefined || room.kind !== 'live') return;
    const db = await database();
    if ((await activeBanEnd(db, room.key, connection.userId)) !== undefined) return;
    const sender = await loadChatSender(db, connection.userId);
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

  async function enter(connection: Connection, room: ParsedRoom): Promise<void> {
    await announceEntry(connection, room);
    const quizzes = await roomQuizzes(room);
    const lines = (await bus.readBefore(room.key, undefined, historyPageSize * 3))
      .map((entry) => parseLogged(entry.frame))
      .filter((message) => message.type === 'say' || message.type === 'props')
      .slice(-historyPageSize) as RoomMessage[];
    connection.send({ type: 'loginRep', groupId: room.key, guess: quizzes, chatHistory: lines });
  }

  return {
    text,

    async authenticate(frame: AuthFrame, connection: Connection) {
      const refused = { ok: false as const, code: imLoginRequiredCode, msg: text(connection, 'chat.errors.loginFailed') };
      const db = await database();
      if (frame.token) {
        const session = await findSessionUser(db, frame.token);
        const sender = session ? await loadChatSender(db, session.id) : undefined;
        if (session && sender) return { ok: true, identity: senderIdentity(sender), userId: sender.user_id, sessionId: session.sessionId };
        return refused;
      }
      const uid = frame.uid === undefined ? '' : String(frame.uid);
      if (frame.sig && isGuestId(uid) && verifyGuestSig(uid, frame.sig)) {
        return { ok: true, identity: { id: uid, guest: true, nick_name: '', level: 0, vip_level: 0, role: 'user' } };
      }
      const signed = frame.sig && /^[1-9]\d{0,14}$/.test(uid) ? verifyImSig(Number(uid), frame.sig) : undefined;
      // A user's sig holds only while the sign-in session it was issued to does.
      if (signed && (await liveSessionUsers(db, [signed.sessionId])).get(signed.sessionId) === Number(uid)) {
        const sender = await loadChatSender(db, Number(uid));
        if (sender) return { ok: true, identity: senderIdentity(sender), userId: sender.user_id, sessionId: signed.sessionId };
      }
      return refused;
    },

    async revalidate(connections) {
      const signedIn = connections.filter((connection) => connection.userId !== undefined);
      const result = new Map<Connection, Identity | undefined>();
      if (signedIn.length === 0) return result;
      const db = await database();
      const sessionIds = [...new Set(signedIn.flatMap((connection) => (connection.sessionId === undefined ? [] : [connection.sessionId])))];
      const live = await liveSessionUsers(db, sessionIds);
      const userIds = [...new Set(signedIn.map((connection) => connection.userId as number))];
      // Read fresh, not from the sender cache: a role just taken away must not linger.
      const senders = await loadChatSenders(db, userIds);
      for (const userId of userIds) forgetChatSender(userId);
      for (const connection of signedIn) {
        const sender = senders.get(connection.userId as number);
        const valid = connection.sessionId !== undefined && live.get(connection.sessionId) === connection.userId && sender;
        result.set(connection, valid ? senderIdentity(sender) : undefined);
      }
      return result;
    },

    async admit(connection, room) {
      const db = await database();
      const userId = connection.userId;
      const actor = userId !== undefined && connection.identity ? { id: userId, role: connection.identity.role } : undefined;
      switch (room.kind) {
        case 'live': {
          if (!(await findLiveRoomAnchor(db, room.id))) return { ok: false, msg: text(connection, 'chat.errors.noSuchRoom') };
          if (!liveStates.has(room.key)) {
            const status = liveStatusOf(await findOpenLive(db, room.id));
            // A live event that arrived during the read is newer than the read.
            if (!liveStates.has(room.key)) liveStates.set(room.key, status);
          }
          const banEnd = userId === undefined ? undefined : await activeBanEnd(db, room.key, userId);
          return {
            ok: true,
            extras: {
              can_moderate: actor && canModerate(actor, room) ? 1 : 0,
              ...(banEnd === undefined ? {} : { banned_until: banEnd }),
              announcement: await getAnnouncement(db, room.key),
            },
          };
        }
        case 'match':
          // Only a match that exists has a room: made-up ids would each cost a bus subscription.
          return (await matchRoomExists(db, room.id)) ? { ok: true, extras: { can_moderate: 0 } } : { ok: false, msg: text(connection, 'chat.errors.badRoom') };
        case 'private':
          return userId !== undefined && room.users.includes(userId)
            ? { ok: true, extras: { can_moderate: 0 } }
            : { ok: false, msg: text(connection, 'chat.errors.privateRoom') };
        case 'fans': {
          // An anchor's fan group (docs/fan-groups.md): its members, the anchor and managers.
          if (userId === undefined || !actor) return { ok: false, msg: text(connection, 'chat.errors.loginFirst') };
          if (!(await findLiveRoomAnchor(db, room.id))) return { ok: false, msg: text(connection, 'chat.errors.badRoom') };
          const member = canModerate(actor, room) || (options.isFanGroupMember ? await options.isFanGroupMember(db, room.id, userId) : false);
          if (!member) return { ok: false, msg: text(connection, 'chat.errors.fansOnly') };
          return { ok: true, extras: { can_moderate: actor && canModerate(actor, room) ? 1 : 0 } };
        }
        case 'system':
          return userId !== undefined ? { ok: true, extras: { can_moderate: 0 } } : { ok: false, msg: text(connection, 'chat.errors.loginFirst') };
      }
    },

    async handle(connection, frame) {
      const room = parseRoomKey(frame.groupId);
      if (!room) return;
      switch (frame.type) {
        case 'say':
          return say(connection, frame, room);
        case 'login':
        case 'first':
          return enter(connection, room);
        case 'giftFeed': {
          if (frame.gift_id !== undefined || frame.idempotency_key !== undefined) return sendGiftFrame(connection, frame, room);
          const gifts = await readRecent<GiftMessage>(room.key, 'gift');
          connection.send({ type: 'giftFeedRep', groupId: room.key, gifts: gifts.slice(-historyPageSize) });
          return;
        }
        case 'quizPrompt': {
          const quiz = (await roomQuizzes(room)).find((item) => String(item.guess_id) === String(frame.guess_id));
          connection.send({ type: 'quizPrompt', groupId: room.key, guess_id: frame.guess_id, quiz: quiz ?? null });
          return;
        }
        case 'clearChat': {
          const actor = connection.userId !== undefined && connection.identity ? { id: connection.userId, role: connection.identity.role } : undefined;
          try {
            if (!actor) throw new AppError('api.errors.forbidden');
            await deleteMessage(await database(), bus, actor, { groupId: room.key, id: frame.id });
            connection.send({ type: 'clearRep', groupId: room.key, id: frame.id, status: 0, msg: text(connection, 'chat.moderation.deleted') });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            connection.send({ type: 'clearRep', groupId: room.key, id: frame.id, status: 1, msg: text(connection, error.key, error.params) });
          }
          return;
        }
      }
    },

    liveStatus: (room) => liveStates.get(room) ?? liveStatuses.notStarted,

    async close() {
      await stopControl.then((stop) => stop()).catch(() => undefined);
      await stopLiveState.then((stop) => stop()).catch(() => undefined);
      await speakers.close();
    },
  };
}
