// The quiz calls the browser makes (lib/validation/quizzes.ts shapes) and their query keys, shared by the live room's
// quiz panel, the guess list and the user centre; the room's connection writes `quiz` messages into the same cache.
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { quizListPageSize } from '@/lib/validation/quiz-constants';
import type { CommonConfig } from '@/lib/validation/config';
import type { BetHistory, QuizList, QuizMatches, QuizView } from '@/lib/validation/quizzes';

export const quizQueryKeys = {
  all: ['quiz'] as const,
  room: (anchorId: number) => ['quiz', 'room', anchorId] as const,
  manage: ['quiz', 'manage'] as const,
  matches: ['quiz', 'matches'] as const,
  bets: ['quiz', 'bets'] as const,
  chips: ['config', 'chips'] as const,
};

export const roomQuizzesQuery = (anchorId: number) => ({
  queryKey: quizQueryKeys.room(anchorId),
  queryFn: async () => (await api.post<{ list: QuizView[] }>('/api/guess/room', { anchor_id: anchorId })).list,
  staleTime: 30_000,
});

/** Lists are read a page at a time; `total` says whether more follow. */
const pagedList = <Page extends { list: unknown[]; total: number }>(queryKey: readonly string[], path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => api.post<Page>(path, { page: pageParam, size: quizListPageSize }),
    initialPageParam: 1,
    getNextPageParam: (last: Page, pages: Page[]) => (pages.length * quizListPageSize < last.total ? pages.length + 1 : undefined),
  });

export const manageQuery = pagedList<QuizList>(quizQueryKeys.manage, '/api/guess/manage');

/** The matches a new quiz can follow (the anchor's creation dialog). */
export const linkableMatchesQuery = {
  queryKey: quizQueryKeys.matches,
  queryFn: () => api.post<QuizMatches>('/api/guess/matches', {}),
  staleTime: 60_000,
};

export const betHistoryQuery = pagedList<BetHistory>(quizQueryKeys.bets, '/api/guess/betHistory');

/** Spec §9: the bet chips come from the app config. */
export const chipsQuery = {
  queryKey: quizQueryKeys.chips,
  queryFn: async () => (await api.post<CommonConfig>('/api/config/getCommonConfig', {})).chips,
  staleTime: 10 * 60_000,
};

/**
 * A quiz as a `quiz` message or a reply tells it: replaces the room's copy (an open quiz joins, a settled one leaves);
 * the anchor's own list, when shown, is read again (its actions follow the status).
 */
export function applyQuiz(client: QueryClient, quiz: QuizView): void {
  void client.invalidateQueries({ queryKey: quizQueryKeys.manage });
  client.setQueryData<QuizView[]>(quizQueryKeys.room(quiz.anchor_id), (list) => {
    const others = (list ?? []).filter((item) => item.guess_id !== quiz.guess_id);
    const open = quiz.status === 'in_progress' || quiz.status === 'to_be_drawn';
    return open ? [quiz, ...others].sort((a, b) => b.guess_id - a.guess_id) : others;
  });
}

/** The login response's `guess`: the room's open quizzes as the server has them now. */
export function setRoomQuizzes(client: QueryClient, anchorId: number, quizzes: QuizView[]): void {
  client.setQueryData<QuizView[]>(quizQueryKeys.room(anchorId), quizzes);
}
