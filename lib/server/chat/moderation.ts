import 'server-only';
// Room moderation (spec §6): managers (role above 1) anywhere, an anchor in their own room and the viewers they
// appointed there (docs/room-managers.md), ban for a
// duration with a reason, unban and delete messages. Each step is recorded with who took it; their ban also
// removes the user's lines from the room log, so no viewer sees them again, not even after a reconnect. The chat
// rules' automatic mutes are quieter: the viewer is told in the reply to their message, their earlier lines stay,
// and the room hears nothing.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { chatBans, chatModerationLog, type UserRole } from '@/lib/db/schema';
import type { Bus } from '@/lib/realtime/bus';
import { AppError, ForbiddenError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import {
  parseRoomKey,
  type BanListEntry,
  type BanReason,
  type BanResult,
  type BanUnit,
  type BanUserInput,
  type DeleteMessageInput,
  type DeleteMessageReply,
  type ParsedRoom,
  type UnbanUserInput,
  type UnbanUserReply,
} from '@/lib/validation/chat';
import { isAppointedManager } from './appointed-managers';
import { banEndOf, findActiveBans, forgetRoomBans } from './bans';
import { loadChatSender, loadChatSenders } from './chat-users';
import { newMessageId, publishChatControl, publishRoomMessage } from './publish';
import { rankOf } from './rules';

export type Moderator = { id: number; role: UserRole };

const unitMs: Record<Exclude<BanUnit, 'permanent'>, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

function moderatedRoom(groupId: string): Extract<ParsedRoom, { kind: 'live' | 'fans' }> {
  const room = parseRoomKey(groupId);
  if (!room || (room.kind !== 'live' && room.kind !== 'fans')) throw new AppError('chat.moderation.notModerated');
  return room;
}

/**
 * Managers and operators moderate every live room and fan group; an anchor their own live room and fan group
 * (both keyed by the anchor's id), and so do the viewers the anchor appointed. `cached` for the gateway's paths
 * that run on every line or join (appointments reach them within 10 s, at once through the bus).
 */
export async function canModerate(db: Db, actor: Moderator, room: ParsedRoom, options: { cached?: boolean } = {}): Promise<boolean> {
  if (room.kind !== 'live' && room.kind !== 'fans') return false;
  if (rankOf(actor.role) > 1 || room.id === actor.id) return true;
  return isAppointedManager(db, room.id, actor.id, options);
}

/** Nobody bans themselves, a manager, the room's anchor or a manager the anchor appointed. */
async function assertBannable(db: Db, actor: Moderator, room: Extract<ParsedRoom, { kind: 'live' | 'fans' }>, target: { user_id: number; role: UserRole }): Promise<void> {
  if (target.user_id === actor.id) throw new AppError('chat.moderation.cannotBanSelf');
  if (rankOf(target.role) > 1 || room.id === target.user_id || (await isAppointedManager(db, room.id, target.user_id))) throw new AppError('chat.moderation.cannotBanManager');
}

type BanSpec = { room: ParsedRoom; userId: number; nickName: string; unit: BanUnit; duration: number; reason: BanReason; by: number; trigger?: 'continuous' | 'total' };

/** Writes the ban (replacing an active one) and its log line in one transaction, then tells every viewer. */
async function applyBan(db: Db, bus: Bus, spec: BanSpec): Promise<BanResult> {
  const now = new Date();
  const expiresAt = spec.unit === 'permanent' ? null : new Date(now.getTime() + spec.duration * unitMs[spec.unit]);
  const actorId = spec.by === 0 ? null : spec.by;
  await db.transaction(async (tx) => {
    await tx
      .update(chatBans)
      .set({ liftedAt: now, liftedBy: actorId })
      .where(and(eq(chatBans.roomKey, spec.room.key), eq(chatBans.userId, spec.userId), isNull(chatBans.liftedAt)));
    await tx.insert(chatBans).values({
      roomKey: spec.room.key,
      userId: spec.userId,
      reason: spec.reason,
      unit: spec.unit,
      duration: spec.unit === 'permanent' ? 0 : spec.duration,
      expiresAt,
      createdBy: actorId,
      trigger: spec.trigger ?? null,
    });
    await tx.insert(chatModerationLog).values({
      roomKey: spec.room.key,
      action: spec.by === 0 ? 'autoBan' : 'ban',
      actorId,
      targetUserId: spec.userId,
      details: { reason: spec.reason, unit: spec.unit, duration: spec.duration, expires_at: expiresAt?.toISOString() ?? null, trigger: spec.trigger ?? null },
    });
  });
  const until = expiresAt ? expiresAt.getTime() : 0;
  forgetRoomBans(spec.room.key);
  await announce(`ban in ${spec.room.key}`, async () => {
    await publishChatControl(bus, { kind: 'bans', room: spec.room.key });
    if (spec.by === 0) return;
    await bus.remove(spec.room.key, (message) => message.user_id === spec.userId);
    await publishRoomMessage(bus, {
      type: 'bannedUser',
      groupId: spec.room.key,
      id: newMessageId(),
      user_id: spec.userId,
      nick_name: spec.nickName,
      reason: spec.reason,
      unit: spec.unit,
      duration: spec.unit === 'permanent' ? 0 : spec.duration,
      until,
      by: spec.by,
      send_time: now.getTime(),
    });
  });
  return { user_id: spec.userId, nick_name: spec.nickName, unit: spec.unit, duration: spec.unit === 'permanent' ? 0 : spec.duration, reason: spec.reason, until };
}

/** The database is the truth; if the bus is down the gateways' caches catch up within a minute. */
async function announce(what: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    log.warn('moderation step not announced', { what, error: error instanceof Error ? error.message : String(error) });
  }
}

export async function banUser(db: Db, bus: Bus, actor: Moderator, input: BanUserInput): Promise<BanResult> {
  const room = moderatedRoom(input.groupId);
  if (!(await canModerate(db, actor, room))) throw new ForbiddenError();
  const target = await loadChatSender(db, input.user_id);
  if (!target) throw new AppError('chat.moderation.userNotFound');
  await assertBannable(db, actor, room, target);
  return applyBan(db, bus, { room, userId: target.user_id, nickName: target.nick_name, unit: input.unit, duration: input.duration, reason: input.reason, by: actor.id });
}

/** Chat limits reached (spec §5): a mute by nobody, for the minutes the rules chose, reason advertising. */
export async function autoBan(db: Db, bus: Bus, room: ParsedRoom, user: { user_id: number; nick_name: string }, trigger: 'continuous' | 'total', minutes: number): Promise<BanResult> {
  return applyBan(db, bus, { room, userId: user.user_id, nickName: user.nick_name, unit: 'minute', duration: minutes, reason: 'advertising', by: 0, trigger });
}

export async function unbanUser(db: Db, bus: Bus, actor: Moderator, input: UnbanUserInput): Promise<UnbanUserReply> {
  const room = moderatedRoom(input.groupId);
  if (!(await canModerate(db, actor, room))) throw new ForbiddenError();
  const target = await loadChatSender(db, input.user_id);
  if (!target) throw new AppError('chat.moderation.userNotFound');
  const now = new Date();
  const lifted = await db.transaction(async (tx) => {
    const active = await findActiveBans(tx, room.key, target.user_id);
    if (active.length === 0) return false;
    await tx
      .update(chatBans)
      .set({ liftedAt: now, liftedBy: actor.id })
      .where(and(eq(chatBans.roomKey, room.key), eq(chatBans.userId, target.user_id), isNull(chatBans.liftedAt)));
    await tx.insert(chatModerationLog).values({ roomKey: room.key, action: 'unban', actorId: actor.id, targetUserId: target.user_id, details: {} });
    return true;
  });
  if (!lifted) throw new AppError('chat.moderation.notBanned');
  forgetRoomBans(room.key);
  await announce(`unban in ${room.key}`, async () => {
    await publishChatControl(bus, { kind: 'bans', room: room.key, unbanned: target.user_id });
    await publishRoomMessage(bus, { type: 'unbannedUser', groupId: room.key, id: newMessageId(), user_id: target.user_id, nick_name: target.nick_name, by: actor.id, send_time: now.getTime() });
  });
  return { user_id: target.user_id };
}

const deletableTypes = new Set(['say', 'props']);

/** Removes one chat line from the room log and from every viewer's screen (clearChat). */
export async function deleteMessage(db: Db, bus: Bus, actor: Moderator, input: DeleteMessageInput): Promise<DeleteMessageReply> {
  const room = moderatedRoom(input.groupId);
  if (!(await canModerate(db, actor, room))) throw new ForbiddenError();
  let deleted: Record<string, unknown> | undefined;
  const removed = await bus.remove(room.key, (message) => {
    if (message.id !== input.id || typeof message.type !== 'string' || !deletableTypes.has(message.type)) return false;
    deleted = message;
    return true;
  });
  if (removed === 0 || !deleted) throw new AppError('chat.moderation.messageNotFound');
  const authorId = typeof deleted.user_id === 'number' ? deleted.user_id : null;
  await db.insert(chatModerationLog).values({
    roomKey: room.key,
    action: 'delete',
    actorId: actor.id,
    targetUserId: authorId,
    messageId: input.id,
    details: { content: typeof deleted.content === 'string' ? deleted.content : null },
  });
  await publishRoomMessage(bus, { type: 'clearChat', groupId: room.key, id: newMessageId(), msg_id: input.id, by: actor.id, send_time: Date.now() });
  return { id: input.id };
}

/** The room's active bans, newest first, for its managers. */
export async function listBans(db: Db, actor: Moderator, groupId: string): Promise<BanListEntry[]> {
  const room = moderatedRoom(groupId);
  if (!(await canModerate(db, actor, room))) throw new ForbiddenError();
  const bans = (await findActiveBans(db, room.key)).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const people = await loadChatSenders(db, bans.map((ban) => ban.userId));
  return bans.map((ban) => ({
    user_id: ban.userId,
    nick_name: people.get(ban.userId)?.nick_name ?? '',
    unit: ban.unit,
    duration: ban.duration,
    reason: ban.reason,
    until: banEndOf(ban),
    by: ban.createdBy ?? 0,
    created_at: ban.createdAt.getTime(),
  }));
}

