// What the gateway asks of the application behind it (the chat in lib/server/chat): who a client is, whether
// it may enter a room, and what to do with the room frames it sends. The gateway owns transport, rooms,
// numbering, recovery and delivery; the application owns rules.
import type { Connection } from './connection';
import type { ClientFrame, Identity, JoinedFrame } from './protocol';
import type { LiveStatus } from '@/lib/validation/live';
import type { ParsedRoom } from '@/lib/validation/chat';

export type AuthFrame = Extract<ClientFrame, { type: 'auth' }>;
export type AppFrame = Extract<ClientFrame, { type: 'say' | 'login' | 'first' | 'giftFeed' | 'quizPrompt' | 'clearChat' }>;

type AuthResult = { ok: true; identity: Identity; userId?: number; sessionId?: number } | { ok: false; msg: string; code: number };

type Admission =
  | { ok: true; extras: Pick<JoinedFrame, 'can_moderate'> & Partial<Pick<JoinedFrame, 'banned_until' | 'announcement'>> }
  | { ok: false; msg: string };

export interface GatewayApp {
  authenticate(frame: AuthFrame, connection: Connection): Promise<AuthResult>;
  admit(connection: Connection, room: ParsedRoom): Promise<Admission>;
  /** `receivedAt`: when the frame arrived, before it waited behind the connection's earlier frames. */
  handle(connection: Connection, frame: AppFrame, receivedAt: number): Promise<void>;
  /**
   * Who each signed-in connection is now (its session still live, its role as stored); undefined for one whose
   * session ended. Connections without a user are left out of the map.
   */
  revalidate(connections: readonly Connection[]): Promise<Map<Connection, Identity | undefined>>;
  /** Texts the gateway itself sends (errors), in the connection's language. */
  text(connection: Connection, key: string, params?: Record<string, string | number>): string;
  /** The live state a room's heatRep reports; rooms are "not started" until a live service says otherwise. */
  liveStatus?(room: string): LiveStatus;
  close(): Promise<void>;
}
