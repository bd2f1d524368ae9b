'use client';
// The signed-in visitor's user info: restored from its stored copy (parsed, not trusted) on page load, then
// refreshed from getUserInfo and stored again. Loaded only for a visitor with a session (see AccountStartup).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { readStoredCredential } from '@/lib/http/stored-session';
import { useUserStore } from '@/stores/user-store';
import { userInfoQuery } from './user-api';
import { readStoredUserInfo, writeStoredUserInfo } from './user-info';

export function SignedInUser() {
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const markRestored = useUserStore((state) => state.markRestored);
  const restored = useUserStore((state) => state.restored);
  const signedIn = useUserStore((state) => state.userInfo !== null);

  useEffect(() => {
    // Mounted by a login rather than on load: the store already has the user.
    if (restored) return;
    const stored = readStoredUserInfo();
    if (stored && readStoredCredential()) setUserInfo(stored);
    markRestored();
  }, [restored, setUserInfo, markRestored]);

  const { data } = useQuery({ ...userInfoQuery, enabled: signedIn });
  useEffect(() => {
    if (!data) return;
    setUserInfo(data);
    writeStoredUserInfo(data);
  }, [data, setUserInfo]);

  return null;
}
