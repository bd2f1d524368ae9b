// The browser's messaging client on Tencent Cloud Chat (@tencentcloud/chat, loaded with a dynamic import only when
// this client is made, i.e. when the brand selects Tencent): signs in with a UserSig from /api/tencentIm/getUserSig,
// joins a live room's AVChatRoom group, turns the server's custom messages (our room frames, numbered as in our log)
// into room messages in seq order, sends chat lines as text messages (the before-send callback judges them: a refusal
// comes back as a sayRep with its reason), sends the spec's custom frames (ping every 60 s, login/first, giftFeed,
// quizPrompt) as one-to-one custom messages to the server account, passes that account's one-to-one custom messages
// on as server frames (and nobody else's), and follows spec §8: error 70001 asks for a login, KICKED_OUT resets and
// destroys the client. What it does not carry yet is listed in docs/im.md.
import { imLoginRequiredCode, pingIntervalMs, roomMessageTypes } from '@/lib/realtime/protocol-constants';
import type { ClientFrameInput, Identity, RoomMessage, SayMessage, ServerFrame } from '@/lib/realtime/protocol';
import type { TencentUserSig } from '@/lib/validation/chat';
import { roomOfTencentGroup, tencentGroupId } from '@/lib/validation/tencent-im';
import type { ImClient, ImEvent, ImState } from './types';

/** The part of a Tencent message this client reads. */
type TimMessage = { ID: string; type: string; to: string; from: string; nick?: string; avatar?: string; time: number; sequence?: number; conversationType: string; payload: { text?: string; data?: string } };

/** The part of the SDK instance this client uses; `T` is the SDK's enum of type names. */
type TimChat<T> = {
  setLogLevel(level: number): void;
  on(event: string, handler: (event: { data: unknown }) => void): void;
  login(options: { userID: string; userSig: string }): Promise<unknown>;
  logout(): Promise<unknown>;
  destroy(): Promise<unknown>;
  joinGroup(options: { groupID: string; type?: T }): Promise<unknown>;
  quitGroup(groupID: string): Promise<unknown>;
  createTextMessage(options: { to: string; conversationType: T; payload: { text: string } }): unknown;
  createCustomMessage(options: { to: string; conversationType: T; payload: { data: string; description: string; extension: string } }): unknown;
  sendMessage(message: unknown): Promise<{ data: { message: TimMessage } }>;
};

/** The SDK module: `TencentCloudChat.create`, its event names and types. */
export type TimSdk<T = string> = {
  create(options: { SDKAppID: number }): TimChat<T>;
  EVENT: { SDK_READY: string; SDK_NOT_READY: string; MESSAGE_RECEIVED: string; KICKED_OUT: string };
  TYPES: { GRP_AVCHATROOM: T; CONV_GROUP: T; CONV_C2C: T; MSG_TEXT: T; MSG_CUSTOM: T };
};

export type TencentImOptions<T> = {
  fetchUserSig: () => Promise<TencentUserSig>;
  /** The SDK module: the site loads @tencentcloud/chat here, and only here; tests hand in their own. */
  loadSdk: () => Promise<TimSdk<T>>;
  /** This browser's device id, sent with the pings (spec §7). */
  deviceId?: () => Promise<string>;
  pingMs?: number;
};

/** The frames the server account answers (lib/server/chat/tencent/custom-frames.ts); a chat line goes to the group. */
type CustomFrame = Extract<ClientFrameInput, { type: 'ping' | 'login' | 'first' | 'giftFeed' | 'quizPrompt' }>;

function isCustomFrame(frame: ClientFrameInput): frame is CustomFrame {
  return frame.type === 'ping' || frame.type === 'login' || frame.type === 'first' || frame.type === 'giftFeed' || frame.type === 'quizPrompt';
}

/** The real SDK, fetched as its own chunk the first time a Tencent brand's page connects. */
export const loadTencentSdk = async () => {
  const sdk: TimSdk<import('@tencentcloud/chat').default.TYPES> = (await import('@tencentcloud/chat')).default;
  return sdk;
};

/** Spec §9: the messaging client logs at level 1 (release). */
const sdkLogLevel = 1;

function errorCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number' ? error.code : undefined;
}

function errorText(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
}

export function createTencentImClient<T>(options: TencentImOptions<T>): ImClient {
  const { loadSdk } = options;
  const listeners = new Set<(event: ImEvent) => void>();
  const rooms = new Set<string>();
  /** The last seq passed on per room: the server's messages are numbered in our log. */
  const lastSeq = new Map<string, number>();
  let state: ImState = 'idle';
  let user: Identity | null = null;
  let sdk: TimSdk<T> | undefined;
  let chat: TimChat<T> | undefined;
  /** The server account of the signed-in app (getUserSig's `admin`): custom frames go to it, replies come from it. */
  let admin = '';
  let deviceId = '';
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let generation = 0;

  const emit = (event: ImEvent) => {
    for (const listener of listeners) listener(event);
  };
  const setState = (next: ImState) => {
    if (state === next) return;
    state = next;
    emit({ kind: 'state', state: next });
  };

  const joinNow = async (room: string) => {
    const groupID = tencentGroupId(room);
    if (!chat || !sdk || !groupID) return;
    try {
      await chat.joinGroup({ groupID, type: sdk.TYPES.GRP_AVCHATROOM });
      emit({ kind: 'joined', frame: { type: 'joined', groupId: room, epoch: 'tencent', seq: lastSeq.get(room) ?? 0, mode: 'reset', history: [], no_more: 1, can_moderate: 0 } });
    } catch (error) {
      emit({ kind: 'frame', frame: { type: 'error', groupId: room, msg: errorText(error) } });
    }
  };

  /** A one-to-one custom message from the server account is a server frame (a reply to this viewer); others' are not ours. */
  const receiveDirect = (message: TimMessage) => {
    if (!sdk || !admin || message.from !== admin || message.type !== sdk.TYPES.MSG_CUSTOM) return;
    let frame: unknown;
    try {
      frame = JSON.parse(message.payload.data ?? '');
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || !('type' in frame) || typeof frame.type !== 'string') return;
    emit({ kind: 'frame', frame: frame as ServerFrame });
  };

  const receive = (messages: TimMessage[]) => {
    if (!sdk) return;
    for (const message of messages) {
      if (message.conversationType === sdk.TYPES.CONV_C2C) {
        receiveDirect(message);
        continue;
      }
      const room = roomOfTencentGroup(message.to)?.key;
      if (!room || !rooms.has(room) || message.conversationType !== sdk.TYPES.CONV_GROUP) continue;
      if (message.type === sdk.TYPES.MSG_CUSTOM) {
        // Only the server writes custom elements into a group: the before-send callback refuses them from viewers.
        let frame: Record<string, unknown>;
        try {
          frame = JSON.parse(message.payload.data ?? '') as Record<string, unknown>;
        } catch {
          continue;
        }
        if (typeof frame.type !== 'string' || !roomMessageTypes.has(frame.type)) continue;
        const seq = typeof frame.seq === 'number' ? frame.seq : undefined;
        if (seq !== undefined) {
          if (seq <= (lastSeq.get(room) ?? 0)) continue;
          lastSeq.set(room, seq);
        }
        emit({ kind: 'message', message: { ...frame, groupId: room } as RoomMessage });
      } else if (message.type === sdk.TYPES.MSG_TEXT && typeof message.payload.text === 'string') {
        emit({ kind: 'message', message: textLine(room, message) });
      }
    }
  };

  /** A viewer's line as the chat shows it; Tencent's group sequence names it as the after-send callback stored it. */
  const textLine = (room: string, message: TimMessage): SayMessage => ({
    type: 'say',
    groupId: room,
    id: message.sequence === undefined ? message.ID : `tim_${message.sequence}`,
    user_id: Number(message.from) || 0,
    nick_name: message.nick || message.from,
    avatar: message.avatar ?? '',
    level: 0,
    vip_level: 0,
    role: 'user',
    content: message.payload.text ?? '',
    props_type: 0,
    props_id: 0,
    send_time: message.time * 1000,
  });

  const start = async () => {
    const mine = ++generation;
    setState(state === 'idle' ? 'connecting' : 'reconnecting');
    try {
      sdk ??= await loadSdk();
      const identity = await options.fetchUserSig();
      if (mine !== generation) return;
      admin = identity.admin;
      const created = sdk.create({ SDKAppID: identity.sdkappid });
      chat = created;
      created.setLogLevel(sdkLogLevel);
      created.on(sdk.EVENT.SDK_READY, () => {
        if (chat !== created) return;
        // Who the chat shows, as the gateway's `authed` tells it (Tencent knows only the id).
        user = identity.user;
        emit({ kind: 'frame', frame: { type: 'authed', user: identity.user } });
        setState('ready');
        for (const room of rooms) void joinNow(room);
        startPings();
      });
      created.on(sdk.EVENT.SDK_NOT_READY, () => {
        if (chat === created && state === 'ready') setState('reconnecting');
      });
      created.on(sdk.EVENT.MESSAGE_RECEIVED, (event) => {
        if (chat === created && Array.isArray(event.data)) receive(event.data as TimMessage[]);
      });
      // Spec §4/§8: signed in elsewhere: not ready, login data reset, client destroyed, login popup (the UI's part).
      created.on(sdk.EVENT.KICKED_OUT, () => {
        if (chat !== created) return;
        chat = undefined;
        stopPings();
        lastSeq.clear();
        void created.destroy().catch(() => undefined);
        setState('kickedOut');
        emit({ kind: 'kickedOut', msg: '' });
      });
      await created.login({ userID: identity.id, userSig: identity.sig });
    } catch (error) {
      if (mine !== generation) return;
      if (errorCode(error) === imLoginRequiredCode) {
        emit({ kind: 'loginRequired', msg: errorText(error) });
        setState('closed');
        return;
      }
      emit({ kind: 'frame', frame: { type: 'error', msg: errorText(error) } });
      setState('reconnecting');
    }
  };

  const sendLine = async (frame: Extract<ClientFrameInput, { type: 'say' }>, groupID: string) => {
    const reply = (extra: Omit<Extract<ServerFrame, { type: 'sayRep' }>, 'type' | 'groupId' | 'client_id'>) =>
      emit({ kind: 'frame', frame: { type: 'sayRep', groupId: String(frame.groupId), client_id: frame.client_id, ...extra } });
    if (!chat || !sdk) return;
    try {
      const sent = await chat.sendMessage(chat.createTextMessage({ to: groupID, conversationType: sdk.TYPES.CONV_GROUP, payload: { text: frame.content } }));
      const room = roomOfTencentGroup(groupID)?.key ?? String(frame.groupId);
      reply({ status: 0, msg: '', message: textLine(room, sent.data.message) });
    } catch (error) {
      // A refusal of the before-send callback carries our reason, in the sender's language.
      reply({ status: errorCode(error) === imLoginRequiredCode ? imLoginRequiredCode : 1, msg: errorText(error) });
    }
  };

  /** Sends a frame to the server account; a refusal of the C2C before-send callback comes back with its reason. */
  const sendCustom = async (frame: CustomFrame) => {
    if (!chat || !sdk || !admin) return;
    const groupId = frame.groupId === undefined ? undefined : String(frame.groupId);
    try {
      await chat.sendMessage(chat.createCustomMessage({ to: admin, conversationType: sdk.TYPES.CONV_C2C, payload: { data: JSON.stringify(frame), description: frame.type, extension: '' } }));
    } catch (error) {
      const status = errorCode(error) === imLoginRequiredCode ? imLoginRequiredCode : 1;
      // A gift send waits for its giftFeedRep, as on the built-in gateway; the rest hear of a refusal as an error.
      if (frame.type === 'giftFeed' && frame.idempotency_key !== undefined && groupId) {
        emit({ kind: 'frame', frame: { type: 'giftFeedRep', groupId, idempotency_key: frame.idempotency_key, status, msg: errorText(error) } });
      } else if (frame.type !== 'ping') {
        emit({ kind: 'frame', frame: { type: 'error', msg: errorText(error), ...(groupId ? { groupId } : {}) } });
      }
    }
  };

  // Spec §7: a ping every 60 s with the device id and a room, to the server account.
  const sendPing = () => {
    const [room] = rooms;
    void sendCustom({ type: 'ping', ...(deviceId ? { device_id: deviceId } : {}), ...(room ? { groupId: room } : {}) });
  };
  const startPings = () => {
    stopPings();
    if (!deviceId && options.deviceId) {
      void options.deviceId().then(
        (device) => {
          deviceId = device;
        },
        () => undefined,
      );
    }
    pingTimer = setInterval(sendPing, options.pingMs ?? pingIntervalMs);
  };
  function stopPings() {
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = undefined;
  }

  return {
    get state() {
      return state;
    },
    get user() {
      return user;
    },
    connect() {
      if (state === 'idle' || state === 'closed') void start();
    },
    join(groupId) {
      const room = roomOfTencentGroup(tencentGroupId(String(groupId)) ?? '')?.key;
      if (!room) return;
      rooms.add(room);
      if (state === 'ready') void joinNow(room);
    },
    leave(groupId) {
      const groupID = tencentGroupId(String(groupId));
      const room = groupID ? roomOfTencentGroup(groupID)?.key : undefined;
      if (!room || !groupID) return;
      rooms.delete(room);
      lastSeq.delete(room);
      if (chat && state === 'ready') void chat.quitGroup(groupID).catch(() => undefined);
    },
    send(frame) {
      if (state !== 'ready') return false;
      if (isCustomFrame(frame)) {
        if (!admin) return false;
        void sendCustom(frame);
        return true;
      }
      if (frame.type !== 'say') return false;
      const groupID = tencentGroupId(String(frame.groupId));
      if (!groupID) return false;
      void sendLine(frame, groupID);
      return true;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnectNow() {
      if (state === 'reconnecting') void start();
    },
    destroy() {
      generation += 1;
      stopPings();
      const current = chat;
      chat = undefined;
      rooms.clear();
      if (current) void current.logout().catch(() => undefined).then(() => current.destroy()).catch(() => undefined);
      setState('closed');
    },
  };
}
