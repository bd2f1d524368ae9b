// The check-in calls the browser makes (lib/validation/checkin.ts shapes) and their query keys, shared by the daily
// dialog and /user-center/checkin. Keys carry the user: another account signed in on this tab never sees these.
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { walletQueryKeys } from '@/components/wallet/wallet-api';
import type { CheckinHistory, CheckinInfo, CheckinRetroReply, CheckinTodayReply } from '@/lib/validation/checkin';

const checkinQueryKeys = {
  all: ['checkin'] as const,
  info: (userId: number) => ['checkin', userId, 'info'] as const,
  history: (userId: number, page: number) => ['checkin', userId, 'history', page] as const,
};

export const checkinInfoQuery = (userId: number) => ({
  queryKey: checkinQueryKeys.info(userId),
  queryFn: () => api.post<CheckinInfo>('/api/checkin/getCheckinInfo'),
});

export const checkinHistoryQuery = (userId: number, page: number) => ({
  queryKey: checkinQueryKeys.history(userId, page),
  queryFn: () => api.post<CheckinHistory>('/api/checkin/getCheckinHistory', { page }),
});

export const checkInToday = () => api.post<CheckinTodayReply>('/api/checkin/checkinToday');

export const checkInRetro = (date: string) => api.post<CheckinRetroReply>('/api/checkin/checkinRetro', { date });

/**
 * After a check-in or a retroactive day: the check-in queries, and the wallet's balances (a wallet page shown keeps the
 * header's card in step with what it read, so it must read the new balance too).
 */
export async function refreshAfterMovement(queryClient: QueryClient, userId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: checkinQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletQueryKeys.balances(userId) }),
  ]);
}
