// The inbox calls the browser makes (lib/validation/inbox.ts shapes) and their query keys, shared by the private
// chat page and the tab's inbox connection, which keeps them current as messages arrive.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { inboxPageSize, type Conversations, type PrivateHistory, type PrivateMessage, type SystemHistory, type UnreadCounts } from '@/lib/validation/inbox';

export const inboxQueryKeys = {
  all: ['inbox'] as const,
  unread: ['inbox', 'unread'] as const,
  conversations: ['inbox', 'conversations'] as const,
  conversation: (peerId: number) => ['inbox', 'conversation', peerId] as const,
  system: ['inbox', 'system'] as const,
};

export const unreadQuery = queryOptions({
  queryKey: inboxQueryKeys.unread,
  queryFn: () => api.post<UnreadCounts>('/api/privateChat/unread', {}),
  staleTime: 30_000,
});

export const conversationsQuery = infiniteQueryOptions({
  queryKey: inboxQueryKeys.conversations,
  queryFn: ({ pageParam }) => api.post<Conversations>('/api/privateChat/conversations', { page: pageParam, size: inboxPageSize }),
  initialPageParam: 1,
  getNextPageParam: (last: Conversations, pages: Conversations[]) => (pages.length * inboxPageSize < last.total ? pages.length + 1 : undefined),
});

/** Pages of a conversation, newest first; "older messages" asks for the next page. */
export const conversationQuery = (peerId: number) =>
  infiniteQueryOptions({
    queryKey: inboxQueryKeys.conversation(peerId),
    queryFn: ({ pageParam }) => api.post<PrivateHistory>('/api/privateChat/getRecordDetail', { anchor_id: peerId, duration: 0, page: pageParam, size: inboxPageSize }),
    initialPageParam: 1,
    getNextPageParam: (last: PrivateHistory, pages: PrivateHistory[]) => (last.no_more ? undefined : pages.length + 1),
  });

export const systemHistoryQuery = infiniteQueryOptions({
  queryKey: inboxQueryKeys.system,
  queryFn: ({ pageParam }) => api.post<SystemHistory>('/api/mgrChat/getHistory', { limit: inboxPageSize, page: pageParam }),
  initialPageParam: 1,
  getNextPageParam: (last: SystemHistory, pages: SystemHistory[]) => (last.no_more ? undefined : pages.length + 1),
});

export const sendPrivateMessage = (peerId: number, content: string, imageUrl = '') =>
  api.post<PrivateMessage>('/api/privateChat/send', { anchor_id: peerId, content, img_url: imageUrl, client_id: crypto.randomUUID() });
