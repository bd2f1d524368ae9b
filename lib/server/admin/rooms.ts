import 'server-only';
// Rooms live now in the operator console: the open lives, ending one, and revoking an anchor's push key (the
// encoder's address and key stop working; the anchor's studio shows a new pair). The change and its audit row
// are one transaction; live-state announces the end as it writes it, a moment before that transaction commits
// (a player told early asks again and reads the live as ended once it has).
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, streamKeys, users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { finishLive } from '@/lib/server/live-state/state';
import { resetStreamKey } from '@/lib/server/media/stream-keys';
import type { RequestSite } from '@/lib/server/media/types';
import { writeAudit, type AuditContext } from './audit';
import type { LiveNow } from '@/lib/validation/admin';

export async function listLivesNow(db: Db): Promise<LiveNow[]> {
  const rows = await db
    .select({
      liveId: lives.id,
      anchorId: lives.anchorId,
      anchorName: users.nickName,
      title: lives.title,
      status: lives.status,
      viewers: lives.viewers,
      startedAt: lives.startedAt,
    })
    .from(lives)
    .innerJoin(users, eq(users.id, lives.anchorId))
    .where(ne(lives.status, 'ended'))
    .orderBy(desc(lives.viewers), desc(lives.startedAt))
    .limit(200);
  return rows.map(({ startedAt, ...row }) => ({ ...row, startedAt: startedAt.toISOString() }));
}

/** Ends the anchor's open live for the operator (end reason `operator`). */
export async function endLiveForOperator(db: Db, context: AuditContext, anchorId: number): Promise<{ liveId: number }> {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(lives)
      .where(and(eq(lives.anchorId, anchorId), ne(lives.status, 'ended')))
      .for('update');
    if (!live) throw new AppError('live.errors.notLive');
    await finishLive(tx, live.id, 'operator');
    await writeAudit(tx, context, { action: 'live.end', targetType: 'live', targetId: live.id, before: { status: live.status, anchorId }, after: { status: 'ended', reason: 'operator' } });
    return { liveId: live.id };
  });
}

/** Revokes the anchor's push key and issues a new one; an open live is ended first, since it plays the old stream. */
export async function revokePushKey(db: Db, context: AuditContext, anchorId: number, site: RequestSite): Promise<{ endedLiveId: number | null }> {
  return db.transaction(async (tx) => {
    const [anchor] = await tx.select({ role: users.role }).from(users).where(eq(users.id, anchorId));
    if (!anchor) throw new AppError('admin.errors.userNotFound');
    const [live] = await tx
      .select()
      .from(lives)
      .where(and(eq(lives.anchorId, anchorId), ne(lives.status, 'ended')))
      .for('update');
    const [key] = await tx.select({ stream: streamKeys.stream }).from(streamKeys).where(and(eq(streamKeys.anchorId, anchorId), isNull(streamKeys.revokedAt)));
    if (!key && !live) throw new AppError('admin.errors.noPushKey');
    if (live) await finishLive(tx, live.id, 'operator');
    const after = await resetStreamKey(tx, anchorId, site);
    await writeAudit(tx, context, {
      action: 'live.pushKey',
      targetType: 'anchor',
      targetId: anchorId,
      // The stream names only: a key is derived from its name with the server's secret and is never logged.
      before: { stream: key?.stream ?? null, liveId: live?.id ?? null },
      after: { stream: after.stream, endedLiveId: live?.id ?? null },
    });
    return { endedLiveId: live?.id ?? null };
  });
}
