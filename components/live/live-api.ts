// The viewer's live calls from the browser (issue 5, spec §7): room state, tickets, follows and the personal lists.
// Replies are typed by their schemas in lib/validation/live.ts (the server builds them with the same ones) and not
// parsed again here; the envelope is unwrapped by the shared client.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { ticketItemType } from '@/lib/validation/live-constants';
import type { Backpack, FollowList, RoomInfo, TicketHistory, TicketReply, ToggleFollowReply, WatchHistory } from '@/lib/validation/live';

/** Personal lists show this many rows; the API allows up to 50. */
export const personalPageSize = 50;

export const liveQueryKeys = {
  /** The room as this viewer sees it: the viewer's id is part of the key, so signing in or out refetches. */
  room: (anchorId: number, viewerId: number | null) => ['live', 'room', anchorId, viewerId] as const,
  backpack: (viewerId: number) => ['live', 'backpack', viewerId] as const,
  follows: (viewerId: number) => ['live', 'follows', viewerId] as const,
  watchHistory: (viewerId: number) => ['live', 'watchHistory', viewerId] as const,
  tickets: (viewerId: number) => ['live', 'tickets', viewerId] as const,
};

export function roomInfoQuery(anchorId: number, viewerId: number | null) {
  return queryOptions({
    queryKey: liveQueryKeys.room(anchorId, viewerId),
    queryFn: () => api.post<RoomInfo>('/api/live/getRoomInfo', { anchor_id: anchorId }),
    // Play addresses are signed per viewer and heat moves: never serve a stale copy on remount.
    staleTime: 0,
  });
}

/** Spec §3 backpack: what the viewer holds (tickets, props), by item type and props id. */
export function backpackQuery(viewerId: number) {
  return queryOptions({
    queryKey: liveQueryKeys.backpack(viewerId),
    queryFn: async () => (await api.post<Backpack>('/api/live/user_backpack', { user_id: viewerId })).user_backpack,
    staleTime: 0,
  });
}

/** The ticket count is the quantity of item type 105. */
export function backpackTicketsQuery(viewerId: number) {
  return queryOptions({
    ...backpackQuery(viewerId),
    select: (backpack: Backpack['user_backpack']) => backpack.find((item) => item.type === ticketItemType)?.quantity ?? 0,
  });
}

/** How many of one item (type and props id) the backpack holds. */
export function heldCount(backpack: Backpack['user_backpack'] | undefined, type: number, propsId: number): number {
  return backpack?.find((item) => item.type === type && item.props_id === propsId)?.quantity ?? 0;
}

/** POST /api/live/ticket: one ticket for HD of the anchor's current live; a second call spends nothing. */
export function spendTicket(viewerId: number, anchorId: number): Promise<TicketReply> {
  return api.post<TicketReply>('/api/live/ticket', { uid: viewerId, anchor_id: anchorId });
}

/** POST /api/anchor/attentAnchor: type 1 now followed, 0 unfollowed. */
export function toggleFollow(anchorId: number): Promise<ToggleFollowReply> {
  return api.post<ToggleFollowReply>('/api/anchor/attentAnchor', { anchorid: anchorId });
}

export function followListQuery(viewerId: number) {
  return queryOptions({
    queryKey: liveQueryKeys.follows(viewerId),
    queryFn: async () => (await api.post<FollowList>('/api/anchor/getFollowList', { page: 1, size: personalPageSize })).list,
    staleTime: 0,
  });
}

export function watchHistoryQuery(viewerId: number) {
  return queryOptions({
    queryKey: liveQueryKeys.watchHistory(viewerId),
    queryFn: async () => (await api.post<WatchHistory>('/api/live/watchHistory', { page: 1, size: personalPageSize })).list,
    staleTime: 0,
  });
}

export function clearWatchHistory(): Promise<unknown> {
  return api.post('/api/live/clearWatchHistory');
}

export function ticketHistoryQuery(viewerId: number) {
  return queryOptions({
    queryKey: liveQueryKeys.tickets(viewerId),
    queryFn: () => api.post<TicketHistory>('/api/live/ticket_history', { page: 1, size: personalPageSize }),
    staleTime: 0,
  });
}
