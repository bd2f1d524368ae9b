// One WebSocket as the gateway sees it: who it is, which rooms it is in, and the two limits that keep a
// gateway's memory bounded whatever a client does: frames it may send per second, bytes it may leave unread.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Locale } from '@/lib/i18n/locales';
import { slowConsumerCloseCode, type Identity, type ServerFrame } from './protocol';

export type ConnectionLimits = {
  /** A client whose unread bytes pass this is cut off (it stopped reading). */
  maxBufferedBytes: number;
  /** Frames a client may send per second (twice that in a burst). */
  framesPerSecondIn: number;
};

const textFrame = { binary: false } as const;

/** Frames written to clients by this process, for /metrics (a plain number: sending stays one addition). */
export const sentFrames = { total: 0 };

export class Connection {
  identity: Identity | undefined;
  /** Set for signed-in users (not guests). */
  userId: number | undefined;
  /** The sign-in session a user authenticated with: the socket lives only as long as it does. */
  sessionId: number | undefined;
  deviceId = '';
  readonly rooms = new Set<string>();
  readonly openedAt = Date.now();
  alive = true;
  /** Frames of one client are handled in the order sent (a join completes before the say that follows it). */
  queue: Promise<void> = Promise.resolve();
  private tokens: number;
  private refilledAt = this.openedAt;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    /** The TCP socket under `socket`: broadcasts write their ready-made frames straight to it. */
    private readonly raw: Duplex,
    readonly brandId: string,
    public locale: Locale,
    private readonly limits: ConnectionLimits,
  ) {
    this.tokens = limits.framesPerSecondIn * 2;
  }

  get open(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(frame: ServerFrame): void {
    this.sendData(JSON.stringify(frame));
  }

  /** Sends one message to this client (replies, catch-up); ws frames it. */
  sendData(data: string): void {
    if (!this.writable()) return;
    sentFrames.total += 1;
    this.socket.send(data, textFrame);
  }

  /**
   * Writes a complete WebSocket frame (lib/realtime/frame.ts) shared by every viewer of a broadcast. Without
   * compression ws writes synchronously and queues nothing, so frames written here keep their order with its own.
   */
  sendFrame(frame: Buffer): void {
    if (!this.writable()) return;
    sentFrames.total += 1;
    this.raw.write(frame);
  }

  private writable(): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    // bufferedAmount counts what waits in the TCP socket, whoever wrote it.
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.cutOff();
      return false;
    }
    return true;
  }

  /** Counts one inbound frame; false when the client sends faster than its limit. */
  takeInbound(): boolean {
    const now = Date.now();
    const burst = this.limits.framesPerSecondIn * 2;
    this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) * this.limits.framesPerSecondIn) / 1000);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) this.socket.close(code, reason);
  }

  /** A reader that fell this far behind will not catch up: drop it now, its buffers with it. */
  cutOff(): void {
    this.socket.close(slowConsumerCloseCode, 'too slow');
    // A peer that does not read will not read the close frame either.
    this.socket.terminate();
  }
}
