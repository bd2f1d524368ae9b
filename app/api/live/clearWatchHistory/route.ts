import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clearWatchHistory } from '@/lib/server/live/rooms';

export const POST = defineHandler({ auth: 'user', input: noInput }, ({ user, db }) => clearWatchHistory(db, user.id));
