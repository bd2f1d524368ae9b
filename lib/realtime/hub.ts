// The rooms of one gateway process: one bus subscription per room in use, its viewers, its feed (priority,
// batching, sampling), the catch-up of a joining viewer (recovery or reset), the gateway's own check that no
// published message went missing, per-user channels (kick-off, private messages, identity re-checks), messages to
// many accounts at once (one batch publish, handed here to the accounts this gateway holds) and the heat count.
import crypto from 'node:crypto';
import { matchChannel } from './match-messages';
import { decodeUserBatch, roomChannel, userBatchChannel, userChannel, type Bus, type RoomEntry } from './bus/types';
import type { GatewayApp } from './app';
import type { Connection } from './connection';
import { encodeTextFrame } from './frame';
import { createRoomFeed, type FeedLimits, type RoomFeed } from './room-feed';
import { RoomMembers } from './room-members';
import type { ParsedRoom } from '@/lib/validation/chat';
import { liveStatuses } from '@/lib/validation/live';
import {
  historyPageSize, historyTypes, imLoginRequiredCode, kickedOutCloseCode, resyncCloseCode, sessionEndedCloseCode,
  type Identity, type JoinedFrame, type ServerFrame,
} from './protocol';

export type HubLimits = {
  /** A viewer who missed more than this many messages gets a reset instead of a replay. */
  recoveryLimit: number;
  maxRoomsPerConnection: number;
  /** How often viewer counts are shared between gateways and sent to rooms. */
  heatIntervalMs: number;
  /** An empty room keeps its subscription this long, so quick reconnects do not churn it. */
  idleRoomMs: number;
  /**
   * Every signed-in connection's session and role are checked again at this interval, besides at once on an
   * identity notice: a notice lost with the bus (or sent by a process without one) is caught up with here.
   */
  identityRecheckMs: number;
  /** After the bus reconnects, rooms are told to resynchronise at random moments within this window, not all at once. */
  resyncSpreadMs: number;
  feed: FeedLimits;
};

type HubRoom = {
  key: string;
  kind: ParsedRoom['kind'];
  members: RoomMembers;
  /** Viewers catching up, with the logged messages that arrived meanwhile. */
  joining: Map<Connection, RoomEntry[]>;
  /** The newest seq this gateway received; a jump means a lost delivery. */
  lastSeq: number;
  feed: RoomFeed;
  subscribed: Promise<() => Promise<void>>;
  idleTimer?: ReturnType<typeof setTimeout>;
};

type UserEntry = { connections: Set<Connection>; subscribed: Promise<() => Promise<void>> };

type PresenceReport = { at: number; rooms: Record<string, number> };

const presenceChannel = 'realtime:presence';
/** Published on an account's channel when its sessions or role changed (logout, password reset, role change). */
export const identityNotice = JSON.stringify({ type: 'identity' });
/** Connections whose identities one query re-checks. */
const recheckBatch = 500;

function sameIdentity(a: Identity, b: Identity): boolean {
  return a.role === b.role && a.nick_name === b.nick_name && a.level === b.level && a.vip_level === b.vip_level;
}

export class Hub {
  readonly gatewayId = crypto.randomBytes(6).toString('hex');
  private readonly rooms = new Map<string, HubRoom>();
  private readonly users = new Map<number, UserEntry>();
  private readonly otherGateways = new Map<string, PresenceReport>();
  private readonly heatTimer: ReturnType<typeof setInterval>;
  private readonly recheckTimer: ReturnType<typeof setInterval>;
  private readonly resyncTimers = new Set<ReturnType<typeof setTimeout>>();
  private readonly stopPresence: Promise<() => Promise<void>>;
  private readonly stopUserBatches: Promise<() => Promise<void>>;
  private readonly stopResetListener: () => void;

  constructor(
    private readonly bus: Bus,
    private readonly app: GatewayApp,
    private readonly limits: HubLimits,
    private readonly connections: () => Iterable<Connection>,
  ) {
    this.heatTimer = setInterval(() => void this.shareHeat(), limits.heatIntervalMs);
    this.heatTimer.unref();
    this.stopPresence = bus.subscribe(presenceChannel, (message) => this.onPresence(message));
    this.stopPresence.catch(() => undefined);
    this.stopUserBatches = bus.subscribe(userBatchChannel, (message) => this.onUserBatch(message));
    this.stopUserBatches.catch(() => undefined);
    this.recheckTimer = setInterval(() => void this.recheckAll(), limits.identityRecheckMs);
    this.recheckTimer.unref();
    this.stopResetListener = bus.onReset(() => this.afterBusReset());
  }

  /**
   * Deliveries may have been lost while the bus was away. The sockets stay open (closing them all would bring every
   * client back at the same moment: a reconnection stampede on the gateways, the database and Redis); instead each
   * room is told to resynchronise, at a random moment within resyncSpreadMs, and its viewers rejoin from their last
   * seq (recover, or reset when Redis came back empty). Identity notices may have been lost too: every session is
   * checked again.
   */
  private afterBusReset(): void {
    for (const room of this.rooms.values()) {
      if (room.kind === 'match') continue;
      const timer = setTimeout(() => {
        this.resyncTimers.delete(timer);
        if (this.rooms.get(room.key) !== room) return;
        room.lastSeq = 0;
        room.feed.flush();
        room.members.write(JSON.stringify({ type: 'resync', groupId: room.key } satisfies ServerFrame));
        // A viewer still catching up starts over once this join is done (its frames are handled in order).
        for (const connection of room.joining.keys()) connection.send({ type: 'resync', groupId: room.key });
      }, Math.random() * this.limits.resyncSpreadMs);
      timer.unref();
      this.resyncTimers.add(timer);
    }
    void this.recheckAll();
  }

  // ── Identities: a signed-in socket lives only as long as its session ─────────────────────────

  private async recheckAll(): Promise<void> {
    const signedIn = [...this.connections()].filter((connection) => connection.userId !== undefined);
    for (let start = 0; start < signedIn.length; start += recheckBatch) await this.recheck(signedIn.slice(start, start + recheckBatch));
  }

  /**
   * Asks the application who each connection is now: one whose session ended (logout, password reset, expiry, a
   * deleted account) is told and closed; one whose role or profile changed gets a new `authed` (the client then
   * rejoins its rooms, with the moderation rights of its new role).
   */
  private async recheck(connections: readonly Connection[]): Promise<void> {
    const current = await this.app.revalidate(connections).catch(() => undefined);
    if (!current) return; // The database is unreachable: the next check decides.
    for (const connection of connections) {
      if (!connection.open || !connection.identity || !current.has(connection)) continue;
      const identity = current.get(connection);
      if (!identity) {
        connection.send({ type: 'error', code: imLoginRequiredCode, msg: this.app.text(connection, 'chat.errors.sessionEnded') });
        connection.close(sessionEndedCloseCode, 'session ended');
        continue;
      }
      if (sameIdentity(identity, connection.identity)) continue;
      connection.identity = identity;
      connection.send({ type: 'authed', user: identity });
    }
  }

  roomCount(): number {
    return this.rooms.size;
  }

  // ── Rooms ─────────────────────────────────────────────────────────────────────────────────────

  private openRoom(parsed: ParsedRoom): HubRoom {
    const existing = this.rooms.get(parsed.key);
    if (existing) {
      if (existing.idleTimer) clearTimeout(existing.idleTimer);
      existing.idleTimer = undefined;
      return existing;
    }
    const members = new RoomMembers();
    const feed = createRoomFeed(parsed.key, members, this.limits.feed);
    const channel = parsed.kind === 'match' ? matchChannel(parsed.id) : roomChannel(parsed.key);
    const room: HubRoom = { key: parsed.key, kind: parsed.kind, members, joining: new Map(), lastSeq: 0, feed, subscribed: Promise.resolve(async () => undefined) };
    room.subscribed = this.bus.subscribe(channel, (frame) => this.onRoomFrame(room, frame));
    room.subscribed.catch(() => {
      if (this.rooms.get(room.key) === room) this.rooms.delete(room.key);
    });
    this.rooms.set(parsed.key, room);
    return room;
  }

  private closeRoomWhenIdle(room: HubRoom): void {
    if (room.members.size > 0 || room.joining.size > 0 || room.idleTimer) return;
    room.idleTimer = setTimeout(() => {
      if (room.members.size > 0 || room.joining.size > 0 || this.rooms.get(room.key) !== room) return;
      this.rooms.delete(room.key);
      room.feed.close();
      void room.subscribed.then((stop) => stop()).catch(() => undefined);
    }, this.limits.idleRoomMs);
    room.idleTimer.unref();
  }

  private onRoomFrame(room: HubRoom, published: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(published);
    } catch {
      return;
    }
    // The match feed publishes without a room: the frame gains its groupId here, once for every viewer.
    const frame = room.kind === 'match' ? `{"groupId":${JSON.stringify(room.key)},${published.slice(1)}` : published;
    const seq = typeof message.seq === 'number' ? message.seq : undefined;
    if (seq !== undefined) {
      const lost = room.lastSeq > 0 && seq !== room.lastSeq + 1;
      room.lastSeq = seq;
      for (const [connection, arrived] of room.joining) {
        if (arrived.length < this.limits.recoveryLimit) arrived.push({ seq, frame });
        else connection.close(resyncCloseCode, 'resync');
      }
      if (lost) {
        // Something published never reached this gateway (or the numbering restarted): viewers catch up from the log.
        room.feed.flush();
        room.members.write(JSON.stringify({ type: 'resync', groupId: room.key } satisfies ServerFrame));
      }
    }
    room.feed.push({
      frame,
      seq,
      type: typeof message.type === 'string' ? message.type : '',
      content: typeof message.content === 'string' ? message.content : undefined,
      props_type: typeof message.props_type === 'number' ? message.props_type : undefined,
      vip_level: typeof message.vip_level === 'number' ? message.vip_level : undefined,
      line: typeof message.line === 'number' ? message.line : undefined,
    });
  }

  /** Adds a viewer: with the epoch and seq it last saw it gets what it missed, otherwise a reset and the newest page. */
  async join(connection: Connection, parsed: ParsedRoom, epoch: string | undefined, lastSeq: number | undefined): Promise<void> {
    if (!connection.rooms.has(parsed.key) && connection.rooms.size >= this.limits.maxRoomsPerConnection) {
      connection.send({ type: 'error', groupId: parsed.key, msg: this.app.text(connection, 'chat.errors.tooManyRooms') });
      return;
    }
    const admission = await this.app.admit(connection, parsed);
    if (!admission.ok) {
      connection.send({ type: 'error', groupId: parsed.key, msg: admission.msg });
      return;
    }
    if (!connection.open) return;
    const room = this.openRoom(parsed);
    room.members.delete(connection);
    const arrived: RoomEntry[] = [];
    room.joining.set(connection, arrived);
    connection.rooms.add(parsed.key);
    try {
      await room.subscribed;
      if (room.kind === 'match') {
        // Match rooms carry states and events the match page reads over HTTP; nothing to replay here.
        this.sendJoined(connection, { type: 'joined', groupId: room.key, epoch: '', seq: 0, mode: 'reset', ...admission.extras }, []);
      } else {
        await this.catchUp(connection, room, epoch, lastSeq, admission.extras, arrived);
      }
    } catch {
      room.joining.delete(connection);
      connection.rooms.delete(parsed.key);
      this.closeRoomWhenIdle(room);
      // The bus is unreachable: the client comes back later and catches up then.
      connection.send({ type: 'error', groupId: parsed.key, msg: this.app.text(connection, 'chat.errors.unavailable') });
      connection.close(1013, 'try again later');
      return;
    }
    room.joining.delete(connection);
    if (!connection.open || !connection.rooms.has(room.key)) {
      this.closeRoomWhenIdle(room);
      return;
    }
    room.members.add(connection);
    if (room.kind === 'live') connection.send({ type: 'heatRep', groupId: room.key, val: this.heatOf(room), status: this.app.liveStatus?.(room.key) ?? liveStatuses.notStarted });
  }

  private async catchUp(
    connection: Connection,
    room: HubRoom,
    epoch: string | undefined,
    lastSeq: number | undefined,
    extras: Partial<JoinedFrame>,
    arrived: RoomEntry[],
  ): Promise<void> {
    const head = await this.bus.head(room.key);
    const missed = epoch === head.epoch && lastSeq !== undefined ? await this.bus.readAfter(room.key, lastSeq, this.limits.recoveryLimit) : undefined;
    let caughtUp = head.seq;
    if (missed && lastSeq !== undefined) {
      this.sendJoined(connection, { type: 'joined', groupId: room.key, epoch: head.epoch, seq: head.seq, mode: 'recover', can_moderate: 0, ...extras }, undefined);
      caughtUp = Math.max(head.seq, missed.at(-1)?.seq ?? 0, lastSeq);
      if (caughtUp > lastSeq) connection.sendData(entriesFrame(room.key, lastSeq + 1, caughtUp, missed));
    } else {
      const page = await this.historyPage(room.key, undefined);
      caughtUp = Math.max(head.seq, page.entries.at(-1)?.seq ?? 0);
      this.sendJoined(
        connection,
        { type: 'joined', groupId: room.key, epoch: head.epoch, seq: caughtUp, mode: 'reset', no_more: page.noMore ? 1 : 0, can_moderate: 0, ...extras },
        page.entries,
      );
    }
    const later = arrived.filter((entry) => entry.seq > caughtUp);
    const newest = later.at(-1);
    if (newest) connection.sendData(entriesFrame(room.key, caughtUp + 1, newest.seq, later));
  }

  /** The joined frame, with history entries spliced in as published (never decoded and encoded again). */
  private sendJoined(connection: Connection, frame: JoinedFrame, history: RoomEntry[] | undefined): void {
    const json = JSON.stringify(frame);
    connection.sendData(history ? `${json.slice(0, -1)},"history":[${history.map((entry) => entry.frame).join(',')}]}` : json);
  }

  leave(connection: Connection, key: string): void {
    connection.rooms.delete(key);
    const room = this.rooms.get(key);
    if (!room) return;
    room.members.delete(connection);
    room.joining.delete(connection);
    this.closeRoomWhenIdle(room);
  }

  /** A page of chat lines older than `beforeSeq` (the newest page without it). */
  async historyPage(key: string, beforeSeq: number | undefined): Promise<{ entries: RoomEntry[]; noMore: boolean }> {
    const found: RoomEntry[] = [];
    let before = beforeSeq;
    const scan = historyPageSize * 3;
    // Events (bans, deletions, announcements) sit between the lines: read on until a page is full or the log ends.
    for (let round = 0; round < 5; round += 1) {
      const entries = await this.bus.readBefore(key, before, scan);
      const lines = entries.filter((entry) => historyTypes.has(typeOf(entry.frame)));
      found.unshift(...lines);
      if (entries.length < scan) return { entries: found.slice(-historyPageSize), noMore: found.length <= historyPageSize };
      if (found.length >= historyPageSize) return { entries: found.slice(-historyPageSize), noMore: false };
      before = entries[0].seq;
    }
    return { entries: found.slice(-historyPageSize), noMore: found.length === 0 };
  }

  async sendHistory(connection: Connection, key: string, beforeSeq: number | undefined): Promise<void> {
    const page = await this.historyPage(key, beforeSeq);
    const head = JSON.stringify({ type: 'historyRep', groupId: key, no_more: page.noMore ? 1 : 0 });
    connection.sendData(`${head.slice(0, -1)},"msgs":[${page.entries.map((entry) => entry.frame).join(',')}]}`);
  }

  // ── Users: kick-off and messages to one account ──────────────────────────────────────────────

  /** Registers a signed-in connection and tells the account's other devices they were replaced (spec §4). */
  async attachUser(connection: Connection, userId: number): Promise<void> {
    let entry = this.users.get(userId);
    if (!entry) {
      const created: UserEntry = { connections: new Set(), subscribed: this.bus.subscribe(userChannel(userId), (message) => this.onUserMessage(created, message)) };
      created.subscribed.catch(() => {
        if (this.users.get(userId) === created) this.users.delete(userId);
      });
      entry = created;
      this.users.set(userId, entry);
    }
    entry.connections.add(connection);
    await entry.subscribed;
    await this.bus.publish(userChannel(userId), JSON.stringify({ type: 'kick', connection_id: connection.id, device_id: connection.deviceId }));
  }

  private onUserMessage(entry: UserEntry, message: string): void {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (parsed.type === 'identity') {
      void this.recheck([...entry.connections]);
      return;
    }
    if (parsed.type === 'kick') {
      for (const connection of entry.connections) {
        if (connection.id === parsed.connection_id || connection.deviceId === parsed.device_id) continue;
        connection.send({ type: 'kickedOut', msg: this.app.text(connection, 'chat.errors.kickedOut') });
        connection.close(kickedOutCloseCode, 'logged in elsewhere');
      }
      return;
    }
    const encoded = encodeTextFrame(message);
    for (const connection of entry.connections) connection.sendFrame(encoded);
  }

  /**
   * One message to many accounts: every gateway hears every batch and sends it to the connections of the named
   * accounts it holds (a map lookup per id), the frame encoded once for all of them.
   */
  private onUserBatch(published: string): void {
    const batch = decodeUserBatch(published);
    if (!batch) return;
    let encoded: Buffer | undefined;
    for (const userId of batch.userIds) {
      const entry = this.users.get(userId);
      if (!entry) continue;
      encoded ??= encodeTextFrame(batch.message);
      for (const connection of entry.connections) connection.sendFrame(encoded);
    }
  }

  /** Forgets a closed connection everywhere. */
  drop(connection: Connection): void {
    for (const key of [...connection.rooms]) this.leave(connection, key);
    if (connection.userId === undefined) return;
    const entry = this.users.get(connection.userId);
    if (!entry) return;
    entry.connections.delete(connection);
    if (entry.connections.size === 0) {
      this.users.delete(connection.userId);
      void entry.subscribed.then((stop) => stop()).catch(() => undefined);
    }
  }

  // ── Heat: viewers per live room, summed over every gateway ───────────────────────────────────

  private onPresence(message: string): void {
    try {
      const report: unknown = JSON.parse(message);
      if (typeof report !== 'object' || report === null || !('gw' in report) || !('rooms' in report)) return;
      const { gw, rooms } = report;
      if (typeof gw !== 'string' || gw === this.gatewayId || typeof rooms !== 'object' || rooms === null) return;
      this.otherGateways.set(gw, { at: Date.now(), rooms: rooms as Record<string, number> });
    } catch {
      // A malformed report is ignored; the next one replaces it.
    }
  }

  private heatOf(room: HubRoom): number {
    const fresh = Date.now() - this.limits.heatIntervalMs * 3;
    let total = room.members.size + room.joining.size;
    for (const [gw, report] of this.otherGateways) {
      if (report.at < fresh) this.otherGateways.delete(gw);
      else total += Number(report.rooms[room.key]) || 0;
    }
    return total;
  }

  private async shareHeat(): Promise<void> {
    const rooms: Record<string, number> = {};
    const live = [...this.rooms.values()].filter((room) => room.kind === 'live');
    for (const room of live) rooms[room.key] = room.members.size + room.joining.size;
    await this.bus.publish(presenceChannel, JSON.stringify({ gw: this.gatewayId, rooms })).catch(() => undefined);
    for (const room of live) {
      if (room.members.size === 0) continue;
      const frame: ServerFrame = { type: 'heatRep', groupId: room.key, val: this.heatOf(room), status: this.app.liveStatus?.(room.key) ?? liveStatuses.notStarted };
      room.members.write(JSON.stringify(frame));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.heatTimer);
    clearInterval(this.recheckTimer);
    for (const timer of this.resyncTimers) clearTimeout(timer);
    this.resyncTimers.clear();
    this.stopResetListener();
    for (const room of this.rooms.values()) {
      room.feed.close();
      if (room.idleTimer) clearTimeout(room.idleTimer);
      await room.subscribed.then((stop) => stop()).catch(() => undefined);
    }
    this.rooms.clear();
    for (const entry of this.users.values()) await entry.subscribed.then((stop) => stop()).catch(() => undefined);
    this.users.clear();
    await this.stopPresence.then((stop) => stop()).catch(() => undefined);
    await this.stopUserBatches.then((stop) => stop()).catch(() => undefined);
  }
}

function typeOf(frame: string): string {
  // Logged frames start `{"seq":N,"type":"…"`: read the type without decoding the whole message.
  const match = /^\{"seq":\d+,"type":"([A-Za-z_]+)"/.exec(frame);
  return match ? match[1] : '';
}

/** Logged messages for one viewer (a replay or what arrived while it caught up), covering seq from..to. */
function entriesFrame(groupId: string, from: number, to: number, entries: RoomEntry[]): string {
  return `{"type":"batch","groupId":${JSON.stringify(groupId)},"from":${from},"to":${to},"msgs":[${entries.map((entry) => entry.frame).join(',')}]}`;
}
