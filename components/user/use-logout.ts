'use client';
// Logging out (spec §4, §7): an anchor who is live is asked first (the live ends after 5 minutes); then
// POST /api/user/logout, all local data except the device id is cleared and the page reloads.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/http';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { errorText } from '@/lib/http/error-text';
import { anchorStatusQuery, clearLocalDataExceptDevice, logout } from './user-api';

export function useLogout() {
  const t = useTranslations('account.card');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const clearUser = useUserStore((state) => state.clearUser);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setConfirming(false);
    setBusy(true);
    try {
      await logout();
    } catch (error) {
      // An already-ended session is as good as logged out; anything else keeps the user signed in.
      if (!(error instanceof ApiError && error.kind === 'sessionExpired')) {
        showToast(errorText(error, t('logoutFailed')), 'error');
        setBusy(false);
        return;
      }
    }
    clearLocalDataExceptDevice();
    clearUser();
    location.reload();
  }

  async function request() {
    if (busy) return;
    let live = false;
    try {
      live = (await queryClient.fetchQuery(anchorStatusQuery)).is_live === 1;
    } catch {
      // Without the status the logout goes ahead: the server ends a live that loses its anchor anyway.
    }
    if (live) setConfirming(true);
    else await confirm();
  }

  return { request, confirm, cancel: () => setConfirming(false), confirming, busy };
}
