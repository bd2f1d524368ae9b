'use client';
// Runs once per page in the browser: tells the HTTP client the brand's reg-source and the page's language,
// turns a status-2 reply anywhere into "signed out, please log in" (spec §4 forced logout), restores the stored
// user and refreshes it, and mounts the login dialog the first time something asks for it.
import { useEffect, useLayoutEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { api } from '@/lib/http';
import { defaultRegSource } from '@/lib/http/config';
import { readStoredCredential } from '@/lib/http/stored-session';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { userInfoQuery } from '@/components/user/user-api';
import { readStoredUserInfo, writeStoredUserInfo } from '@/components/user/user-info';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';

// Most visits never open it: its code loads on first use.
const LoginDialog = dynamic(() => import('./login-dialog').then((module) => module.LoginDialog), { ssr: false });

export function AccountStartup({ regSource = defaultRegSource }: { regSource?: string }) {
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  const openLogin = useSessionStore((state) => state.openLogin);
  const loginWanted = useSessionStore((state) => state.loginDialogOpen);
  const setUserInfo = useUserStore((state) => state.setUserInfo);
  const clearUser = useUserStore((state) => state.clearUser);
  const markRestored = useUserStore((state) => state.markRestored);
  const signedIn = useUserStore((state) => state.userInfo !== null);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (loginWanted && !dialogMounted) setDialogMounted(true);

  // Layout effects run before any island's effects, so no request leaves unconfigured.
  useLayoutEffect(() => api.configure({ regSource, locale }), [regSource, locale]);
  useLayoutEffect(() => {
    const unsubscribe = api.onSessionExpired(() => {
      clearUser();
      openLogin();
    });
    return () => {
      unsubscribe();
    };
  }, [clearUser, openLogin]);

  useEffect(() => {
    const stored = readStoredUserInfo();
    if (stored && readStoredCredential()) setUserInfo(stored);
    markRestored();
  }, [setUserInfo, markRestored]);

  const { data } = useQuery({ ...userInfoQuery, enabled: signedIn });
  useEffect(() => {
    if (!data) return;
    setUserInfo(data);
    writeStoredUserInfo(data);
  }, [data, setUserInfo]);

  return dialogMounted ? <LoginDialog regSource={regSource} /> : null;
}
