import { rollBoard } from '@/lib/server/games/plays';
import { defineHandler } from '@/lib/server/http/handler';
import { boardRollInput } from '@/lib/validation/games';

/** One roll on the dice board, paid with gold or a lottery chance; the square's prize paid through the ledger; the same key rolls once. */
export const POST = defineHandler({ auth: 'user', input: boardRollInput }, ({ db, input, user, locale, brand }) => rollBoard(db, user.id, brand.id, input, locale));
