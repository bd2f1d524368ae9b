import 'server-only';
// Replays in the operator console: every replay, newest first, hidden ones included; hiding one takes it off every
// list, page and file address of the site (and showing it puts it back); deleting one removes its row and its MP4
// for good. Each change and its audit row are one transaction; then the web processes purge their cached replay
// lists (the replay events' channels, lib/server/public-pages/freshness.ts).
import fs from 'node:fs';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, replays, users, type Replay } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { mediaPaths } from '@/lib/server/media/paths';
import { announceReplayChange, replayReadyChannel, replayRemovedChannel } from '@/lib/server/replays/events';
import { replayPath } from '@/lib/routes';
import { adminPageSize, type ReplayHideInput, type ReplaysPage } from '@/lib/validation/admin';
import { writeAudit, type AuditContext } from './audit';
import { pageWindow } from './paging';

export async function listReplaysForConsole(db: Db, requestedPage: number): Promise<ReplaysPage> {
  const [{ total }] = await db.select({ total: count() }).from(replays);
  const { page, pages, offset } = pageWindow(total, requestedPage);
  const rows = await db
    .select({ replay: replays, title: lives.title, anchorName: users.nickName })
    .from(replays)
    .innerJoin(lives, eq(lives.id, replays.liveId))
    .innerJoin(users, eq(users.id, replays.anchorId))
    .orderBy(desc(replays.createdAt), desc(replays.id))
    .limit(adminPageSize)
    .offset(offset);
  return {
    rows: rows.map(({ replay, title, anchorName }) => ({
      id: replay.id,
      anchorId: replay.anchorId,
      anchorName,
      title,
      durationSeconds: replay.durationSeconds,
      sizeBytes: replay.sizeBytes,
      recordedAt: replay.createdAt.toISOString(),
      hiddenAt: replay.hiddenAt?.toISOString() ?? null,
      path: replayPath({ id: replay.id, anchor_id: replay.anchorId }),
    })),
    total,
    page,
    pages,
  };
}

const eventOf = (replay: Replay) => ({ replay_id: replay.id, live_id: replay.liveId, anchor_id: replay.anchorId });

/** Hides the replay from the site (hidden 1) or shows it again (0); asking for the state it is in changes nothing. */
export async function setReplayHidden(db: Db, context: AuditContext, input: ReplayHideInput): Promise<{ hidden: boolean }> {
  const hidden = input.hidden === 1;
  const changed = await db.transaction(async (tx) => {
    const [replay] = await tx.select().from(replays).where(eq(replays.id, input.replay_id)).for('update');
    if (!replay) throw new AppError('admin.errors.replayUnknown');
    if ((replay.hiddenAt !== null) === hidden) return undefined;
    await tx
      .update(replays)
      .set({ hiddenAt: hidden ? new Date() : null })
      .where(eq(replays.id, replay.id));
    await writeAudit(tx, context, {
      action: hidden ? 'replay.hide' : 'replay.show',
      targetType: 'replay',
      targetId: replay.id,
      before: { hidden: !hidden, anchorId: replay.anchorId, liveId: replay.liveId },
      after: { hidden },
    });
    return replay;
  });
  if (changed) await announceReplayChange(hidden ? replayRemovedChannel : replayReadyChannel, eventOf(changed));
  return { hidden };
}

/** Deletes the replay's row and then its file; the audit keeps what it was. */
export async function deleteReplay(db: Db, context: AuditContext, replayId: number): Promise<{ deleted: true }> {
  const removed = await db.transaction(async (tx) => {
    const [replay] = await tx.select().from(replays).where(eq(replays.id, replayId)).for('update');
    if (!replay) throw new AppError('admin.errors.replayUnknown');
    await tx.delete(replays).where(eq(replays.id, replay.id));
    await writeAudit(tx, context, {
      action: 'replay.delete',
      targetType: 'replay',
      targetId: replay.id,
      before: { anchorId: replay.anchorId, liveId: replay.liveId, file: replay.file, durationSeconds: replay.durationSeconds, sizeBytes: replay.sizeBytes, hidden: replay.hiddenAt !== null },
      after: null,
    });
    return replay;
  });
  // After the commit: a failed transaction leaves the file, and a file left by a crash here is only disk.
  fs.rmSync(path.join(mediaPaths(getEnv().dataDir).replays, path.basename(removed.file)), { force: true });
  await announceReplayChange(replayRemovedChannel, eventOf(removed));
  return { deleted: true };
}
