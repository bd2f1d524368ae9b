import 'server-only';
// The /guessList page's data: open quizzes across rooms, or the settled ones, the same for every visitor and cached
// for 10 seconds (pools move with every bet; the room's panel shows them live).
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { listQuizzes } from '@/lib/server/quizzes/views';
import type { QuizList } from '@/lib/validation/quizzes';
import { quizListPageSize } from '@/lib/validation/quiz-constants';
import { cacheSeconds } from './lifetimes';

export const readGuessListPage = unstable_cache(
  async (settled: boolean, page: number): Promise<QuizList> => listQuizzes(await getDb(), { anchorId: 0, settled, page, size: quizListPageSize }),
  ['guess-list'],
  { revalidate: cacheSeconds.live },
);
