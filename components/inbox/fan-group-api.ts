// The fan group calls the browser makes (lib/validation/fan-groups.ts shapes) and their query keys, shared by the
// Messages page and the anchor page's join button.
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { groupPageSize, type GroupChatList, type GroupHistory, type GroupInfo, type GroupMessage } from '@/lib/validation/fan-groups';

export const groupQueryKeys = {
  all: ['fanGroups'] as const,
  chatList: ['fanGroups', 'chatList'] as const,
  info: (anchorId: number) => ['fanGroups', 'info', anchorId] as const,
  history: (anchorId: number) => ['fanGroups', 'history', anchorId] as const,
};

export const groupChatListQuery = queryOptions({
  queryKey: groupQueryKeys.chatList,
  queryFn: () => api.post<GroupChatList>('/api/groupChat/getChatList', {}),
});

export const groupInfoQuery = (anchorId: number) =>
  queryOptions({ queryKey: groupQueryKeys.info(anchorId), queryFn: () => api.post<GroupInfo>('/api/groupChat/getGroupInfo', { group_id: anchorId }) });

/** Pages of the group's lines, newest first; "older messages" asks for the next page. */
export const groupHistoryQuery = (anchorId: number) =>
  infiniteQueryOptions({
    queryKey: groupQueryKeys.history(anchorId),
    queryFn: ({ pageParam }) => api.post<GroupHistory>('/api/groupChat/getHistory', { group_id: anchorId, limit: groupPageSize, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: GroupHistory, pages: GroupHistory[]) => (last.no_more ? undefined : pages.length + 1),
  });

/** A line heard on the group's room, put in place: a changed one (recalled, deleted) replaces its old self, a new one goes first. */
export function placeGroupLine(queryClient: QueryClient, anchorId: number, line: GroupMessage): void {
  queryClient.setQueryData<InfiniteData<GroupHistory, number>>(groupQueryKeys.history(anchorId), (data) => {
    if (!data) return data;
    const known = data.pages.some((page) => page.list.some((entry) => entry.id === line.id));
    const pages = known
      ? data.pages.map((page) => ({ ...page, list: page.list.map((entry) => (entry.id === line.id ? { ...line, chatType: entry.chatType } : entry)) }))
      : [{ ...data.pages[0], list: [line, ...data.pages[0].list] }, ...data.pages.slice(1)];
    return { ...data, pages };
  });
}

export const sendGroupMessage = (anchorId: number, content: string, imageUrl = '') =>
  api.post<GroupMessage>('/api/groupChat/send', { group_id: anchorId, content, img_url: imageUrl, client_id: crypto.randomUUID() });
