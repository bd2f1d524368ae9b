'use client';
// The live room's state for this viewer (getRoomInfo): server-rendered first, then fetched with the viewer's
// session. It is fetched again when the realtime room reports another live state, while the stream is not up
// (every 10 s, to catch the anchor going live), and every 30 s on air (heat, score, title).
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { liveQueryKeys, roomInfoQuery } from '@/components/live/live-api';
import { nextStreamPhase, type StreamPhase } from '@/components/live/stream-phase';
import type { RoomInfo } from '@/lib/validation/live';
import { useChatStore } from '@/stores/chat-store';
import { useUserStore } from '@/stores/user-store';

const offAirPollMs = 10_000;
const onAirPollMs = 30_000;

export type RoomState = {
  anchorId: number;
  room: RoomInfo;
  phase: StreamPhase;
  /** The signed-in viewer, or null for a visitor. */
  viewerId: number | null;
  /** Asks the server again now (the stream dropped, a ticket changed what may play). */
  refresh: () => void;
  /** Replaces the cached room (a follow or a spent ticket answered with the new values). */
  update: (change: (room: RoomInfo) => RoomInfo) => void;
};

const RoomContext = createContext<RoomState | null>(null);

export function useRoom(): RoomState {
  const state = useContext(RoomContext);
  if (!state) throw new Error('useRoom needs a RoomProvider above it');
  return state;
}

/** The room as its own anchor sees it; null for everyone else, and outside a room (a player slot on its own). */
export function useOwnRoom(): RoomState | null {
  const state = useContext(RoomContext);
  return state !== null && state.viewerId === state.anchorId ? state : null;
}

export function RoomProvider({ anchorId, initial, children }: { anchorId: number; initial: RoomInfo; children: ReactNode }) {
  const queryClient = useQueryClient();
  const restored = useUserStore((state) => state.restored);
  const viewerId = useUserStore((state) => state.userInfo?.id ?? null);
  const query = roomInfoQuery(anchorId, viewerId);
  const [tracked, setTracked] = useState(() => ({ room: initial, phase: nextStreamPhase(null, initial.live_status, initial.live !== null) }));
  const { data } = useQuery({
    ...query,
    // The server's copy is a visitor's: shown at once, replaced as soon as the stored session is known.
    initialData: viewerId === null ? initial : undefined,
    enabled: restored,
    refetchInterval: tracked.phase === 'live' ? onAirPollMs : offAirPollMs,
  });
  const room = data ?? tracked.room;
  // Each new copy of the room moves the phase on from the last one (live → ended needs to know the past).
  if (room !== tracked.room) setTracked({ room, phase: nextStreamPhase(tracked.phase, room.live_status, room.live !== null) });

  // heatRep's status changing means the live changed state: ask again at once rather than at the next poll.
  const chatStatus = useChatStore((state) => state.liveStatus);
  const lastChatStatus = useRef(chatStatus);
  useEffect(() => {
    if (lastChatStatus.current === chatStatus) return;
    lastChatStatus.current = chatStatus;
    void queryClient.invalidateQueries({ queryKey: liveQueryKeys.room(anchorId, viewerId) });
  }, [chatStatus, queryClient, anchorId, viewerId]);

  const state: RoomState = {
    anchorId,
    room,
    phase: tracked.phase,
    viewerId,
    refresh: () => void queryClient.invalidateQueries({ queryKey: query.queryKey }),
    update: (change) => queryClient.setQueryData(query.queryKey, (current) => change(current ?? room)),
  };
  return <RoomContext.Provider value={state}>{children}</RoomContext.Provider>;
}
