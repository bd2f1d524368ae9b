// The console's maintenance notice (docs/admin.md "Maintenance"): what the form sends to announce one, and the notice
// as the page shows it. Times are UTC minutes, as the console's other times ("2026-11-28T10:00" from a datetime-local
// field); the notice shows every brand's visitors what POST /api/maintain reports.
import { z } from 'zod';
import { consoleText } from './admin';

const utcMinute = /^(20\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d)$/;

const isUtcMinute = (value: string) => utcMinute.test(value) && new Date(`${value}:00.000Z`).toISOString().startsWith(value);

/** "2026-11-28T10:00" (UTC) → that instant. */
function utcTime(message: string) {
  return z
    .string(message)
    .trim()
    .refine(isUtcMinute, message)
    .transform((value) => new Date(`${value}:00.000Z`));
}

/** As `utcTime`, or '' for none. */
function optionalUtcTime(message: string) {
  return z
    .string(message)
    .trim()
    .refine((value) => value === '' || isUtcMinute(value), message)
    .transform((value) => (value === '' ? null : new Date(`${value}:00.000Z`)))
    .default(null);
}

const text = (max: number) => consoleText('admin.maintenance.errors.text', z.string().trim().max(max, 'admin.maintenance.errors.tooLong'));

/** POST /api/admin/setMaintenance: a notice that replaces the current one. English is required, Chinese optional. */
export const maintenanceSetInput = z
  .object({
    title_en: text(100).pipe(z.string().min(1, 'admin.maintenance.errors.titleRequired')),
    title_zh: text(100).default(''),
    content_en: text(2000).pipe(z.string().min(1, 'admin.maintenance.errors.contentRequired')),
    content_zh: text(2000).default(''),
    starts_at: utcTime('admin.maintenance.errors.start'),
    ends_at: utcTime('admin.maintenance.errors.end'),
    remind_at: optionalUtcTime('admin.maintenance.errors.remind'),
  })
  // A transform, not a refinement: it runs only once every field parsed (a refinement also saw a start left as text).
  .transform((input, ctx) => {
    const problem =
      input.ends_at.getTime() <= input.starts_at.getTime()
        ? { message: 'admin.maintenance.errors.end', path: ['ends_at'] }
        : input.ends_at.getTime() <= Date.now()
          ? { message: 'admin.maintenance.errors.over', path: ['ends_at'] }
          : input.remind_at && input.remind_at.getTime() > input.starts_at.getTime()
            ? { message: 'admin.maintenance.errors.remind', path: ['remind_at'] }
            : null;
    if (!problem) return input;
    ctx.addIssue({ code: 'custom', ...problem });
    return z.NEVER;
  });
export type MaintenanceSetInput = z.output<typeof maintenanceSetInput>;

/** The notice every browser is shown now or will be (null: none), as the console reads it; times in ISO (UTC). */
export type ConsoleMaintenance = {
  id: number;
  title: { 'en-US': string; 'zh-CN': string };
  content: { 'en-US': string; 'zh-CN': string };
  startsAt: string;
  endsAt: string;
  remindAt: string | null;
} | null;
