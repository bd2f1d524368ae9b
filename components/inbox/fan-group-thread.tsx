'use client';
// A fan group on the Messages page (spec §2.4 item 10 fan group chat, §3 group chat message types 0–7): its lines 20
// at a time (older pages on demand), notices in the flow (joined, recalled, deleted, kicked, banned), text and
// images, recall within 2 minutes, and for the anchor and managers delete, ban and remove on each member's line. The
// tab's messaging client joins the group's room while it is open and puts each line heard in place; opening it marks
// the group read (spec §7 groupChat/read).
import { useEffect, useRef, type ReactNode } from 'react';
import Link from 'next/link';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { holdTabImClient } from '@/lib/im';
import { siteRoutes } from '@/lib/routes';
import { fanGroupRoomKey, groupMessageTypes, groupRecallWindowMs, type GroupMessage } from '@/lib/validation/fan-groups';
import { QueryRows } from '@/components/live/personal-list';
import { useDateFormat } from '@/components/shell/local-time';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ShowMore } from '@/components/ui/show-more';
import { useToast } from '@/stores/toast-store';
import { Composer } from './composer';
import { groupChatListQuery, groupHistoryQuery, groupInfoQuery, groupQueryKeys, placeGroupLine, sendGroupMessage } from './fan-group-api';
import styles from './private-chat.module.css';

const noticeKeys: Partial<Record<number, string>> = {
  [groupMessageTypes.joined]: 'joinedLine',
  [groupMessageTypes.recalled]: 'recalledLine',
  [groupMessageTypes.deleted]: 'deletedLine',
  [groupMessageTypes.kicked]: 'kickedLine',
  [groupMessageTypes.banned]: 'bannedLine',
  [groupMessageTypes.unbanned]: 'unbannedLine',
};

/** Joins the group's room while mounted and keeps the open history current. */
function useGroupRoom(anchorId: number, viewerId: number) {
  const t = useTranslations('inbox.groups.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const latest = useRef({ t, toast });
  useEffect(() => {
    latest.current = { t, toast };
  });
  useEffect(() => {
    const room = fanGroupRoomKey(anchorId);
    const held = holdTabImClient(locale);
    const stop = held.client.on((event) => {
      if (event.kind !== 'message' || event.message.type !== 'groupMessage' || event.message.groupId !== room) return;
      const line = event.message.line;
      placeGroupLine(queryClient, anchorId, { ...line, chatType: line.chatType === 3 ? 3 : line.uid === viewerId ? 1 : 2 });
      // Spec §8: a group ban of the current user toasts. A join or a removal changes the member count; a ban, an
      // unban or a removal of the viewer what they may do.
      if (line.subject?.id === viewerId && line.type === groupMessageTypes.banned) latest.current.toast(latest.current.t('youBanned'), 'warning');
      if (line.type === groupMessageTypes.joined || line.type === groupMessageTypes.kicked || line.subject?.id === viewerId) {
        void queryClient.invalidateQueries({ queryKey: groupQueryKeys.info(anchorId) });
      }
    });
    held.client.join(room);
    return () => {
      stop();
      held.client.leave(room);
      held.release();
    };
  }, [anchorId, viewerId, locale, queryClient]);
}

function GroupLine({ line, canModerate, onAction }: { line: GroupMessage; canModerate: boolean; onAction: (action: 'recall' | 'delete' | 'ban' | 'kick', line: GroupMessage) => void }) {
  const t = useTranslations('inbox.groups.page');
  const tInbox = useTranslations('inbox.page');
  const { dateTime } = useDateFormat();
  const noticeKey = noticeKeys[line.type];
  if (noticeKey) {
    const name = line.subject?.nick_name ?? line.nick_name;
    return <li className={styles.notice}>{t(noticeKey, { name })}</li>;
  }
  const mine = line.chatType === 1;
  const recallable = mine && Date.now() - line.send_time < groupRecallWindowMs;
  return (
    <li className={styles.message} data-mine={mine ? 'yes' : 'no'} data-message-id={line.id}>
      {mine ? null : (
        <span className={styles.sender}>
          <Avatar src={line.avatar} name={line.nick_name} size={20} />
          {line.nick_name}
        </span>
      )}
      <div className={styles.bubble} data-image-only={line.content ? undefined : 'yes'}>
        {line.content ? <p className={styles.text}>{line.content}</p> : null}
        {line.img_url ? <img className={styles.image} src={line.img_url} alt={tInbox('imageAlt', { name: mine ? '' : line.nick_name })} loading="lazy" /> : null}
      </div>
      <span className={styles.meta}>
        <time dateTime={new Date(line.send_time).toISOString()}>{dateTime(new Date(line.send_time))}</time>
        {recallable ? (
          <button type="button" className={styles.linkButton} onClick={() => onAction('recall', line)}>
            {tInbox('recall')}
          </button>
        ) : null}
        {canModerate && !mine ? (
          <span role="group" aria-label={t('moderation', { name: line.nick_name })} className={styles.moderation}>
            {(['delete', 'ban', 'kick'] as const).map((action) => (
              <button key={action} type="button" className={styles.linkButton} onClick={() => onAction(action, line)}>
                {t(action)}
              </button>
            ))}
          </span>
        ) : null}
      </span>
    </li>
  );
}

const actionCalls = {
  recall: (line: GroupMessage) => api.post('/api/groupChat/recall', { msg_id: line.id }),
  delete: (line: GroupMessage) => api.post('/api/groupChat/delete', { msg_id: line.id }),
  ban: (line: GroupMessage) => api.post('/api/groupChat/ban', { group_id: line.group_id, user_id: line.uid, unit: 'minute', duration: 10 }),
  kick: (line: GroupMessage) => api.post('/api/groupChat/kick', { group_id: line.group_id, user_id: line.uid }),
};

export function GroupThread({ anchorId, viewerId }: { anchorId: number; viewerId: number }) {
  const t = useTranslations('inbox.groups.page');
  const tInbox = useTranslations('inbox.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const info = useQuery(groupInfoQuery(anchorId));
  const history = useInfiniteQuery(groupHistoryQuery(anchorId));
  useGroupRoom(anchorId, viewerId);

  const action = useMutation({
    mutationFn: ({ kind, line }: { kind: keyof typeof actionCalls; line: GroupMessage }) => actionCalls[kind](line),
    onError: (failure) => toast(errorText(failure, tInbox('loadFailed')), 'error'),
  });
  const leave = useMutation({
    mutationFn: () => api.post('/api/groupChat/leave', { group_id: anchorId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupQueryKeys.all });
      window.history.replaceState(null, '', siteRoutes.privateChat);
    },
    onError: (failure) => toast(errorText(failure, tInbox('loadFailed')), 'error'),
  });

  // The newest line is read once shown; the list's number follows.
  const newestId = history.data?.pages[0]?.list[0]?.id;
  useEffect(() => {
    if (newestId === undefined) return;
    void api.post('/api/groupChat/read', { fans_group_id: anchorId }).then(() => queryClient.invalidateQueries({ queryKey: groupChatListQuery.queryKey }));
  }, [newestId, anchorId, queryClient]);

  const group = info.data;
  const canModerate = group?.can_moderate === 1;
  return (
    <>
      <header className={styles.threadHeader}>
        <Link className={styles.back} href={siteRoutes.privateChat}>
          {tInbox('back')}
        </Link>
        {group ? <Avatar src={group.anchor.avatar} name={group.name} size={32} /> : null}
        <h2 className={styles.peerName}>
          {group ? t('groupName', { name: group.name }) : t('title')}
          {group ? <span className={styles.subtle}> · {t('members', { count: group.member_count })}</span> : null}
        </h2>
        {group && group.is_member === 1 && group.anchor.id !== viewerId ? (
          <Button size="sm" variant="secondary" loading={leave.isPending} onClick={() => leave.mutate()}>
            {t('leave')}
          </Button>
        ) : null}
      </header>
      <QueryRows query={history}>
        {({ pages }) => {
          const lines = pages.flatMap((page) => page.list).reverse();
          return (
            <div className={styles.messages}>
              {history.hasNextPage ? <ShowMore query={history} label={tInbox('older')} /> : <p className={styles.noMore}>{lines.length === 0 ? t('empty') : tInbox('noMore')}</p>}
              <ol className={styles.messageList}>
                {lines.map((line) => (
                  <GroupLine key={line.id} line={line} canModerate={canModerate} onAction={(kind, target) => action.mutate({ kind, line: target })} />
                ))}
              </ol>
            </div>
          );
        }}
      </QueryRows>
      {group?.banned_until !== undefined ? (
        <p className={styles.note}>{t('bannedNote')}</p>
      ) : (
        <Composer send={(content, imageUrl) => sendGroupMessage(anchorId, content, imageUrl)} onSent={(line) => placeGroupLine(queryClient, anchorId, line)} placeholder={t('placeholder')} />
      )}
    </>
  );
}

/** The groups the viewer is in, under the conversations, each with its unread number (spec §3 chatList). */
export function GroupChatLinks({ openedAnchorId, unreadDot: UnreadDot }: { openedAnchorId: number | undefined; unreadDot: (props: { count: number }) => ReactNode }) {
  const t = useTranslations('inbox.groups.page');
  const tInbox = useTranslations('inbox.page');
  const chats = useQuery(groupChatListQuery);
  const list = chats.data?.chat_list ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <h3 className={styles.listHeading}>{t('title')}</h3>
      {list.map((chat) => {
        const last = chat.last;
        const noticeKey = last ? noticeKeys[last.type] : undefined;
        return (
          <Link key={chat.anchor_id} className={styles.item} href={`${siteRoutes.privateChat}?group=${chat.anchor_id}`} aria-current={chat.anchor_id === openedAnchorId ? 'page' : undefined}>
            <Avatar src={chat.avatar} name={chat.name} size={36} />
            <span className={styles.itemText}>
              <span className={styles.itemName}>
                {t('groupName', { name: chat.name })} <Badge tone="brand">{t('joined')}</Badge>
              </span>
              <span className={styles.itemPreview}>
                {!last ? t('empty') : noticeKey ? t(noticeKey, { name: last.subject?.nick_name ?? last.nick_name }) : t('preview', { name: last.nick_name, text: last.content || tInbox('imagePreview') })}
              </span>
            </span>
            <span className={styles.itemMeta}>
              <UnreadDot count={chat.unread_num} />
            </span>
          </Link>
        );
      })}
    </>
  );
}
