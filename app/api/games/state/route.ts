import { readGamesState } from '@/lib/server/games/plays';
import { defineHandler, noInput } from '@/lib/server/http/handler';

/** The caller's daily loss cap and what is left of it, wallet, lottery chances and board square. */
const handler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ db, user, brand }) => readGamesState(db, user.id, brand.id));

export const GET = handler;
export const POST = handler;
