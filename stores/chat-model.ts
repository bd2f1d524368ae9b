// The live room's chat as data (spec §3 messages, §4 live messages): what a room message does to the list of
// lines, the welcome list and the entrance queue. Pure functions, so the rules are tested without a browser.
import { chatSeparatorMs, loginLineDedupeWindow } from '@/lib/realtime/protocol-constants';
import type { BannedUserMessage, GiftMessage, LoginMessage, PropsMessage, RoomMessage, SayMessage } from '@/lib/realtime/protocol';
import { giftComboWindowMs } from '@/lib/validation/gift-constants';

/**
 * Lines the room keeps: older ones leave as new ones arrive (history pages add above). While the viewer reads above
 * the newest lines, many more stay, so what they read does not leave under their eyes (25 s of a 40 lines/s room).
 */
export const lineLimits = { following: 200, reading: 1000 } as const;
/** Spec §9: the welcome list holds about 11 names. */
const maxWelcomes = 11;
/** Spec §9: a gift combo lasts 3 s after the last gift message. */
const comboWindowMs = giftComboWindowMs;
/** Entrances waiting their turn; a flood of VIPs does not queue minutes of animation. */
const maxEntranceQueue = 20;

type NoticeKind = 'banned' | 'unbanned' | 'followed';

/** chatType of spec §3: 1 self, 2 other, 3 system notice or time separator. */
export type ChatLine =
  | { kind: 'chat'; key: string; message: SayMessage | PropsMessage; chatType: 1 | 2; pending?: boolean }
  | { kind: 'login'; key: string; message: LoginMessage; chatType: 3 }
  | { kind: 'gift'; key: string; message: GiftMessage; chatType: 1 | 2 }
  | { kind: 'notice'; key: string; notice: NoticeKind; name: string; at: number; chatType: 3 };

type Welcome = { key: string; nick_name: string };
type Entrance = { key: string; nick_name: string; avatar: string; vip_level: 1 | 2 | 3 };

export type ChatData = {
  lines: ChatLine[];
  welcomes: Welcome[];
  entrances: Entrance[];
};

export type Viewer = { id: number | string | null; blockAnimations: boolean };

function lineKey(message: RoomMessage): string {
  return `${message.type}:${message.id}`;
}

function timeOf(line: ChatLine): number {
  return line.kind === 'notice' ? line.at : line.message.send_time;
}

/** A room message turned into a chat line, or null for messages that are not lines (deletions, bans…). */
export function toLine(message: RoomMessage, viewer: Viewer): ChatLine | null {
  const mine = viewer.id !== null && 'user_id' in message && message.user_id === viewer.id;
  switch (message.type) {
    case 'say':
    case 'props':
      return { kind: 'chat', key: lineKey(message), message, chatType: mine ? 1 : 2 };
    case 'login':
      return message.line ? { kind: 'login', key: lineKey(message), message, chatType: 3 } : null;
    case 'gift':
      return { kind: 'gift', key: lineKey(message), message, chatType: mine ? 1 : 2 };
    default:
      return null;
  }
}

function cap<T>(items: T[], size: number): T[] {
  return items.length > size ? items.slice(items.length - size) : items;
}

/** The newest `limit` lines: the store trims once after a batch of messages rather than on each. */
export function keepNewestLines(lines: ChatLine[], limit: number): ChatLine[] {
  return cap(lines, limit);
}

function removeUser(lines: ChatLine[], userId: number): ChatLine[] {
  return lines.filter((line) => !(line.kind !== 'notice' && 'user_id' in line.message && line.message.user_id === userId));
}

function banNotice(message: BannedUserMessage): ChatLine {
  return { kind: 'notice', key: lineKey(message), notice: 'banned', name: message.nick_name, at: message.send_time, chatType: 3 };
}

/** Spec §4: VIP 1–3 enter with an animation; other levels have none. */
function entranceLevel(vipLevel: number): Entrance['vip_level'] | undefined {
  return vipLevel === 1 || vipLevel === 2 || vipLevel === 3 ? vipLevel : undefined;
}

/** Spec §4: a login line is not shown again when the same viewer's line is among the last 30. */
function loginLineShownRecently(lines: ChatLine[], userId: number): boolean {
  return lines.slice(-loginLineDedupeWindow).some((line) => line.kind === 'login' && line.message.user_id === userId);
}

/** Applies one live room message (in seq order) to the chat. */
export function applyMessage(data: ChatData, message: RoomMessage, viewer: Viewer): ChatData {
  switch (message.type) {
    case 'clearChat':
      return { ...data, lines: data.lines.filter((line) => line.kind === 'notice' || line.message.id !== message.msg_id) };
    case 'bannedUser':
      // Spec §4: a ban removes that user's messages.
      return { ...data, lines: [...removeUser(data.lines, message.user_id), banNotice(message)] };
    case 'unbannedUser':
      return { ...data, lines: [...data.lines, { kind: 'notice', key: lineKey(message), notice: 'unbanned', name: message.nick_name, at: message.send_time, chatType: 3 }] };
    case 'attentAnchor':
      return { ...data, lines: [...data.lines, { kind: 'notice', key: lineKey(message), notice: 'followed', name: message.nick_name, at: message.send_time, chatType: 3 }] };
    case 'login': {
      if (!message.line) {
        return { ...data, welcomes: cap([...data.welcomes.filter((welcome) => welcome.nick_name !== message.nick_name), { key: message.id, nick_name: message.nick_name }], maxWelcomes) };
      }
      if (loginLineShownRecently(data.lines, message.user_id)) return data;
      const line = toLine(message, viewer);
      const vip = entranceLevel(message.vip_level);
      const entrances =
        !viewer.blockAnimations && vip && data.entrances.length < maxEntranceQueue
          ? [...data.entrances, { key: message.id, nick_name: message.nick_name, avatar: message.avatar, vip_level: vip }]
          : data.entrances;
      return { ...data, lines: line ? [...data.lines, line] : data.lines, entrances };
    }
    case 'gift': {
      // Spec §4/§9: a combo (same sender, same gift, within 3 s) updates the last line's hit instead of adding one.
      const last = data.lines.at(-1);
      if (last?.kind === 'gift' && last.message.user_id === message.user_id && last.message.giftid === message.giftid && message.send_time - last.message.send_time <= comboWindowMs) {
        return { ...data, lines: [...data.lines.slice(0, -1), { ...last, message }] };
      }
      const line = toLine(message, viewer);
      return line ? { ...data, lines: [...data.lines, line] } : data;
    }
    default: {
      const line = toLine(message, viewer);
      // The sender's own line may already be there, confirmed by sayRep: keep one.
      if (!line || data.lines.some((existing) => existing.key === line.key)) return data;
      // Or still waiting for sayRep (the broadcast usually comes first): the confirmed copy takes its place.
      const waiting = line.kind === 'chat' && line.chatType === 1 ? data.lines.findIndex((existing) => isPendingCopy(existing, line.message)) : -1;
      if (waiting >= 0) return { ...data, lines: data.lines.map((existing, index) => (index === waiting ? line : existing)) };
      return { ...data, lines: [...data.lines, line] };
    }
  }
}

/** A pending line of the sender that `message` confirms (the server only trims and collapses the text). */
function isPendingCopy(line: ChatLine, message: SayMessage | PropsMessage): boolean {
  return isPending(line) && line.kind === 'chat' && line.message.content.replace(/\s+/g, ' ') === message.content;
}

/** The viewer's own line waiting for its sayRep. */
export function isPending(line: ChatLine): boolean {
  return line.kind === 'chat' && line.pending === true;
}

/** The sender's line shown at once, before the server confirms it (sayRep). */
export function addPending(data: ChatData, clientId: string, message: SayMessage): ChatData {
  return { ...data, lines: [...data.lines, { kind: 'chat', key: pendingKey(clientId), message, chatType: 1, pending: true }] };
}

export function pendingKey(clientId: string): string {
  return `pending:${clientId}`;
}

/** sayRep: the pending line becomes the confirmed one (status 0) or goes (refused). */
export function settlePending(data: ChatData, clientId: string, confirmed: SayMessage | PropsMessage | undefined, viewer: Viewer): ChatData {
  const index = data.lines.findIndex((line) => line.key === pendingKey(clientId));
  const line = confirmed ? toLine(confirmed, viewer) : null;
  const alreadyShown = line !== null && data.lines.some((existing) => existing.key === line.key);
  if (index < 0) return line && !alreadyShown ? { ...data, lines: [...data.lines, line] } : data;
  const lines = [...data.lines];
  // The confirmed line takes the pending one's place, so the sender's line does not jump.
  if (line && !alreadyShown) lines[index] = line;
  else lines.splice(index, 1);
  return { ...data, lines };
}

/** A history page (older lines) goes above what is shown. */
export function prependHistory(data: ChatData, messages: RoomMessage[], viewer: Viewer): ChatData {
  const known = new Set(data.lines.map((line) => line.key));
  const older = messages.map((message) => toLine(message, viewer)).filter((line): line is ChatLine => line !== null && !known.has(line.key));
  return { ...data, lines: [...older, ...data.lines] };
}

export type TimedRow = { kind: 'separator'; key: string; at: number } | { kind: 'line'; key: string; line: ChatLine };

/** Spec §4: a time separator before a line that comes more than 60 s after the one above it (and before the first). */
export function withTimeSeparators(lines: ChatLine[]): TimedRow[] {
  const rows: TimedRow[] = [];
  let previous: number | undefined;
  for (const line of lines) {
    const at = timeOf(line);
    if (previous === undefined || at - previous > chatSeparatorMs) rows.push({ kind: 'separator', key: `separator:${line.key}`, at });
    rows.push({ kind: 'line', key: line.key, line });
    previous = at;
  }
  return rows;
}

/** The oldest numbered line shown: history pages continue from there. */
export function oldestSeq(lines: ChatLine[]): number | undefined {
  for (const line of lines) {
    if (line.kind !== 'notice' && typeof line.message.seq === 'number') return line.message.seq;
  }
  return undefined;
}
