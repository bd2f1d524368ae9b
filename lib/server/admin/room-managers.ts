import 'server-only';
// Room managers in the operator console (docs/room-managers.md): every appointment in the console's brand, newest
// first; an operator or moderator appoints or removes one for any anchor of the brand, through the same rules as
// the anchor's own (lib/server/room-managers), with the audit row in the change's transaction.
import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { roomManagers, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { appointRoomManager, removeRoomManager } from '@/lib/server/room-managers/room-managers';
import type { RoomManagersPage } from '@/lib/validation/admin';
import { adminPageSize } from '@/lib/validation/admin';
import type { ConsoleAppointRoomManagerInput, ConsoleRemoveRoomManagerInput } from '@/lib/validation/room-managers';
import { writeAudit, type AuditContext } from './audit';
import { pageWindow } from './paging';

const anchors = alias(users, 'anchors');
const managers = alias(users, 'managers');
const appointers = alias(users, 'appointers');

export async function listRoomManagersForConsole(db: Db, brandId: string, requestedPage: number): Promise<RoomManagersPage> {
  const inBrand = eq(anchors.brandId, brandId);
  const [{ total }] = await db.select({ total: count() }).from(roomManagers).innerJoin(anchors, eq(anchors.id, roomManagers.anchorId)).where(inBrand);
  const { page, pages, offset } = pageWindow(total, requestedPage);
  const rows = await db
    .select({
      anchorId: anchors.id,
      anchorName: anchors.nickName,
      managerId: managers.id,
      managerName: managers.nickName,
      appointedAt: roomManagers.createdAt,
      appointerId: appointers.id,
      appointerName: appointers.nickName,
    })
    .from(roomManagers)
    .innerJoin(anchors, eq(anchors.id, roomManagers.anchorId))
    .innerJoin(managers, eq(managers.id, roomManagers.userId))
    .leftJoin(appointers, eq(appointers.id, roomManagers.appointedBy))
    .where(inBrand)
    .orderBy(desc(roomManagers.createdAt), desc(roomManagers.userId))
    .limit(adminPageSize)
    .offset(offset);
  return {
    rows: rows.map((row) => ({
      anchor: { id: row.anchorId, nickName: row.anchorName },
      manager: { id: row.managerId, nickName: row.managerName },
      appointedAt: row.appointedAt.toISOString(),
      appointedBy: row.appointerId === null ? null : { id: row.appointerId, nickName: row.appointerName ?? '' },
    })),
    total,
    page,
    pages,
  };
}

export async function appointRoomManagerFromConsole(db: Db, context: AuditContext, input: ConsoleAppointRoomManagerInput): Promise<{ managers: number }> {
  const reply = await appointRoomManager(
    db,
    getBus(),
    {
      anchorId: input.anchor_id,
      actorId: context.actorId,
      audit: (tx, { user, anchor }) =>
        writeAudit(tx, context, { action: 'roomManager.appoint', targetType: 'roomManager', targetId: `${anchor.id}:${user.id}`, before: null, after: { anchor: anchor.id, manager: user.id, nickName: user.nickName } }),
    },
    input.user,
    context.brandId,
  );
  return { managers: reply.managers.length };
}

export async function removeRoomManagerFromConsole(db: Db, context: AuditContext, input: ConsoleRemoveRoomManagerInput): Promise<{ managers: number }> {
  const reply = await removeRoomManager(
    db,
    getBus(),
    {
      anchorId: input.anchor_id,
      actorId: context.actorId,
      audit: (tx, { user, anchor }) =>
        writeAudit(tx, context, { action: 'roomManager.remove', targetType: 'roomManager', targetId: `${anchor.id}:${user.id}`, before: { anchor: anchor.id, manager: user.id, nickName: user.nickName }, after: null }),
    },
    input.user_id,
    context.brandId,
  );
  return { managers: reply.managers.length };
}
