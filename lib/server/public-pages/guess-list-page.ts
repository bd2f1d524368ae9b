import 'server-only';
// The /guessList page's data: open quizzes across rooms, or the settled ones, the same for every visitor and cached
// for 10 seconds (pools move with every bet; the room's panel shows them live).
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { listQuizzes } from '@/lib/server/quizzes/views';
import type { QuizList } from '@/lib/validation/quizzes';
import { cacheSeconds } from './lifetimes';

export const readGuessListPage = unstable_cache(
  async (settled: boolean): Promise<QuizList> => listQuizzes(await getDb(), { anchorId: 0, settled, page: 1, size: 50 }),
  ['guess-list'],
  { revalidate: cacheSeconds.live },
);
