import 'server-only';
// The maintenance notice in the console (docs/admin.md "Maintenance"): the one every brand's visitors are shown now or
// will be (POST /api/maintain, read per request), announced to replace it or cleared, each in one transaction with its
// audit row, as `ops maintenance:set` and `maintenance:clear` do from the command line.
import type { Db } from '@/lib/db';
import type { MaintenanceNotice } from '@/lib/db/schema';
import { localizedText } from '@/lib/i18n/locales';
import { clearMaintenanceNotices, findCurrentNotice, replaceNoticeIn } from '@/lib/server/maintenance/maintenance';
import type { ConsoleMaintenance, MaintenanceSetInput } from '@/lib/validation/admin-maintenance';
import { writeAudit, type AuditContext } from './audit';

function forConsole(notice: MaintenanceNotice | undefined): ConsoleMaintenance {
  if (!notice) return null;
  return {
    id: notice.id,
    title: { 'en-US': notice.title['en-US'], 'zh-CN': notice.title['zh-CN'] ?? '' },
    content: { 'en-US': notice.content['en-US'], 'zh-CN': notice.content['zh-CN'] ?? '' },
    startsAt: notice.startsAt.toISOString(),
    endsAt: notice.endsAt.toISOString(),
    remindAt: notice.remindAt?.toISOString() ?? null,
  };
}

export async function readMaintenanceForConsole(db: Db): Promise<ConsoleMaintenance> {
  return forConsole(await findCurrentNotice(db));
}

export async function announceMaintenance(db: Db, context: AuditContext, input: MaintenanceSetInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const before = forConsole(await findCurrentNotice(tx));
    const created = await replaceNoticeIn(tx, {
      title: localizedText(input.title_en, input.title_zh),
      content: localizedText(input.content_en, input.content_zh),
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      remindAt: input.remind_at,
    });
    await writeAudit(tx, context, { action: 'maintenance.set', targetType: 'maintenance', targetId: created.id, before, after: forConsole(created) });
    return { id: created.id };
  });
}

/** Nothing is written when no notice is current. */
export async function clearMaintenance(db: Db, context: AuditContext): Promise<{ cleared: boolean }> {
  return db.transaction(async (tx) => {
    const before = forConsole(await findCurrentNotice(tx));
    if (!before) return { cleared: false };
    await clearMaintenanceNotices(tx);
    await writeAudit(tx, context, { action: 'maintenance.clear', targetType: 'maintenance', targetId: before.id, before, after: null });
    return { cleared: true };
  });
}
