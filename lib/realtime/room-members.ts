// The viewers of one room on one gateway, split into lanes of about equal size (a newcomer joins the smallest):
// the room feed staggers its batches lane by lane (lib/realtime/room-feed.ts), so a big room's fan-out is made
// in slices instead of one long write to everybody.
import type { Connection } from './connection';
import { encodeTextFrame } from './frame';
import type { FeedAudience } from './room-feed';

/** Lanes per room: a 10 000-viewer room then writes about 1 250 sockets at a time. */
const roomLanes = 8;

export class RoomMembers implements FeedAudience, Iterable<Connection> {
  readonly lanes: number;
  private readonly laneSets: Set<Connection>[];
  private readonly laneOf = new Map<Connection, number>();

  constructor(lanes = roomLanes) {
    this.lanes = lanes;
    this.laneSets = Array.from({ length: lanes }, () => new Set<Connection>());
  }

  get size(): number {
    return this.laneOf.size;
  }

  has(connection: Connection): boolean {
    return this.laneOf.has(connection);
  }

  add(connection: Connection): void {
    if (this.laneOf.has(connection)) return;
    let smallest = 0;
    for (let lane = 1; lane < this.lanes; lane += 1) if (this.laneSets[lane].size < this.laneSets[smallest].size) smallest = lane;
    this.laneSets[smallest].add(connection);
    this.laneOf.set(connection, smallest);
  }

  delete(connection: Connection): void {
    const lane = this.laneOf.get(connection);
    if (lane === undefined) return;
    this.laneSets[lane].delete(connection);
    this.laneOf.delete(connection);
  }

  [Symbol.iterator](): Iterator<Connection> {
    return this.laneOf.keys();
  }

  viewers(): number {
    return this.laneOf.size;
  }

  laneViewers(lane: number): number {
    return this.laneSets[lane].size;
  }

  /** Encodes the frame once and writes the same bytes to one lane, or to every viewer. */
  write(frame: string, lane?: number): number {
    const encoded = encodeTextFrame(frame);
    const recipients = lane === undefined ? this.laneOf.keys() : this.laneSets[lane].values();
    let reached = 0;
    for (const connection of recipients) {
      connection.sendFrame(encoded);
      reached += 1;
    }
    return reached;
  }
}
