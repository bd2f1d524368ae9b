// Maintenance notices (spec §3 maintenance record, §7 /api/maintain): the call's input and its reply.
import { z } from 'zod';

/** POST /api/maintain: the spec sends `device: 1` (web); other values are accepted for other clients. */
export const maintainInput = z.object({ device: z.coerce.number().int().min(0).max(9).default(1) });

/** Spec §3 maintenance record; times in seconds since the epoch, remind_time 0 when there is no reminder. */
const maintenanceRecordSchema = z.object({
  title: z.string(),
  content: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  remind_time: z.number(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;

/** POST /api/maintain: the current record, null when no maintenance is planned. */
export const maintainReply = maintenanceRecordSchema.nullable();
