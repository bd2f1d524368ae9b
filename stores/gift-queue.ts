'use client';
// Spec §4 gift animation queue for one live room: gifts play one at a time, in the order they came; a gift whose
// animation we do not ship is dropped; the queue survives a reload (session storage) and is cleared when the viewer
// leaves the room. A viewer who blocks gift animations gets none queued, and a page out of sight queues none either
// (the viewer would come back to minutes of them; the chat shows the gifts). The player is gift-overlay.tsx.
import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { GiftMessage } from '@/lib/realtime/protocol';
import { giftAnimationKeys, giftDefaultDurationMs } from '@/lib/validation/gift-constants';
import { isPageVisible } from './page-visibility';

/** Spec §3 gift animation: what one entry of the queue plays. */
export type GiftAnimation = { id: string; giftid: number; animation: string; duration: number; title: string; sender: string; count: number; add_time: number };

/** A burst of gifts beyond this waits no more: the newest are not queued (the chat still shows them). */
export const maxQueuedAnimations = 50;

const blockGiftAnimationsKey = 'block_gift_animations';
const queueKey = (room: string) => `gift_queue:${room}`;

/** The queue with this gift's animation added, or unchanged when it has none we can play. */
export function enqueueAnimation(queue: readonly GiftAnimation[], message: GiftMessage, now: number): readonly GiftAnimation[] {
  if (message.animat_type === 0 || !giftAnimationKeys.has(message.animation)) return queue;
  if (queue.length >= maxQueuedAnimations || queue.some((item) => item.id === message.id)) return queue;
  return [
    ...queue,
    {
      id: message.id,
      giftid: message.giftid,
      animation: message.animation,
      duration: message.duration > 0 ? message.duration : giftDefaultDurationMs,
      title: message.gift_name,
      sender: message.nick_name,
      count: message.count,
      add_time: now,
    },
  ];
}

function isAnimation(value: unknown): value is GiftAnimation {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.id === 'string' && typeof item.animation === 'string' && giftAnimationKeys.has(item.animation) && typeof item.duration === 'number' && typeof item.title === 'string';
}

/** The stored queue, read back defensively: anything that is not a queue entry is left out. */
export function parseStoredQueue(text: string | null): GiftAnimation[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isAnimation).slice(0, maxQueuedAnimations) : [];
  } catch {
    return [];
  }
}

type GiftQueueState = {
  room: string;
  queue: readonly GiftAnimation[];
  blocked: boolean;
  enqueue: (message: GiftMessage) => void;
  /** The animation on screen finished (or cannot play): the next one may start. */
  finish: (id: string) => void;
  setBlocked: (blocked: boolean) => void;
  /** After mount: the viewer's choice and the queue this tab had before a reload. */
  restore: () => void;
  /** Leaving the room: nothing of this room plays elsewhere. */
  clear: () => void;
};

export type GiftQueueStore = StoreApi<GiftQueueState>;

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function createGiftQueueStore(room: string): GiftQueueStore {
  const store = createStore<GiftQueueState>()((set, get) => ({
    room,
    queue: [],
    blocked: false,
    enqueue: (message) => {
      if (!get().blocked && isPageVisible()) set((state) => ({ queue: enqueueAnimation(state.queue, message, Date.now()) }));
    },
    finish: (id) => set((state) => ({ queue: state.queue.filter((item) => item.id !== id) })),
    setBlocked: (blocked) => {
      try {
        if (blocked) storage('local')?.setItem(blockGiftAnimationsKey, '1');
        else storage('local')?.removeItem(blockGiftAnimationsKey);
      } catch {
        // Storage refused: the choice lasts for this visit.
      }
      set((state) => ({ blocked, queue: blocked ? [] : state.queue }));
    },
    restore: () => {
      const blocked = storage('local')?.getItem(blockGiftAnimationsKey) === '1';
      set({ blocked, queue: blocked ? [] : parseStoredQueue(storage('session')?.getItem(queueKey(room)) ?? null) });
    },
    clear: () => {
      storage('session')?.removeItem(queueKey(room));
      set({ queue: [] });
    },
  }));
  store.subscribe((state, previous) => {
    if (state.queue === previous.queue) return;
    try {
      if (state.queue.length === 0) storage('session')?.removeItem(queueKey(room));
      else storage('session')?.setItem(queueKey(room), JSON.stringify(state.queue));
    } catch {
      // A full or refused storage only costs the queue across a reload.
    }
  });
  return store;
}

const GiftQueueContext = createContext<GiftQueueStore | null>(null);

/** The room's queue: restored after mount, cleared when the room unmounts (the viewer left it). */
export function GiftQueueProvider({ room, children }: { room: string; children: ReactNode }) {
  const [store] = useState(() => createGiftQueueStore(room));
  useEffect(() => {
    store.getState().restore();
    return () => store.getState().clear();
  }, [store]);
  return createElement(GiftQueueContext.Provider, { value: store }, children);
}

export function useGiftQueueApi(): GiftQueueStore {
  const store = useContext(GiftQueueContext);
  if (!store) throw new Error('useGiftQueue needs a GiftQueueProvider above it');
  return store;
}

export function useGiftQueue<T>(selector: (state: GiftQueueState) => T): T {
  return useStore(useGiftQueueApi(), selector);
}
