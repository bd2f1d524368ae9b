'use client';
// Short notices at the top of the page (spec §2.4 item 8): each disappears after 1.5 s.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

export const toastDurationMs = 1500;
/** Older notices give way when many arrive at once. */
const maxVisible = 3;

type ToastTone = 'info' | 'success' | 'warning' | 'error';
type Toast = { id: number; message: string; tone: ToastTone };

export type ToastStore = {
  toasts: Toast[];
  show: (message: string, tone?: ToastTone) => number;
  dismiss: (id: number) => void;
};

function createToastStore(): StoreApi<ToastStore> {
  let nextId = 1;
  return createStore<ToastStore>()((set) => ({
    toasts: [],
    show: (message, tone = 'info') => {
      const id = nextId++;
      set((state) => ({ toasts: [...state.toasts, { id, message, tone }].slice(-maxVisible) }));
      setTimeout(() => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })), toastDurationMs);
      return id;
    },
    dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  }));
}

const ToastStoreContext = createContext<StoreApi<ToastStore> | null>(null);

export function ToastStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return createElement(ToastStoreContext.Provider, { value: store }, children);
}

export function useToastStore<T>(selector: (state: ToastStore) => T): T {
  const store = useContext(ToastStoreContext);
  if (!store) throw new Error('useToastStore needs a ToastStoreProvider above it');
  return useStore(store, selector);
}

/** The function islands call to show a notice. */
export function useToast(): ToastStore['show'] {
  return useToastStore((state) => state.show);
}
