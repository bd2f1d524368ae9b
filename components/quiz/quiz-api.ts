// The quiz calls the browser makes (lib/validation/quizzes.ts shapes) and their query keys, shared by the live room's
// quiz panel, the guess list and the user centre; the room's connection writes `quiz` messages into the same cache.
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
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

export const manageQuery = {
  queryKey: quizQueryKeys.manage,
  queryFn: () => api.post<QuizList>('/api/guess/manage', { page: 1, size: 50 }),
};

/** The matches a new quiz can follow (the anchor's creation dialog). */
export const linkableMatchesQuery = {
  queryKey: quizQueryKeys.matches,
  queryFn: () => api.post<QuizMatches>('/api/guess/matches', {}),
  staleTime: 60_000,
};

export const betHistoryQuery = {
  queryKey: quizQueryKeys.bets,
  queryFn: () => api.post<BetHistory>('/api/guess/betHistory', { page: 1, size: 50 }),
};

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
