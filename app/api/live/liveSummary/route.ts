import { getEnv } from '@/lib/env';
import { defineHandler } from '@/lib/server/http/handler';
import { getLiveSummary } from '@/lib/server/live/studio';
import { liveSummaryInput } from '@/lib/validation/anchor-studio';

/** One of the caller's ended lives: figures and the replay's progress (docs/live.md, the anchor's studio). */
export const POST = defineHandler({ auth: 'anchor', input: liveSummaryInput }, ({ user, db, input }) => getLiveSummary(db, user.id, input.live_id, getEnv().dataDir));
