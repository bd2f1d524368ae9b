'use client';
// Per-request client state for every page: the Zustand stores and the React Query client, and the account
// start-up (HTTP client settings, forced logout, the login dialog).
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AccountStartup } from '@/components/auth/account-startup';
import { getQueryClient } from '@/lib/http/query-client';
import { SessionStoreProvider } from '@/stores/session-store';
import { ToastStoreProvider } from '@/stores/toast-store';
import { UnreadStoreProvider } from '@/stores/unread-store';
import { UserStoreProvider } from '@/stores/user-store';

/** `regSource`: the brand's registration-source code (spec §7 `reg-source`); OFFICIAL when the page names none. */
export function AppProviders({ children, regSource }: { children: ReactNode; regSource?: string }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <SessionStoreProvider>
        <UserStoreProvider>
          <ToastStoreProvider>
            <UnreadStoreProvider>
              <AccountStartup regSource={regSource} />
              {children}
            </UnreadStoreProvider>
          </ToastStoreProvider>
        </UserStoreProvider>
      </SessionStoreProvider>
    </QueryClientProvider>
  );
}
