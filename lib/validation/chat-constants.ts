// The chat area's plain constants, without zod: room keys and the moderation vocabulary, for the realtime protocol
// and the chat panel (the browser) as much as for the schemas of lib/validation/chat.ts.

// ── Rooms ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A room key: `live:<anchor id>` (a live room, spec /liveMatchesTwo/{id}), `fans:<group id>`,
 * `private:<uid>-<uid>` (smaller id first), `match:<match id>`, or `system`. A bare number is a live room,
 * as the spec's groupId is the room id.
 */
export type RoomKey = string;

const roomKeyPattern = /^(?:(live|fans|match):([1-9]\d{0,14})|private:([1-9]\d{0,14})-([1-9]\d{0,14})|(system))$/;

export type ParsedRoom =
  | { kind: 'live'; key: RoomKey; id: number }
  | { kind: 'fans'; key: RoomKey; id: number }
  | { kind: 'match'; key: RoomKey; id: number }
  | { kind: 'private'; key: RoomKey; users: [number, number] }
  | { kind: 'system'; key: RoomKey };

export function parseRoomKey(value: string): ParsedRoom | undefined {
  const text = /^[1-9]\d{0,14}$/.test(value) ? `live:${value}` : value;
  const match = roomKeyPattern.exec(text);
  if (!match) return undefined;
  if (match[5]) return { kind: 'system', key: 'system' };
  const id = Number(match[2]);
  if (match[1] === 'live') return { kind: 'live', key: text, id };
  if (match[1] === 'fans') return { kind: 'fans', key: text, id };
  if (match[1] === 'match') return { kind: 'match', key: text, id };
  const a = Number(match[3]);
  const b = Number(match[4]);
  if (a >= b) return undefined;
  return { kind: 'private', key: text, users: [a, b] };
}

export function liveRoomKey(anchorId: number): RoomKey {
  return `live:${anchorId}`;
}

export function privateRoomKey(a: number, b: number): RoomKey {
  return a < b ? `private:${a}-${b}` : `private:${b}-${a}`;
}

// ── Moderation vocabulary (spec §6) ─────────────────────────────────────────────────────────────

export const banUnits = ['minute', 'hour', 'day', 'permanent'] as const;
export type BanUnit = (typeof banUnits)[number];
export const banReasons = ['advertising', 'porn', 'falseInfo', 'abuse', 'illegal', 'political', 'other'] as const;
export type BanReason = (typeof banReasons)[number];

/** Longest ban per unit (permanent has no duration). */
export const banDurationMax: Record<Exclude<BanUnit, 'permanent'>, number> = { minute: 1440, hour: 720, day: 365 };
