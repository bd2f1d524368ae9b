import { getEnv } from '@/lib/env';
import { getBus } from '@/lib/realtime/bus';
import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getEncoderStatus } from '@/lib/server/live/studio';

/** The caller's open live and what their encoder sends (docs/live.md, the anchor's studio). */
export const POST = defineHandler({ auth: 'anchor', input: noInput }, ({ user, db }) => getEncoderStatus(db, getBus(), user.id, getEnv().LIVE_AWAY_GRACE_SECONDS));
