import { z } from 'zod';

/** POST /api/maintain: the spec sends `device: 1` (web); other values are accepted for other clients. */
export const maintainInput = z.object({ device: z.coerce.number().int().min(0).max(9).default(1) });
