'use client';
// Runs once per page in the browser: tells the HTTP client the brand's reg-source and the page's language,
// turns a status-2 reply anywhere into "signed out, please log in" (spec §4 forced logout), restores the stored
// user and refreshes it, and mounts the login dialog the first time something asks for it. For a signed-in visitor,
// once the page is idle, it mounts the inbox: the tab's messaging connection, the unread badge, the account's notices.
import { useEffect, useLayoutEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { whenIdle } from '@/lib/browser-idle';
import { api } from '@/lib/http/client';
import { defaultRegSource } from '@/lib/http/config';
import { readStoredCredential } from '@/lib/http/stored-session';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';

// Most visits never open it: its code loads on first use.
const LoginDialog = dynamic(() => import('./login-dialog').then((module) => module.LoginDialog), { ssr: false });
// Most visitors are signed out: the user-info schema and its refresh load only when there is a session.
const SignedInUser = dynamic(() => import('@/components/user/signed-in-user').then((module) => module.SignedInUser), { ssr: false });
const InboxConnection = dynamic(() => import('@/components/inbox/inbox-connection'), { ssr: false });

/** The inbox waits for the page's first work to be done, at most this long. */
const inboxIdleTimeoutMs = 3000;

export function AccountStartup({ regSource = defaultRegSource }: { regSource?: string }) {
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  const openLogin = useSessionStore((state) => state.openLogin);
  const loginWanted = useSessionStore((state) => state.loginDialogOpen);
  const clearUser = useUserStore((state) => state.clearUser);
  const markRestored = useUserStore((state) => state.markRestored);
  const signedIn = useUserStore((state) => state.userInfo !== null);
  const [storedSession, setStoredSession] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  const [pageSettled, setPageSettled] = useState(false);
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
    // With no stored session there is nothing to restore: "no user" is known at once.
    if (readStoredCredential()) setStoredSession(true);
    else markRestored();
  }, [markRestored]);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void whenIdle(inboxIdleTimeoutMs).then(() => {
      if (!cancelled) setPageSettled(true);
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  return (
    <>
      {storedSession || signedIn ? <SignedInUser /> : null}
      {signedIn && pageSettled ? <InboxConnection /> : null}
      {dialogMounted ? <LoginDialog regSource={regSource} /> : null}
    </>
  );
}
