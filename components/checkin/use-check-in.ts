'use client';
// Checking in today, as the dialog and the check-in page both do it: the header's wallet follows the reply (spec §3
// balance update), and the check-in and wallet queries are read again; a refusal says whether the day is checked after all
// (another device was first) so the caller can show status 3 rather than 2.
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/lib/http/error-text';
import type { CheckinTodayReply } from '@/lib/validation/checkin';
import { useUserStore } from '@/stores/user-store';
import { checkInToday, checkinInfoQuery, refreshAfterMovement } from './checkin-api';

export type CheckInResult = { ok: true; reply: CheckinTodayReply } | { ok: false; message: string; checkedToday: boolean };

export function useCheckIn(userId: number, failedText: string): () => Promise<CheckInResult> {
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  return async () => {
    try {
      const reply = await checkInToday();
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold });
      await refreshAfterMovement(queryClient, userId);
      return { ok: true, reply };
    } catch (failure) {
      const fresh = await queryClient.fetchQuery({ ...checkinInfoQuery(userId), staleTime: 0 }).catch(() => undefined);
      return { ok: false, message: errorText(failure, failedText), checkedToday: Boolean(fresh?.IsCheckedToday) };
    }
  };
}
