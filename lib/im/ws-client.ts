// The built-in messaging provider `sc`: one WebSocket to the gateway's /ws. It signs in, joins rooms, keeps
// each room's epoch and last seq, and after any drop reconnects with back-off and rejoins from there, so the
// app sees every room message once and in order, or a reset, never a silent gap.
import { imLoginRequiredCode, kickedOutCloseCode, pingIntervalMs, resyncCloseCode, roomMessageTypes } from '@/lib/realtime/protocol-constants';
import type { ClientFrameInput, Identity, JoinedFrame, RoomMessage, ServerFrame } from '@/lib/realtime/protocol';
import { deviceIdIfReady } from '@/lib/http/device-id';
import type { ImClient, ImCredentials, ImEvent, ImState } from './types';

export type SocketHandlers = { open(): void; message(data: string): void; close(code: number): void };
type SocketLike = { send(data: string): void; close(code?: number): void; isOpen(): boolean };
/** Opens a socket; the browser's WebSocket by default, `ws` in Node tests. */
export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

export type WsImClientOptions = {
  url: string;
  /** Called before every connection: a stored session may have ended, a guest sig expired. */
  credentials: () => Promise<ImCredentials>;
  /** This browser's device id; only one at hand is sent with auth (lib/http/device-id.ts), a later one in a ping. */
  deviceId: () => Promise<string>;
  /** The spec's `lang` value (zh_cn or en). */
  lang?: string;
  socketFactory?: SocketFactory;
  backoff?: { initialMs: number; maxMs: number };
  pingMs?: number;
};

type RoomCursor = { epoch: string; seq: number; joined: boolean };

const browserSocketFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.message(event.data);
  };
  socket.onclose = (event) => handlers.close(event.code);
  return { send: (data) => socket.send(data), close: (code) => socket.close(code), isOpen: () => socket.readyState === WebSocket.OPEN };
};

/** The gateway's address on the page's own host: ws(s)://host/ws. */
export function gatewayUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

// Frames come from our own gateway (lib/realtime/protocol.ts); the client checks only their shape's key.
function isServerFrame(value: unknown): value is ServerFrame {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function isRoomMessage(frame: ServerFrame): frame is RoomMessage {
  return roomMessageTypes.has(frame.type) && 'groupId' in frame;
}

function seqOf(message: RoomMessage): number | undefined {
  return 'seq' in message && typeof message.seq === 'number' ? message.seq : undefined;
}

export function createWsImClient(options: WsImClientOptions): ImClient {
  const factory = options.socketFactory ?? browserSocketFactory;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const listeners = new Set<(event: ImEvent) => void>();
  const rooms = new Map<string, RoomCursor>();
  let state: ImState = 'idle';
  let user: Identity | null = null;
  let socket: SocketLike | undefined;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let deviceId = '';
  let generation = 0;

  const emit = (event: ImEvent) => listeners.forEach((listener) => listener(event));
  const setState = (next: ImState) => {
    if (state === next) return;
    state = next;
    emit({ kind: 'state', state });
  };
  const sendRaw = (frame: ClientFrameInput) => {
    if (!socket?.isOpen()) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const sendJoin = (groupId: string, cursor: RoomCursor) => {
    cursor.joined = false;
    sendRaw(cursor.epoch ? { type: 'join', groupId, epoch: cursor.epoch, last_seq: cursor.seq } : { type: 'join', groupId });
  };

  /** A room message with a number is passed on once, in order; a jump means something was missed: rejoin. */
  const acceptNumbered = (message: RoomMessage): boolean => {
    const cursor = rooms.get(message.groupId);
    const seq = seqOf(message);
    if (!cursor || seq === undefined) return true;
    if (!cursor.joined || seq <= cursor.seq) return false;
    if (seq !== cursor.seq + 1) {
      sendJoin(message.groupId, cursor);
      return false;
    }
    cursor.seq = seq;
    return true;
  };

  const onBatch = (frame: Extract<ServerFrame, { type: 'batch' }>) => {
    const cursor = rooms.get(frame.groupId);
    if (!cursor || !cursor.joined) return;
    if (frame.from !== undefined && frame.from > cursor.seq + 1) {
      sendJoin(frame.groupId, cursor);
      return;
    }
    for (const message of frame.msgs) {
      const seq = seqOf(message);
      if (seq !== undefined && seq <= cursor.seq) continue;
      emit({ kind: 'message', message });
    }
    // The batch vouches for every number up to `to`, shown or sampled out.
    if (frame.to !== undefined) cursor.seq = Math.max(cursor.seq, frame.to);
  };

  const onJoined = (frame: JoinedFrame) => {
    const cursor = rooms.get(frame.groupId);
    if (!cursor) return;
    cursor.joined = true;
    if (frame.mode === 'reset' || cursor.epoch !== frame.epoch) cursor.seq = frame.seq;
    cursor.epoch = frame.epoch;
    emit({ kind: 'joined', frame });
  };

  const onFrame = (data: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    if (!isServerFrame(parsed)) return;
    const frame = parsed;
    switch (frame.type) {
      case 'hello':
        return void authenticate();
      case 'authed':
        attempt = 0;
        user = frame.user;
        emit({ kind: 'frame', frame });
        setState('ready');
        for (const [groupId, cursor] of rooms) sendJoin(groupId, cursor);
        return;
      case 'joined':
        return onJoined(frame);
      case 'batch':
        return onBatch(frame);
      case 'resync': {
        const cursor = rooms.get(frame.groupId);
        if (cursor) sendJoin(frame.groupId, cursor);
        return;
      }
      case 'kickedOut':
        return emit({ kind: 'kickedOut', msg: frame.msg });
      case 'error':
        emit({ kind: 'frame', frame });
        if (frame.code === imLoginRequiredCode && state !== 'ready') {
          // Refused credentials: the app may end the stored session; the next attempt asks for credentials again.
          emit({ kind: 'loginRequired', msg: frame.msg });
          socket?.close();
        }
        return;
      default:
        if (isRoomMessage(frame)) {
          if (acceptNumbered(frame)) emit({ kind: 'message', message: frame });
          return;
        }
        emit({ kind: 'frame', frame });
    }
  };

  /** The device id when it is at hand (stored); otherwise it follows in a ping once known. */
  function deviceIdAtHand(): Promise<string | undefined> {
    if (deviceId) return Promise.resolve(deviceId);
    const resolving = options.deviceId();
    void resolving.then(
      (device) => {
        if (deviceId) return;
        deviceId = device;
        // Connected without one: the gateway takes it from a ping (it keeps a login elsewhere from ending this tab).
        if (state === 'ready') sendPing();
      },
      () => undefined,
    );
    return deviceIdIfReady(() => resolving);
  }

  function sendPing(): void {
    const [groupId] = rooms.keys();
    sendRaw({ type: 'ping', ...(deviceId ? { device_id: deviceId } : {}), ...(groupId ? { groupId } : {}) });
  }

  async function authenticate(): Promise<void> {
    const current = generation;
    try {
      const [credentials, device] = await Promise.all([options.credentials(), deviceIdAtHand()]);
      if (current !== generation) return;
      sendRaw({ type: 'auth', ...credentials, ...(device ? { device_id: device } : {}), lang: options.lang });
    } catch {
      // No identity to be had (the guest route failed): drop and try again later.
      socket?.close();
    }
  }

  const scheduleReconnect = (immediate: boolean) => {
    if (retryTimer) clearTimeout(retryTimer);
    const delay = immediate ? Math.random() * 300 : Math.min(backoff.maxMs, backoff.initialMs * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(open, delay);
  };

  function open(): void {
    retryTimer = undefined;
    generation += 1;
    const current = generation;
    setState(state === 'idle' ? 'connecting' : 'reconnecting');
    for (const cursor of rooms.values()) cursor.joined = false;
    socket = factory(options.url, {
      open: () => undefined,
      message: (data) => {
        if (current === generation) onFrame(data);
      },
      close: (code) => {
        if (current !== generation) return;
        socket = undefined;
        if (state === 'closed') return;
        if (code === kickedOutCloseCode) {
          setState('kickedOut');
          return;
        }
        setState('reconnecting');
        scheduleReconnect(code === resyncCloseCode);
      },
    });
  }

  return {
    get state() {
      return state;
    },
    get user() {
      return user;
    },
    connect() {
      if (state !== 'idle') return;
      open();
      pingTimer = setInterval(sendPing, options.pingMs ?? pingIntervalMs);
    },
    join(groupId) {
      if (rooms.has(groupId)) return;
      const cursor: RoomCursor = { epoch: '', seq: 0, joined: false };
      rooms.set(groupId, cursor);
      if (state === 'ready') sendJoin(groupId, cursor);
    },
    leave(groupId) {
      if (!rooms.delete(groupId)) return;
      sendRaw({ type: 'leave', groupId });
    },
    send(frame) {
      return state === 'ready' && sendRaw(frame);
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reconnectNow() {
      if (state !== 'reconnecting' || socket) return;
      attempt = 0;
      scheduleReconnect(true);
    },
    destroy() {
      setState('closed');
      generation += 1;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      socket?.close(1000);
      socket = undefined;
      rooms.clear();
      listeners.clear();
    },
  };
}
