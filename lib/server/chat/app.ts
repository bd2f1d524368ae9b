import 'server-only';
// The chat behind the gateway: who a socket is (session credential, user sig, guest sig), who may enter which
// room, and the room frames of the spec: say (with every chat limit enforced here, never in the browser),
// login/first, giftFeed and quizPrompt (room-frames.ts, carrier-neutral; the gift service and open quizzes are handed
// in by server.ts) and clearChat.
import { getDb, type Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import type { AppFrame, AuthFrame, GatewayApp } from '@/lib/realtime/app';
import type { Connection } from '@/lib/realtime/connection';
import { imLoginRequiredCode, type Identity, type QuizMessage, type SayMessage, type SayRepFrame } from '@/lib/realtime/protocol';
import { liveStatuses, type LiveStatus } from '@/lib/validation/live';
import { videoMomentMaxAgeMs } from '@/lib/validation/video-clock';
import { liveRoomKey, parseRoomKey, type ParsedRoom } from '@/lib/validation/chat';
import { verifyImSig } from '@/lib/server/session/im-sig';
import { AppError } from '@/lib/server/http/errors';
import type { GiftSendInput, GiftSendReply } from '@/lib/validation/gifts';
import { serverTranslator, type ServerTranslate } from '@/lib/server/http/translate';
import type { Locale } from '@/lib/i18n/locales';
import { log } from '@/lib/server/log';
import { liveStatusOf } from '@/lib/server/live-state/state';
import { findOpenLive, liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { findSessionUser, liveSessionUsers } from '@/lib/server/session/sessions';
import { getAnnouncement } from './announcements';
import { activeBanEnd, forgetAllBans, forgetRoomBans } from './bans';
import { findLiveRoomAnchor, forgetChatSender, loadChatSender, loadChatSenders, matchRoomExists } from './chat-users';
import { createSpeakerStates, type SpeakerStates } from './counters';
import { isGuestId, verifyGuestSig } from './guest-sig';
import { canModerate, deleteMessage } from './moderation';
import { chatControlChannel, newMessageId, publishRoomMessage } from './publish';
import { spendPropAndPublish } from './props';
import { createRoomFrames } from './room-frames';
import { judgeChatLine } from './judge-line';
import { forgetAppointedManagers } from './appointed-managers';
import { forgetChatConfigCache } from './config';

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

/** A colourful bubble's props_id (2–4; propsValid already refused any other). */
function bubbleId(propsId: number): SayMessage['props_id'] {
  return propsId === 2 || propsId === 3 || propsId === 4 ? propsId : 0;
}

/**
 * Where a line sits in the picture (issue 27): the moment the sender's own video showed as they wrote, when that is
 * a recent past (a clock from the future or from long ago is the sender's to invent, not ours to keep).
 */
function pictureMoment(videoAt: number | undefined, now: number): Pick<SayMessage, 'video_at'> {
  return videoAt !== undefined && videoAt <= now && videoAt >= now - videoMomentMaxAgeMs ? { video_at: videoAt } : {};
}

function senderIdentity(sender: { user_id: number; nick_name: string; level: number; vip_level: number; role: Identity['role'] }): Identity {
  return { id: sender.user_id, guest: false, nick_name: sender.nick_name, level: sender.level, vip_level: sender.vip_level, role: sender.role };
}

export function createChatApp(options: ChatAppOptions): GatewayApp {
  const { bus } = options;
  const database = options.db ?? getDb;
  const speakers = options.speakerStates ?? createSpeakerStates();

  // Bans changed somewhere: forget the cached ones; an unban also clears that viewer's counts (spec §4). The chat
  // rules changed (a brand's blocked words): read them again with the next line. An anchor appointed or removed a
  // room manager: read the room's managers again.
  const stopControl = bus.subscribe(chatControlChannel, (message) => {
    const control = parseLogged(message);
    if (control.kind === 'config') return forgetChatConfigCache();
    if (control.kind === 'managers') return forgetAppointedManagers(typeof control.anchor === 'number' ? control.anchor : undefined);
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
  const roomFrames = createRoomFrames({ bus, database, translator, sendGift: options.sendGift, openQuizzes: options.openQuizzes });

  type Reply = (status: SayRepFrame['status'], key: string, params?: Record<string, string | number>, extra?: Partial<SayRepFrame>) => void;

  async function say(connection: Connection, frame: Extract<AppFrame, { type: 'say' }>, room: ParsedRoom, receivedAt: number): Promise<void> {
    const reply: Reply = (status, key, params = {}, extra = {}) =>
      connection.send({ type: 'sayRep', groupId: room.key, client_id: frame.client_id, status, msg: text(connection, key, params), ...extra });
    try {
      await judgeAndPublish(connection, frame, room, reply, receivedAt);
    } catch (error) {
      // The sender always hears back, so its line does not hang as "sending".
      log.warn('chat message not sent', { room: room.key, error: error instanceof Error ? error.message : String(error) });
      reply(1, 'chat.errors.unavailable');
    }
  }

  async function judgeAndPublish(connection: Connection, frame: Extract<AppFrame, { type: 'say' }>, room: ParsedRoom, reply: Reply, receivedAt: number): Promise<void> {
    const db = await database();
    const line = { userId: connection.userId, brandId: connection.brandId, room, content: frame.content, props_type: frame.props_type, props_id: frame.props_id };
    const verdict = await judgeChatLine(db, bus, speakers, line, translator(connection.locale), receivedAt);
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
      ...pictureMoment(frame.video_at, now),
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
              can_moderate: actor && (await canModerate(db, actor, room, { cached: true })) ? 1 : 0,
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
          const keeper = await canModerate(db, actor, room, { cached: true });
          const member = keeper || (options.isFanGroupMember ? await options.isFanGroupMember(db, room.id, userId) : false);
          if (!member) return { ok: false, msg: text(connection, 'chat.errors.fansOnly') };
          return { ok: true, extras: { can_moderate: keeper ? 1 : 0 } };
        }
        case 'system':
          return userId !== undefined ? { ok: true, extras: { can_moderate: 0 } } : { ok: false, msg: text(connection, 'chat.errors.loginFirst') };
      }
    },

    async handle(connection, frame, receivedAt) {
      const room = parseRoomKey(frame.groupId);
      if (!room) return;
      switch (frame.type) {
        case 'say':
          return say(connection, frame, room, receivedAt);
        case 'login':
        case 'first':
        case 'giftFeed':
        case 'quizPrompt':
          return roomFrames.handle(connection, frame, room);
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
