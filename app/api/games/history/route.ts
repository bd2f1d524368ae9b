import { listPlays } from '@/lib/server/games/plays';
import { defineHandler } from '@/lib/server/http/handler';
import { gameHistoryInput } from '@/lib/validation/games';

/** The caller's plays, newest first, in pages of 20; of one game with `game`. */
export const POST = defineHandler({ auth: 'user', input: gameHistoryInput }, ({ db, input, user, locale }) => listPlays(db, user.id, input.page, input.game, locale));
