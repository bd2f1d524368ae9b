// The WebSocket gateway on /ws: the handshake (Origin of a brand's page), authentication, the frames of
// lib/realtime/protocol.ts, heartbeats, and the limits that keep it healthy under load. Rooms and delivery
// live in hub.ts; chat rules in the application (lib/server/chat).
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { NextRequest } from 'next/server';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { listBrands, resolveBrand } from '@/lib/brand/registry';
import { getEnv } from '@/lib/env';
import { localeFromLangHeader } from '@/lib/i18n/locales';
import { addressKey } from '@/lib/server/http/address-key';
import { clientIp } from '@/lib/server/http/client-ip';
import { getBus, type Bus } from './bus';
import type { GatewayApp } from './app';
import { Connection, sentFrames, type ConnectionLimits } from './connection';
import { log } from '@/lib/server/log';
import { observeCounter, observeGauge } from '@/lib/server/metrics';
import { Hub, type HubLimits } from './hub';
import { startBusLagProbe } from './bus/lag-probe';
import { defaultFeedLimits } from './room-feed';
import { clientFrame, imLoginRequiredCode, pingIntervalMs, type ClientFrame } from './protocol';
import { parseRoomKey } from '@/lib/validation/chat';

/** Larger frames close the connection (1009): no client frame needs more. */
export const maxFrameBytes = 16 * 1024;
/** How long a shutting-down gateway waits for clients to answer its close frame before it drops them. */
const shutdownGraceMs = 1000;

export type GatewayLimits = ConnectionLimits &
  HubLimits & {
    maxConnections: number;
    /** Connections one client address (an IPv4 address, an IPv6 /64) may hold: WS_MAX_CONNECTIONS_PER_IP. */
    maxConnectionsPerAddress: number;
    /** Dead connections (no pong) are found at this interval; so are connections that never authenticated. */
    heartbeatMs: number;
    /** How often the bus's round trip is measured (bus_round_trip_seconds). */
    busProbeMs: number;
  };

const defaultGatewayLimits: Omit<GatewayLimits, 'maxConnectionsPerAddress'> = {
  maxConnections: 20_000,
  maxBufferedBytes: 256 * 1024,
  framesPerSecondIn: 10,
  recoveryLimit: 500,
  maxRoomsPerConnection: 8,
  heatIntervalMs: 10_000,
  idleRoomMs: 30_000,
  identityRecheckMs: 60_000,
  resyncSpreadMs: 5_000,
  heartbeatMs: 30_000,
  busProbeMs: 5_000,
  feed: defaultFeedLimits,
};

export type GatewayOptions = {
  /** The rules behind the sockets (lib/server/chat/app.ts in the product): the gateway knows only this interface. */
  app: GatewayApp;
  bus?: Bus;
  limits?: Partial<GatewayLimits>;
};

export interface Gateway {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  connectionCount(): number;
  close(): Promise<void>;
}

/** A page of one of our brands, or of the host the socket was opened on; anything else is refused. */
function isAllowedOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // Non-browser clients (apps, tests) send no Origin; browsers always do.
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  if (host && originHost === host.toLowerCase()) return true;
  const bareHost = originHost.replace(/:\d+$/, '');
  return listBrands().some((brand) =>
    brand.hosts.some((pattern) => (pattern.startsWith('*.') ? bareHost.endsWith(pattern.slice(1)) : bareHost === pattern)),
  );
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}

/**
 * Whose connection this is, for the per-address cap: the client address the HTTP routes would see
 * (lib/server/http/client-ip.ts over the proxies' X-Forwarded-For, the socket's peer appended as server.ts does
 * for requests), as its limit key (an IPv6 /64).
 */
function upgradeAddressKey(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.headers['x-forwarded-for'];
  const chain = forwarded ? `${Array.isArray(forwarded) ? forwarded.join(', ') : forwarded}, ${peer}` : peer;
  return addressKey(clientIp(new NextRequest('http://gateway/ws', { headers: { 'x-forwarded-for': chain } })));
}

export function createGateway(options: GatewayOptions): Gateway {
  const limits: GatewayLimits = { ...defaultGatewayLimits, maxConnectionsPerAddress: getEnv().WS_MAX_CONNECTIONS_PER_IP, ...options.limits };
  const bus = options.bus ?? getBus();
  const { app } = options;
  // ws keeps the set of clients; the gateway keeps its own view of each.
  const server = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes, perMessageDeflate: false });
  const connections = new Map<WebSocket, Connection>();
  // Open and opening connections per client address; a socket counts from its upgrade request until it closes.
  const perAddress = new Map<string, number>();
  const hub = new Hub(bus, app, limits, () => connections.values());
  const stopLagProbe = startBusLagProbe(bus, limits.busProbeMs).catch((error: unknown) => {
    log.warn('bus lag probe not started', { error: error instanceof Error ? error.message : String(error) });
    return async () => undefined;
  });
  const unobserve = [
    observeGauge('ws_connections', 'Open WebSocket connections of this gateway', () => connections.size),
    observeCounter('ws_frames_sent_total', 'WebSocket frames written to clients', () => sentFrames.total),
  ];

  const fail = (connection: Connection, key: string, code?: number, groupId?: string) =>
    connection.send({ type: 'error', msg: app.text(connection, key), ...(code ? { code } : {}), ...(groupId ? { groupId } : {}) });

  async function dispatch(connection: Connection, frame: ClientFrame, receivedAt: number): Promise<void> {
    switch (frame.type) {
      case 'ping':
        if (frame.device_id && !connection.deviceId) connection.deviceId = frame.device_id;
        connection.send({ type: 'pong', server_time: Date.now() });
        return;
      case 'auth': {
        if (connection.identity) return fail(connection, 'chat.errors.alreadyAuthenticated');
        connection.deviceId = frame.device_id ?? connection.deviceId;
        connection.locale = localeFromLangHeader(frame.lang) ?? connection.locale;
        const result = await app.authenticate(frame, connection);
        if (!result.ok) {
          connection.send({ type: 'error', msg: result.msg, code: result.code });
          return;
        }
        if (!connection.open) return;
        connection.identity = result.identity;
        connection.userId = result.userId;
        connection.sessionId = result.sessionId;
        connection.send({ type: 'authed', user: result.identity });
        if (result.userId !== undefined) await hub.attachUser(connection, result.userId);
        return;
      }
      case 'join': {
        if (!connection.identity) return fail(connection, 'chat.errors.loginFirst', imLoginRequiredCode, frame.groupId);
        const parsed = parseRoomKey(frame.groupId);
        if (!parsed) return fail(connection, 'chat.errors.badRoom', undefined, frame.groupId);
        await hub.join(connection, parsed, frame.epoch, frame.last_seq);
        return;
      }
      case 'leave':
        hub.leave(connection, frame.groupId);
        connection.send({ type: 'left', groupId: frame.groupId });
        return;
      case 'history':
        if (!connection.rooms.has(frame.groupId)) return fail(connection, 'chat.errors.notInRoom', undefined, frame.groupId);
        await hub.sendHistory(connection, frame.groupId, frame.before_seq);
        return;
      default:
        if (!connection.identity) return fail(connection, 'chat.errors.loginFirst', imLoginRequiredCode, frame.groupId);
        if (!connection.rooms.has(frame.groupId)) return fail(connection, 'chat.errors.notInRoom', undefined, frame.groupId);
        await app.handle(connection, frame, receivedAt);
    }
  }

  function onMessage(connection: Connection, data: RawData): void {
    if (!connection.takeInbound()) {
      connection.close(1008, 'too many frames');
      return;
    }
    let parsed;
    try {
      parsed = clientFrame.safeParse(JSON.parse(data.toString()));
    } catch {
      return fail(connection, 'chat.errors.notJson');
    }
    if (!parsed.success) return fail(connection, 'chat.errors.badFrame');
    const frame = parsed.data;
    const receivedAt = Date.now();
    connection.queue = connection.queue.then(() => dispatch(connection, frame, receivedAt)).catch(() => fail(connection, 'chat.errors.unavailable'));
  }

  server.on('connection', (socket: WebSocket, request: IncomingMessage, raw: Duplex) => {
    const brand = resolveBrand(request.headers.host);
    const connection = new Connection(crypto.randomUUID(), socket, raw, brand.id, brand.locale, limits);
    connections.set(socket, connection);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data) => onMessage(connection, data));
    socket.on('close', () => {
      connections.delete(socket);
      hub.drop(connection);
    });
    // A reset peer is reported here and by close; close does the cleanup.
    socket.on('error', () => undefined);
    connection.send({ type: 'hello', connection_id: connection.id, server_time: Date.now(), ping_interval: pingIntervalMs });
  });

  const heartbeat = setInterval(() => {
    const unauthenticatedBefore = Date.now() - limits.heartbeatMs;
    for (const connection of connections.values()) {
      if (!connection.alive || (!connection.identity && connection.openedAt < unauthenticatedBefore)) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, limits.heartbeatMs);
  heartbeat.unref();

  return {
    handleUpgrade(request, socket, head) {
      if (!isAllowedOrigin(request.headers.origin, request.headers.host)) return refuse(socket, '403 Forbidden');
      if (connections.size >= limits.maxConnections) return refuse(socket, '503 Service Unavailable');
      const address = upgradeAddressKey(request);
      const held = perAddress.get(address) ?? 0;
      if (held >= limits.maxConnectionsPerAddress) return refuse(socket, '429 Too Many Requests');
      perAddress.set(address, held + 1);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
      server.handleUpgrade(request, socket, head, (ws) => server.emit('connection', ws, request, socket));
    },
    connectionCount: () => connections.size,
    async close() {
      clearInterval(heartbeat);
      unobserve.forEach((stop) => stop());
      await (await stopLagProbe)();
      for (const connection of connections.values()) connection.close(1001, 'server shutting down');
      await hub.close();
      await app.close();
      // A peer that does not answer the close frame (gone, or not reading) would hold the process for ws's 30 s.
      const deadline = Date.now() + shutdownGraceMs;
      while (connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const connection of connections.values()) connection.socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
