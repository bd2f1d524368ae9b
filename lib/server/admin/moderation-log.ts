import 'server-only';
// The moderation log across rooms in the operator console: every ban, automatic mute, unban, deleted line and room
// announcement (lib/server/chat/moderation.ts writes them), newest first, filtered by room, actor, target and step.
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db';
import { chatModerationLog, users } from '@/lib/db/schema';
import { parseRoomKey } from '@/lib/validation/chat-constants';
import { adminPageSize, type ModerationLogPage, type ModerationLogQuery } from '@/lib/validation/admin';
import { pageWindow } from './paging';

const actors = alias(users, 'actor');
const targets = alias(users, 'target');

/** Newest first (the id follows time and is indexed), 50 a page. */
export async function listModerationLog(db: Db, query: ModerationLogQuery): Promise<ModerationLogPage> {
  const filters: SQL[] = [];
  if (query.room) filters.push(eq(chatModerationLog.roomKey, parseRoomKey(query.room)?.key ?? query.room));
  if (query.actor) filters.push(eq(chatModerationLog.actorId, query.actor));
  if (query.target) filters.push(eq(chatModerationLog.targetUserId, query.target));
  if (query.action) filters.push(eq(chatModerationLog.action, query.action));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(chatModerationLog).where(where);
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await db
    .select({
      id: chatModerationLog.id,
      createdAt: chatModerationLog.createdAt,
      roomKey: chatModerationLog.roomKey,
      action: chatModerationLog.action,
      details: chatModerationLog.details,
      actorId: actors.id,
      actorName: actors.nickName,
      targetId: targets.id,
      targetName: targets.nickName,
    })
    .from(chatModerationLog)
    .leftJoin(actors, eq(actors.id, chatModerationLog.actorId))
    .leftJoin(targets, eq(targets.id, chatModerationLog.targetUserId))
    .where(where)
    .orderBy(desc(chatModerationLog.id))
    .limit(adminPageSize)
    .offset(offset);

  // The anchors whose rooms these are, in one query.
  const rooms = new Map(rows.map((row) => [row.roomKey, parseRoomKey(row.roomKey)]));
  const anchorIds = [...new Set([...rooms.values()].flatMap((room) => (room && (room.kind === 'live' || room.kind === 'fans') ? [room.id] : [])))];
  const anchors = anchorIds.length ? await db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.id, anchorIds)) : [];
  const anchorName = new Map(anchors.map((anchor) => [anchor.id, anchor.nickName]));

  return {
    total,
    page,
    pages,
    rows: rows.map((row) => {
      const room = rooms.get(row.roomKey);
      const anchored = room && (room.kind === 'live' || room.kind === 'fans') && anchorName.has(room.id) ? room : undefined;
      return {
        id: row.id,
        at: row.createdAt.toISOString(),
        roomKey: row.roomKey,
        roomAnchor: anchored ? { id: anchored.id, nickName: anchorName.get(anchored.id) ?? '', fans: anchored.kind === 'fans' } : null,
        action: row.action,
        actor: row.actorId === null ? null : { id: row.actorId, nickName: row.actorName ?? '' },
        target: row.targetId === null ? null : { id: row.targetId, nickName: row.targetName ?? '' },
        details: row.details,
      };
    }),
  };
}
