'use client';
// One live room's chat in the browser: the lines (spec §3 messages, chatType 1/2/3), the welcome list, the
// entrance queue, the barrage, history paging, the viewer's ban, heat and live state, the announcement, and the
// messaging connection's state. One store per room island, created when the room mounts and gone when it leaves.
import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  addPending, applyMessage, pendingKey, prependHistory, settlePending, toLine,
  type ChatData, type ChatLine, type Viewer,
} from './chat-model';
import type { ImState } from '@/lib/im/types';
import type { AnnouncementMessage, Identity, JoinedFrame, PropsMessage, RankMessage, RoomMessage, SayMessage } from '@/lib/realtime/protocol';
import { liveStatuses, type LiveStatus } from '@/lib/validation/live-constants';

type BarrageItem = { key: string; messageId: string; userId: number; text: string; name: string; propsId: number; lane: number };

/** Barrage lines flying at once; more wait for the next free moment rather than covering the video. */
const maxBarrage = 24;
const barrageLanes = 6;

const barrageOffKey = 'barrage_off';
const blockAnimationsKey = 'block_animations';

type ChatState = ChatData & {
  room: string;
  connection: ImState;
  me: Identity | null;
  canModerate: boolean;
  noMore: boolean;
  loadingHistory: boolean;
  /** Milliseconds the viewer's ban ends, 0 permanent, null when not banned. */
  bannedUntil: number | null;
  heat: number;
  liveStatus: LiveStatus;
  announcement: AnnouncementMessage | null;
  /** The room's contribution ranking of today as last pushed (rankRep); null until one arrives. */
  rankTop: RankMessage | null;
  barrageOn: boolean;
  barrage: BarrageItem[];
  blockAnimations: boolean;
  /** A refused message's text, handed back to the send box (it puts it back unless something new was typed). */
  draft: { clientId: string; content: string } | null;
  /** Milliseconds when the speak rate lets the viewer write again; null when it does. */
  retryAt: number | null;
};

type ChatActions = {
  /** The viewer's barrage and animation choices, read after mount (the server render cannot know them). */
  restorePreferences: () => void;
  setConnection: (state: ImState) => void;
  setMe: (me: Identity | null) => void;
  joined: (frame: JoinedFrame) => void;
  receive: (message: RoomMessage) => void;
  startHistory: () => void;
  receiveHistory: (messages: RoomMessage[], noMore: boolean) => void;
  addPending: (clientId: string, message: SayMessage) => void;
  settlePending: (clientId: string, confirmed: SayMessage | PropsMessage | undefined) => void;
  setBannedUntil: (until: number | null) => void;
  setRetryAt: (at: number | null) => void;
  /** The send box took the refused text back. */
  takeDraft: () => void;
  setHeat: (heat: number, status: LiveStatus) => void;
  toggleBarrage: () => void;
  removeBarrage: (key: string) => void;
  setBlockAnimations: (block: boolean) => void;
  /** The entrance on screen finished: the next one may play. */
  finishEntrance: () => void;
};

export type ChatStore = ChatState & ChatActions;

export type ChatStoreInit = { room: string; announcement: AnnouncementMessage | null; liveStatus?: LiveStatus };

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Blocked storage: the choice lasts for this visit only.
  }
}

export function createChatStore(init: ChatStoreInit): StoreApi<ChatStore> {
  let barrageCounter = 0;
  return createStore<ChatStore>()((set, get) => {
    const viewer = (): Viewer => ({ id: get().me?.id ?? null, blockAnimations: get().blockAnimations });
    const flying = (message: RoomMessage): BarrageItem | null => {
      if ((message.type !== 'say' && message.type !== 'props') || !get().barrageOn || get().barrage.length >= maxBarrage) return null;
      barrageCounter += 1;
      return {
        key: `${message.id}:${barrageCounter}`,
        messageId: message.id,
        userId: message.user_id,
        text: message.content,
        name: message.nick_name,
        propsId: message.props_id,
        lane: barrageCounter % barrageLanes,
      };
    };
    return {
      room: init.room,
      lines: [],
      welcomes: [],
      entrances: [],
      connection: 'idle',
      me: null,
      canModerate: false,
      noMore: false,
      loadingHistory: false,
      bannedUntil: null,
      heat: 0,
      liveStatus: init.liveStatus ?? liveStatuses.notStarted,
      announcement: init.announcement,
      rankTop: null,
      barrageOn: true,
      barrage: [],
      blockAnimations: false,
      draft: null,
      retryAt: null,

      restorePreferences: () => set({ barrageOn: !readFlag(barrageOffKey), blockAnimations: readFlag(blockAnimationsKey) }),
      setConnection: (connection) => set({ connection }),
      setMe: (me) => set({ me }),
      joined: (frame) =>
        set((state) => ({
          canModerate: frame.can_moderate === 1,
          bannedUntil: frame.banned_until ?? null,
          ...(frame.announcement !== undefined ? { announcement: frame.announcement } : {}),
          ...(frame.mode === 'reset'
            ? {
                lines: (frame.history ?? []).map((message) => toLine(message, viewer())).filter((line): line is ChatLine => line !== null),
                noMore: frame.no_more === 1,
                loadingHistory: false,
              }
            : { lines: state.lines }),
        })),
      receive: (message) =>
        set((state) => {
          const data = applyMessage(state, message, viewer());
          const me = state.me?.id;
          // A line already shown (the sender's own, confirmed by sayRep) has already flown.
          const item = data.lines === state.lines ? null : flying(message);
          // A deleted message, or a banned viewer's, stops flying across the video too.
          const barrage =
            message.type === 'clearChat'
              ? state.barrage.filter((flown) => flown.messageId !== message.msg_id)
              : message.type === 'bannedUser'
                ? state.barrage.filter((flown) => flown.userId !== message.user_id)
                : state.barrage;
          return {
            lines: data.lines,
            welcomes: data.welcomes,
            entrances: data.entrances,
            barrage: item ? [...barrage, item] : barrage,
            ...(message.type === 'bannedUser' && message.user_id === me ? { bannedUntil: message.until } : {}),
            ...(message.type === 'unbannedUser' && message.user_id === me ? { bannedUntil: null } : {}),
            ...(message.type === 'announcement' ? { announcement: message } : {}),
            ...(message.type === 'rankRep' ? { rankTop: message } : {}),
          };
        }),
      startHistory: () => set({ loadingHistory: true }),
      receiveHistory: (messages, noMore) => set((state) => ({ ...prependHistory(state, messages, viewer()), noMore: noMore || messages.length === 0, loadingHistory: false })),
      addPending: (clientId, message) => set((state) => addPending(state, clientId, message)),
      settlePending: (clientId, confirmed) =>
        set((state) => {
          // The broadcast copy may have arrived first, and flown already.
          const shown = confirmed !== undefined && state.lines.some((line) => line.kind === 'chat' && line.message.id === confirmed.id);
          const item = confirmed && !shown ? flying(confirmed) : null;
          const refused = confirmed ? undefined : state.lines.find((line) => line.key === pendingKey(clientId));
          return {
            ...settlePending(state, clientId, confirmed, viewer()),
            ...(item ? { barrage: [...state.barrage, item] } : {}),
            ...(refused?.kind === 'chat' ? { draft: { clientId, content: refused.message.content } } : {}),
          };
        }),
      setBannedUntil: (bannedUntil) => set({ bannedUntil }),
      setRetryAt: (retryAt) => set({ retryAt }),
      takeDraft: () => set({ draft: null }),
      setHeat: (heat, liveStatus) => set({ heat, liveStatus }),
      toggleBarrage: () =>
        set((state) => {
          writeFlag(barrageOffKey, state.barrageOn);
          return { barrageOn: !state.barrageOn, barrage: [] };
        }),
      removeBarrage: (key) => set((state) => ({ barrage: state.barrage.filter((item) => item.key !== key) })),
      setBlockAnimations: (block) => {
        writeFlag(blockAnimationsKey, block);
        set((state) => ({ blockAnimations: block, entrances: block ? [] : state.entrances }));
      },
      finishEntrance: () => set((state) => ({ entrances: state.entrances.slice(1) })),
    };
  });
}

const ChatStoreContext = createContext<StoreApi<ChatStore> | null>(null);

/** The room's store; a new room (another anchor) gets a new store. */
export function ChatStoreProvider({ init, children }: { init: ChatStoreInit; children: ReactNode }) {
  const [store] = useState(() => createChatStore(init));
  return createElement(ChatStoreContext.Provider, { value: store }, children);
}

export function useChatStore<T>(selector: (state: ChatStore) => T): T {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error('useChatStore needs a ChatStoreProvider above it');
  return useStore(store, selector);
}

export function useChatStoreApi(): StoreApi<ChatStore> {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error('useChatStoreApi needs a ChatStoreProvider above it');
  return store;
}
