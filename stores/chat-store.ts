'use client';
// One live room's chat in the browser: the lines (spec §3 messages, chatType 1/2/3), the welcome list, the
// entrance queue, the barrage, history paging, the viewer's ban, heat and live state, the announcement, and the
// messaging connection's state. One store per room island, created when the room mounts and gone when it leaves.
// A busy room says 40 lines a second: lines wait for an animation frame and arrive in the store together, a few
// times a second (none while the page is out of sight, when no frame runs); what concerns the viewer or removes
// lines acts at once.
import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  addPending, applyMessage, isPending, keepNewestLines, lineLimits, pendingKey, prependHistory, settlePending, toLine,
  type ChatData, type ChatLine, type Viewer,
} from './chat-model';
import { createFrameBatcher } from './frame-batcher';
import { isPageVisible, onPageHidden } from './page-visibility';
import type { ImState } from '@/lib/im/types';
import type { ScoreLiveMessage } from '@/lib/realtime/match-messages';
import type { AnnouncementMessage, Identity, JoinedFrame, PropsMessage, RankMessage, RoomMessage, SayMessage } from '@/lib/realtime/protocol';
import { liveStatuses, type LiveStatus } from '@/lib/validation/live-constants';

export type BarrageItem = { key: string; messageId: string; userId: number; text: string; name: string; propsId: number; lane: number };

/** Barrage lines flying at once; more wait for the next free moment rather than covering the video. */
const maxBarrage = 24;
const barrageLanes = 6;

/** Messages that only add lines (or welcomes and entrances) wait for the next frame; the others act at once. */
const batchedTypes: ReadonlySet<RoomMessage['type']> = new Set(['say', 'props', 'login', 'gift', 'attentAnchor']);

/**
 * A room message as it came (`seen` when the page was in sight, so its line may fly and its VIP make an entrance),
 * or a barrage line that has crossed the video.
 */
type Arrival = { message: RoomMessage; seen: boolean } | { landed: string };

/**
 * Lines reach the store at most every 400 ms: a render of the list costs much the same whatever it adds (a layout
 * and a paint of the panel), and nobody reads a busy room line by line.
 */
const batchIntervalMs = 400;

const barrageOffKey = 'barrage_off';
const blockAnimationsKey = 'block_animations';
const videoSyncOffKey = 'video_sync_off';

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
  /** The viewer scrolled up to read: older lines are kept longer (lineLimits). */
  reading: boolean;
  barrageOn: boolean;
  /** Lines, gifts and quizzes follow the viewer's video (stores/video-sync.ts), or arrive as they happen. */
  videoSync: boolean;
  /** The linked match's newest score and clock as released to this viewer's picture; null until one is. */
  matchLive: ScoreLiveMessage | null;
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
  setVideoSync: (on: boolean) => void;
  setMatchLive: (message: ScoreLiveMessage) => void;
  /** A barrage line has crossed the video. */
  barrageLanded: (key: string) => void;
  setBlockAnimations: (block: boolean) => void;
  /** The entrance on screen finished: the next one may play. */
  finishEntrance: () => void;
  setReading: (reading: boolean) => void;
  /** The page went out of sight: nothing flies on and no entrance waits for the viewer's return. */
  pageHidden: () => void;
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
    const lineLimit = () => (get().reading ? lineLimits.reading : lineLimits.following);
    const flying = (message: RoomMessage, barrage: BarrageItem[]): BarrageItem | null => {
      if ((message.type !== 'say' && message.type !== 'props') || !get().barrageOn || barrage.length >= maxBarrage) return null;
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
    /** Room messages applied in order, in one change of the store. */
    const apply = (arrivals: Arrival[]) =>
      set((state) => {
        const me = state.me?.id;
        const who = viewer();
        let data: ChatData = state;
        let barrage = state.barrage;
        let changes: Partial<ChatState> = {};
        for (const arrival of arrivals) {
          if ('landed' in arrival) {
            barrage = barrage.filter((flown) => flown.key !== arrival.landed);
            continue;
          }
          const { message, seen } = arrival;
          const before = data.lines;
          data = applyMessage(data, message, { ...who, blockAnimations: who.blockAnimations || !seen });
          // A deleted message, or a banned viewer's, stops flying across the video too.
          if (message.type === 'clearChat') barrage = barrage.filter((flown) => flown.messageId !== message.msg_id);
          if (message.type === 'bannedUser') barrage = barrage.filter((flown) => flown.userId !== message.user_id);
          // A line already shown (the sender's own, confirmed by sayRep) has already flown.
          const item = seen && data.lines !== before ? flying(message, barrage) : null;
          if (item) barrage = [...barrage, item];
          if (message.type === 'bannedUser' && message.user_id === me) changes = { ...changes, bannedUntil: message.until };
          if (message.type === 'unbannedUser' && message.user_id === me) changes = { ...changes, bannedUntil: null };
          if (message.type === 'announcement') changes = { ...changes, announcement: message };
          if (message.type === 'rankRep') changes = { ...changes, rankTop: message };
        }
        return { ...changes, lines: keepNewestLines(data.lines, lineLimit()), welcomes: data.welcomes, entrances: data.entrances, barrage };
      });
    // Out of sight no frame runs: what waits is at most what the list would show.
    const arrivals = createFrameBatcher(apply, { limit: lineLimits.following, minIntervalMs: batchIntervalMs });
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
      reading: false,
      barrageOn: true,
      videoSync: true,
      matchLive: null,
      barrage: [],
      blockAnimations: false,
      draft: null,
      retryAt: null,

      restorePreferences: () => set({ barrageOn: !readFlag(barrageOffKey), blockAnimations: readFlag(blockAnimationsKey), videoSync: !readFlag(videoSyncOffKey) }),
      // A line sent on a connection that went away gets no sayRep: it stops waiting.
      setConnection: (connection) => set((state) => (connection === 'ready' ? { connection } : { connection, lines: state.lines.filter((line) => !isPending(line)) })),
      setMe: (me) => set({ me }),
      joined: (frame) => {
        arrivals.flush();
        set((state) => ({
          canModerate: frame.can_moderate === 1,
          bannedUntil: frame.banned_until ?? null,
          ...(frame.announcement !== undefined ? { announcement: frame.announcement } : {}),
          ...(frame.mode === 'reset'
            ? {
                // A line the viewer sent before this answer (on the same connection) is still to be answered after it.
                lines: [...(frame.history ?? []).map((message) => toLine(message, viewer())).filter((line): line is ChatLine => line !== null), ...state.lines.filter(isPending)],
                noMore: frame.no_more === 1,
                loadingHistory: false,
              }
            : { lines: state.lines }),
        }));
      },
      receive: (message) => {
        const arrival = { message, seen: isPageVisible() };
        if (batchedTypes.has(message.type)) return arrivals.push(arrival);
        // Everything before it first: a ban or a deletion removes lines that may be waiting.
        arrivals.flush();
        apply([arrival]);
      },
      startHistory: () => set({ loadingHistory: true }),
      receiveHistory: (messages, noMore) => {
        arrivals.flush();
        set((state) => ({ ...prependHistory(state, messages, viewer()), noMore: noMore || messages.length === 0, loadingHistory: false }));
      },
      addPending: (clientId, message) => {
        arrivals.flush();
        set((state) => {
          const data = addPending(state, clientId, message);
          return { ...data, lines: keepNewestLines(data.lines, lineLimit()) };
        });
      },
      settlePending: (clientId, confirmed) => {
        // The broadcast copy may be waiting for its frame: it goes in first, as it came first.
        arrivals.flush();
        set((state) => {
          // The broadcast copy may have arrived first, and flown already.
          const shown = confirmed !== undefined && state.lines.some((line) => line.kind === 'chat' && line.message.id === confirmed.id);
          const item = confirmed && !shown ? flying(confirmed, state.barrage) : null;
          const refused = confirmed ? undefined : state.lines.find((line) => line.key === pendingKey(clientId));
          const data = settlePending(state, clientId, confirmed, viewer());
          return {
            ...data,
            lines: keepNewestLines(data.lines, lineLimit()),
            ...(item ? { barrage: [...state.barrage, item] } : {}),
            ...(refused?.kind === 'chat' ? { draft: { clientId, content: refused.message.content } } : {}),
          };
        });
      },
      setBannedUntil: (bannedUntil) => set({ bannedUntil }),
      setRetryAt: (retryAt) => set({ retryAt }),
      takeDraft: () => set({ draft: null }),
      setHeat: (heat, liveStatus) => set({ heat, liveStatus }),
      toggleBarrage: () =>
        set((state) => {
          writeFlag(barrageOffKey, state.barrageOn);
          return { barrageOn: !state.barrageOn, barrage: [] };
        }),
      setMatchLive: (matchLive) => set({ matchLive }),
      setVideoSync: (on) => {
        writeFlag(videoSyncOffKey, !on);
        set({ videoSync: on });
      },
      // Landed lines rest off the video until the next batch takes them away with the lines it brings.
      barrageLanded: (key) => arrivals.push({ landed: key }),
      setBlockAnimations: (block) => {
        writeFlag(blockAnimationsKey, block);
        set((state) => ({ blockAnimations: block, entrances: block ? [] : state.entrances }));
      },
      finishEntrance: () => set((state) => ({ entrances: state.entrances.slice(1) })),
      setReading: (reading) => {
        if (reading === get().reading) return;
        // Back at the newest line: the lines kept for reading go.
        set((state) => ({ reading, lines: reading ? state.lines : keepNewestLines(state.lines, lineLimits.following) }));
      },
      pageHidden: () => set({ barrage: [], entrances: [] }),
    };
  });
}

const ChatStoreContext = createContext<StoreApi<ChatStore> | null>(null);

/** The room's store; a new room (another anchor) gets a new store. */
export function ChatStoreProvider({ init, children }: { init: ChatStoreInit; children: ReactNode }) {
  const [store] = useState(() => createChatStore(init));
  useEffect(() => onPageHidden(() => store.getState().pageHidden()), [store]);
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
