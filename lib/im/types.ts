// The browser's messaging client (spec §4 messaging layer), whatever the provider: the built-in gateway
// (`sc`, ws-client.ts) today; a Tencent IM adapter can implement the same interface.
import type { ClientFrameInput, Identity, JoinedFrame, RoomMessage, ServerFrame } from '@/lib/realtime/protocol';

/** idle → connecting → ready; reconnecting after a drop; kickedOut when another login replaced this one. */
export type ImState = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'kickedOut' | 'closed';

/** A signed-in user's session credential, or a guest's id and sig from /api/scIm/getUserSig. */
export type ImCredentials = { token: string } | { uid: string; sig: string };

export type ImEvent =
  | { kind: 'state'; state: ImState }
  | { kind: 'joined'; frame: JoinedFrame }
  /** Room messages in seq order, once each, whether they came alone, in a batch or in a replay. */
  | { kind: 'message'; message: RoomMessage }
  /** Everything else the server sends: replies (sayRep, historyRep, clearRep…), heat, match data, messages to this user. */
  | { kind: 'frame'; frame: ServerFrame }
  | { kind: 'kickedOut'; msg: string }
  /** The credentials were refused (spec §8 error 70001): the UI opens the login dialog. */
  | { kind: 'loginRequired'; msg: string };

export interface ImClient {
  readonly state: ImState;
  /**
   * Who the connection signed in as (its last `authed`), or null before that: a room that starts on a client another
   * part of the page already connected missed the event, and reads it here.
   */
  readonly user: Identity | null;
  connect(): void;
  /** Joins now or as soon as connected, and again after every reconnect, from the last message seen. */
  join(groupId: string): void;
  leave(groupId: string): void;
  /** Sends a frame when connected; false when it could not be sent. */
  send(frame: ClientFrameInput): boolean;
  on(listener: (event: ImEvent) => void): () => void;
  /** Skips the back-off (the tab became visible, the network came back). */
  reconnectNow(): void;
  destroy(): void;
}
