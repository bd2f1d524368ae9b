import 'server-only';
// Who a chat line is from (nickname, avatar, level, VIP, role) and whose room a live room is. Read through
// short caches: a viewer who chats every few seconds costs the database one read a minute, not one a line.
// A viewer whose name imitates an anchor's or a staff member's (taken before names were reserved, or before
// that person became staff) is shown with their id after it, so nobody passes for the anchor in chat.
// Also whether a match room's match exists.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { matches, users } from '@/lib/db/schema';
import type { ChatSender } from '@/lib/realtime/protocol';
import { isReservedFor, loadStaffNames, type StaffNames } from '@/lib/server/users/reserved-names';

const senderCacheMs = 30_000;
const anchorCacheMs = 60_000;
const staffNamesCacheMs = 60_000;
const cacheCapacity = 20_000;

type Cached<T> = { at: number; value: T };
const senders = new Map<number, Cached<ChatSender | undefined>>();
const anchors = new Map<number, Cached<ChatSender | undefined>>();
const matchRooms = new Map<number, Cached<boolean>>();

function remember<T>(cache: Map<number, Cached<T>>, id: number, value: T): T {
  cache.delete(id);
  cache.set(id, { at: Date.now(), value });
  if (cache.size > cacheCapacity) cache.delete(cache.keys().next().value ?? id);
  return value;
}

const senderColumns = {
  user_id: users.id,
  nick_name: users.nickName,
  avatar: users.avatar,
  level: users.level,
  vip_level: users.vipLevel,
  role: users.role,
};

let staffNames: { at: number; names: Promise<StaffNames> } | undefined;

/** After a direct change of staff names (tests, operator tools in this process) the next line reads them again. */
export function forgetStaffNames(): void {
  staffNames = undefined;
}

function currentStaffNames(db: Db): Promise<StaffNames> {
  if (!staffNames || Date.now() - staffNames.at > staffNamesCacheMs) {
    const names = loadStaffNames(db);
    staffNames = { at: Date.now(), names };
    names.catch(() => forgetStaffNames());
  }
  return staffNames.names;
}

/** The sender as chat shows them: an imitated anchor's or staff member's name carries the imitator's id. */
async function asShown(db: Db, sender: ChatSender | undefined): Promise<ChatSender | undefined> {
  if (!sender || !isReservedFor(sender.nick_name, { id: sender.user_id, role: sender.role }, await currentStaffNames(db))) return sender;
  return { ...sender, nick_name: `${sender.nick_name}#${sender.user_id}` };
}

export async function loadChatSender(db: Db, userId: number): Promise<ChatSender | undefined> {
  const cached = senders.get(userId);
  if (cached && Date.now() - cached.at < senderCacheMs) return cached.value;
  const [row] = await db.select(senderColumns).from(users).where(eq(users.id, userId)).limit(1);
  return remember(senders, userId, await asShown(db, row));
}

/** Drops a cached sender (its role or profile changed), so the next line reads it again. */
export function forgetChatSender(userId: number): void {
  senders.delete(userId);
}

export async function loadChatSenders(db: Db, userIds: number[]): Promise<Map<number, ChatSender>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select(senderColumns).from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** The anchor who owns the live room at `liveRoomPath(anchorId)`, or undefined when the id is not an anchor's. */
export async function findLiveRoomAnchor(db: Db, anchorId: number): Promise<ChatSender | undefined> {
  const cached = anchors.get(anchorId);
  if (cached && Date.now() - cached.at < anchorCacheMs) return cached.value;
  const [row] = await db
    .select(senderColumns)
    .from(users)
    .where(and(eq(users.id, anchorId), eq(users.role, 'anchor')))
    .limit(1);
  return remember(anchors, anchorId, row);
}

/** Whether `match:<id>` names a match we have (the room of a match that does not exist is refused). */
export async function matchRoomExists(db: Db, matchId: number): Promise<boolean> {
  const cached = matchRooms.get(matchId);
  if (cached && Date.now() - cached.at < anchorCacheMs) return cached.value;
  const [row] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId)).limit(1);
  return remember(matchRooms, matchId, Boolean(row));
}
