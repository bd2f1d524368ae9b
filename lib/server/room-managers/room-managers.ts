import 'server-only';
// Room managers (docs/room-managers.md): an anchor appoints up to ten viewers of their site to keep order in their
// live room and fan group, and removes them; an operator does the same from the console. Each change is one
// transaction with its moderation-log line (and the console's audit row); the appointee hears of it in their
// system messages, and every gateway forgets the room's cached managers through the bus.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { defaultBrand, getBrand } from '@/lib/brand/registry';
import type { Db } from '@/lib/db';
import { chatModerationLog, roomManagers, users, type User } from '@/lib/db/schema';
import type { Bus } from '@/lib/realtime/bus';
import { forgetAppointedManagers } from '@/lib/server/chat/appointed-managers';
import { rankOf } from '@/lib/server/chat/rules';
import { publishChatControl } from '@/lib/server/chat/publish';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { sendSystemMessage } from '@/lib/server/inbox/system-messages';
import { log } from '@/lib/server/log';
import { liveRoomKey } from '@/lib/validation/chat';
import { roomManagerLimit, type RoomManagerEntry, type RoomManagersReply } from '@/lib/validation/room-managers';

/** Who changes a room's managers: the anchor themselves, or an operator of the anchor's site. */
export type RoomManagerChange = {
  anchorId: number;
  actorId: number;
  /** The console's audit row, written in the change's transaction. */
  audit?: (tx: Db, change: { user: Pick<User, 'id' | 'nickName'>; anchor: Pick<User, 'id' | 'nickName'> }) => Promise<void>;
};

/** The anchor's room managers, newest first. */
export async function listRoomManagers(db: Db, anchorId: number): Promise<RoomManagersReply> {
  const rows = await db
    .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar, level: users.level, appointedAt: roomManagers.createdAt })
    .from(roomManagers)
    .innerJoin(users, eq(users.id, roomManagers.userId))
    .where(eq(roomManagers.anchorId, anchorId))
    .orderBy(desc(roomManagers.createdAt), desc(roomManagers.userId));
  const managers: RoomManagerEntry[] = rows.map(({ appointedAt, ...row }) => ({ ...row, appointed_at: appointedAt.getTime() }));
  return { managers, limit: roomManagerLimit };
}

/** The anchor, locked: appointments to one room are counted one at a time. */
async function lockAnchor(tx: Db, anchorId: number, brandId?: string): Promise<User> {
  const [anchor] = await tx.select().from(users).where(eq(users.id, anchorId)).for('update');
  if (!anchor || anchor.role !== 'anchor' || (brandId !== undefined && anchor.brandId !== brandId)) throw new AppError('anchor.roomManagers.errors.anchorUnknown');
  return anchor;
}

/** An account of the anchor's site by id (digits) or by exact nickname. */
async function findAppointee(tx: Db, anchor: User, who: string): Promise<User> {
  const byId = /^\d{1,15}$/.test(who) ? Number(who) : undefined;
  const found = await tx
    .select()
    .from(users)
    .where(and(eq(users.brandId, anchor.brandId), byId === undefined ? eq(users.nickName, who) : sql`(${users.id} = ${byId} OR ${users.nickName} = ${who})`))
    .limit(3);
  // A nickname made of digits names its own account before another account's id.
  const exact = found.filter((user) => user.nickName === who);
  const matches = exact.length > 0 ? exact : found;
  if (matches.length === 0) throw new AppError('anchor.roomManagers.errors.userUnknown');
  if (matches.length > 1) throw new AppError('anchor.roomManagers.errors.nameShared');
  return matches[0];
}

/** What the appointee or the removed manager reads in their system messages, in their site's language. */
function noticeOf(anchor: User, key: 'appointedMessage' | 'removedMessage'): string {
  const t = serverTranslator((getBrand(anchor.brandId) ?? defaultBrand()).locale);
  return t(`anchor.roomManagers.${key}`, { name: anchor.nickName });
}

async function announce(bus: Bus, anchorId: number): Promise<void> {
  forgetAppointedManagers(anchorId);
  try {
    await publishChatControl(bus, { kind: 'managers', anchor: anchorId });
  } catch (error) {
    // The gateways' caches catch up within 10 s.
    log.warn('room manager change not announced', { anchorId, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Appoints `who` (an id or an exact nickname) in the anchor's room; `brandId` keeps the console to its own site. */
export async function appointRoomManager(db: Db, bus: Bus, change: RoomManagerChange, who: string, brandId?: string): Promise<RoomManagersReply> {
  await db.transaction(async (tx) => {
    const anchor = await lockAnchor(tx, change.anchorId, brandId);
    const user = await findAppointee(tx, anchor, who);
    if (user.id === anchor.id) throw new AppError('anchor.roomManagers.errors.self');
    if (rankOf(user.role) > 1) throw new AppError('anchor.roomManagers.errors.siteManager');
    if (user.bannedAt) throw new AppError('anchor.roomManagers.errors.banned');
    const [{ appointed }] = await tx.select({ appointed: count() }).from(roomManagers).where(eq(roomManagers.anchorId, anchor.id));
    const inserted = await tx.insert(roomManagers).values({ anchorId: anchor.id, userId: user.id, appointedBy: change.actorId }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new AppError('anchor.roomManagers.errors.already', { name: user.nickName });
    if (appointed >= roomManagerLimit) throw new AppError('anchor.roomManagers.errors.full', { limit: roomManagerLimit });
    await tx.insert(chatModerationLog).values({ roomKey: liveRoomKey(anchor.id), action: 'appointManager', actorId: change.actorId, targetUserId: user.id, details: {} });
    await change.audit?.(tx, { user, anchor });
    await sendSystemMessage(tx, { userId: user.id }, noticeOf(anchor, 'appointedMessage'), change.actorId, bus);
  });
  await announce(bus, change.anchorId);
  return listRoomManagers(db, change.anchorId);
}

/** Removes a manager from the anchor's room; the room keeps order without them from the next line on. */
export async function removeRoomManager(db: Db, bus: Bus, change: RoomManagerChange, userId: number, brandId?: string): Promise<RoomManagersReply> {
  await db.transaction(async (tx) => {
    const anchor = await lockAnchor(tx, change.anchorId, brandId);
    const removed = await tx
      .delete(roomManagers)
      .where(and(eq(roomManagers.anchorId, anchor.id), eq(roomManagers.userId, userId)))
      .returning();
    if (removed.length === 0) throw new AppError('anchor.roomManagers.errors.notManager');
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    await tx.insert(chatModerationLog).values({ roomKey: liveRoomKey(anchor.id), action: 'removeManager', actorId: change.actorId, targetUserId: userId, details: {} });
    await change.audit?.(tx, { user, anchor });
    await sendSystemMessage(tx, { userId }, noticeOf(anchor, 'removedMessage'), change.actorId, bus);
  });
  await announce(bus, change.anchorId);
  return listRoomManagers(db, change.anchorId);
}
