// The web role's purge request to its own Next handler (server.ts → /api/internal/page-purge): the cache tags to expire.
import { z } from 'zod';

export const pagePurgeInput = z.object({
  tags: z
    .array(z.string().regex(/^[a-z0-9:-]{1,64}$/))
    .min(1)
    .max(64),
});
