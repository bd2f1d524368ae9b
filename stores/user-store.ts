'use client';
// The signed-in user (spec §3 user info) for every island: the header card, the profile page, the dialogs.
// Empty until the browser reads its stored copy; refreshed from getUserInfo; emptied when the session ends.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { UserInfo } from '@/lib/validation/users';

export type UserStore = {
  userInfo: UserInfo | null;
  /** False until the stored copy was read: until then "no user" only means "not known yet". */
  restored: boolean;
  setUserInfo: (info: UserInfo) => void;
  updateUserInfo: (changes: Partial<UserInfo>) => void;
  markRestored: () => void;
  clearUser: () => void;
};

function createUserStore(): StoreApi<UserStore> {
  return createStore<UserStore>()((set) => ({
    userInfo: null,
    restored: false,
    setUserInfo: (info) => set({ userInfo: info }),
    updateUserInfo: (changes) => set((state) => (state.userInfo ? { userInfo: { ...state.userInfo, ...changes } } : state)),
    markRestored: () => set({ restored: true }),
    clearUser: () => set({ userInfo: null }),
  }));
}

const UserStoreContext = createContext<StoreApi<UserStore> | null>(null);

/** One store per request on the server and per page load in the browser: never shared between visitors. */
export function UserStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createUserStore);
  return createElement(UserStoreContext.Provider, { value: store }, children);
}

export function useUserStore<T>(selector: (state: UserStore) => T): T {
  const store = useContext(UserStoreContext);
  if (!store) throw new Error('useUserStore needs a UserStoreProvider above it');
  return useStore(store, selector);
}
