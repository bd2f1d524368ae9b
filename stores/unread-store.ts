'use client';
// Unread counters shown in the chrome (the private-chat tab badge); the messaging client keeps them current.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type UnreadStore = {
  privateChatUnread: number;
  setPrivateChatUnread: (count: number) => void;
};

function createUnreadStore(): StoreApi<UnreadStore> {
  return createStore<UnreadStore>()((set) => ({
    privateChatUnread: 0,
    setPrivateChatUnread: (count) => set({ privateChatUnread: Math.max(0, count) }),
  }));
}

const UnreadStoreContext = createContext<StoreApi<UnreadStore> | null>(null);

export function UnreadStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createUnreadStore);
  return createElement(UnreadStoreContext.Provider, { value: store }, children);
}

export function useUnreadStore<T>(selector: (state: UnreadStore) => T): T {
  const store = useContext(UnreadStoreContext);
  if (!store) throw new Error('useUnreadStore needs an UnreadStoreProvider above it');
  return useStore(store, selector);
}
