import { defineHandler } from '@/lib/server/http/handler';
import { findCurrentNotice, toMaintenanceRecord } from '@/lib/server/maintenance/maintenance';
import { maintainInput } from '@/lib/validation/maintain';

const maintainHandler = defineHandler({ auth: 'none', input: maintainInput, methods: ['GET', 'POST'] }, async ({ db, locale }) => {
  const notice = await findCurrentNotice(db);
  return notice ? toMaintenanceRecord(notice, locale) : null;
});

export { maintainHandler as GET, maintainHandler as POST };
