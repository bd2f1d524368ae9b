import 'server-only';
// Maintenance notices: what POST /api/maintain reports, and how operators set and clear them.
import { and, desc, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '@/lib/db';
import { maintenanceNotices, type MaintenanceNotice } from '@/lib/db/schema';
import { localizedText, pickText, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import type { MaintenanceRecord } from '@/lib/validation/maintain';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function toMaintenanceRecord(notice: MaintenanceNotice, locale: Locale): MaintenanceRecord {
  return {
    title: pickText(notice.title, locale),
    content: pickText(notice.content, locale),
    start_time: seconds(notice.startsAt),
    end_time: seconds(notice.endsAt),
    remind_time: notice.remindAt ? seconds(notice.remindAt) : 0,
  };
}

/** The notice that is not over yet and not cleared; the newest wins. */
export async function findCurrentNotice(db: Db | Tx, now = new Date()): Promise<MaintenanceNotice | undefined> {
  const [notice] = await db
    .select()
    .from(maintenanceNotices)
    .where(and(isNull(maintenanceNotices.clearedAt), gt(maintenanceNotices.endsAt, now)))
    .orderBy(desc(maintenanceNotices.id))
    .limit(1);
  return notice;
}

const maintenanceNoticeInput = z
  .object({
    titleEn: z.string().trim().min(1).max(100),
    titleZh: z.string().trim().min(1).max(100).optional(),
    contentEn: z.string().trim().min(1).max(2000),
    contentZh: z.string().trim().min(1).max(2000).optional(),
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
    remindAt: z.coerce.date().optional(),
  })
  .refine((notice) => notice.endsAt > notice.startsAt, { message: 'the end must come after the start', path: ['endsAt'] })
  .refine((notice) => !notice.remindAt || notice.remindAt <= notice.startsAt, {
    message: 'the reminder must come before the start',
    path: ['remindAt'],
  });
export type MaintenanceNoticeInput = z.input<typeof maintenanceNoticeInput>;

/** A new notice replaces any current one. */
export async function setMaintenanceNotice(db: Db, input: MaintenanceNoticeInput): Promise<MaintenanceNotice> {
  const notice = maintenanceNoticeInput.parse(input);
  return db.transaction((tx) =>
    replaceNoticeIn(tx, {
      title: localizedText(notice.titleEn, notice.titleZh),
      content: localizedText(notice.contentEn, notice.contentZh),
      startsAt: notice.startsAt,
      endsAt: notice.endsAt,
      remindAt: notice.remindAt ?? null,
    }),
  );
}

/** `setMaintenanceNotice` for a checked notice, inside the caller's transaction (the console writes its audit row in it). */
export async function replaceNoticeIn(tx: Tx, notice: { title: LocalizedText; content: LocalizedText; startsAt: Date; endsAt: Date; remindAt: Date | null }): Promise<MaintenanceNotice> {
  await tx.update(maintenanceNotices).set({ clearedAt: new Date() }).where(isNull(maintenanceNotices.clearedAt));
  const [created] = await tx.insert(maintenanceNotices).values(notice).returning();
  return created;
}

export async function clearMaintenanceNotices(db: Db | Tx): Promise<number> {
  const cleared = await db
    .update(maintenanceNotices)
    .set({ clearedAt: new Date() })
    .where(isNull(maintenanceNotices.clearedAt))
    .returning({ id: maintenanceNotices.id });
  return cleared.length;
}
