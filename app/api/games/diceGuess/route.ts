import { playDiceGuess } from '@/lib/server/games/plays';
import { defineHandler } from '@/lib/server/http/handler';
import { diceGuessInput } from '@/lib/validation/games';

/** One dice guess: the stake taken, three dice rolled on the server, the win paid, through the ledger; the same key plays once. */
export const POST = defineHandler({ auth: 'user', input: diceGuessInput }, ({ db, input, user, locale, brand }) => playDiceGuess(db, user.id, brand.id, input, locale));
