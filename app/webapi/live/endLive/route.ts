import { defineHandler, noInput } from '@/lib/server/http/handler';
import { endOwnLive } from '@/lib/server/live/lives';

export const POST = defineHandler({ auth: 'anchor', input: noInput }, ({ user, db }) => endOwnLive(db, user.id));
