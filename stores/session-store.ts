'use client';
// The visitor's session as the browser sees it. For now: whether the login dialog is asked for,
// so any island (header, check-in, start live) can open the one dialog.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

type SessionState = { loginDialogOpen: boolean };
type SessionActions = { openLogin: () => void; closeLogin: () => void };
export type SessionStore = SessionState & SessionActions;

function createSessionStore(): StoreApi<SessionStore> {
  return createStore<SessionStore>()((set) => ({
    loginDialogOpen: false,
    openLogin: () => set({ loginDialogOpen: true }),
    closeLogin: () => set({ loginDialogOpen: false }),
  }));
}

const SessionStoreContext = createContext<StoreApi<SessionStore> | null>(null);

/** One store per request on the server and per page load in the browser: never shared between visitors. */
export function SessionStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSessionStore);
  return createElement(SessionStoreContext.Provider, { value: store }, children);
}

export function useSessionStore<T>(selector: (state: SessionStore) => T): T {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs a SessionStoreProvider above it');
  return useStore(store, selector);
}
