// When the maintenance dialog shows (spec §4): as a closable reminder before the window, as a blocking notice inside it.
import type { MaintenanceRecord } from '@/lib/validation/maintain';

export type MaintenanceView = 'hidden' | 'reminder' | 'ongoing';

/** A closed reminder stays away this long (spec §9: 6 hours). */
export const reminderSnoozeMs = 21_600_000;
/** localStorage key holding when the reminder was last closed, in ms (spec §3). */
export const reminderClosedKey = 'close_m';

export function maintenanceView(record: MaintenanceRecord | null, nowMs: number, reminderClosedAtMs: number | null): MaintenanceView {
  if (!record) return 'hidden';
  const nowSeconds = nowMs / 1000;
  if (nowSeconds >= record.start_time && nowSeconds < record.end_time) return 'ongoing';
  const reminding = record.remind_time > 0 && nowSeconds > record.remind_time && nowSeconds < record.start_time;
  if (!reminding) return 'hidden';
  const closedRecently = reminderClosedAtMs !== null && nowMs - reminderClosedAtMs < reminderSnoozeMs;
  return closedRecently ? 'hidden' : 'reminder';
}

/** Reads close_m; anything that is not a number of ms counts as never closed. */
export function parseClosedAt(stored: string | null): number | null {
  if (stored === null || stored.trim() === '') return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The API's data field, checked against the shape of lib/validation/maintain.ts by hand: every page runs this, and
 * the schema would bring its zod code into every page's first load. Null when none is planned (or malformed).
 */
export function toMaintenanceRecord(data: unknown): MaintenanceRecord | null {
  if (typeof data !== 'object' || data === null) return null;
  const read = (key: keyof MaintenanceRecord): unknown => Reflect.get(data, key);
  const [title, content, start_time, end_time, remind_time] = [read('title'), read('content'), read('start_time'), read('end_time'), read('remind_time')];
  if (typeof title !== 'string' || typeof content !== 'string') return null;
  if (!isFiniteNumber(start_time) || !isFiniteNumber(end_time) || !isFiniteNumber(remind_time)) return null;
  return { title, content, start_time, end_time, remind_time };
}
