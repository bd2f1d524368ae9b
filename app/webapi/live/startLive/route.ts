import { defineHandler } from '@/lib/server/http/handler';
import { startLive } from '@/lib/server/live/lives';
import { startLiveInput } from '@/lib/validation/live';

export const POST = defineHandler({ auth: 'anchor', input: startLiveInput }, ({ user, db, brand, input }) => startLive(db, user.id, brand.id, input));
