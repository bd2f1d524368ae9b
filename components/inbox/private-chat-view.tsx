'use client';
// /user-center/privateChat (spec §2.2, §2.3 tab 9, §2.4 item 10 private message): the conversations (the system one
// first, spec §6), and the open one: its history 20 at a time (older pages on demand), the composer with an image,
// recall within 2 minutes, block and unblock. `?peer=<id>` opens a conversation (the ticket dialog's "message the
// anchor"), `?system=1` the system one. Reading a conversation marks it read; the inbox connection keeps it current.
import { useEffect } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { formatUnreadCount } from '@/lib/format/unread';
import { siteRoutes } from '@/lib/routes';
import { recallWindowMs, type InboxPerson, type PrivateMessage } from '@/lib/validation/inbox';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { ChatIcon, MegaphoneIcon } from '@/components/shell/icons';
import { useDateFormat } from '@/components/shell/local-time';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ShowMore } from '@/components/ui/show-more';
import { useToast } from '@/stores/toast-store';
import { Composer } from './composer';
import { groupChatListQuery } from './fan-group-api';
import { GroupChatLinks, GroupThread } from './fan-group-thread';
import { conversationQuery, conversationsQuery, inboxQueryKeys, sendPrivateMessage, systemHistoryQuery, unreadQuery } from './inbox-api';
import styles from './private-chat.module.css';

type Opened = { kind: 'peer'; id: number } | { kind: 'group'; id: number } | { kind: 'system' } | null;

const conversationHref = (opened: Exclude<Opened, null>) => (opened.kind === 'system' ? `${siteRoutes.privateChat}?system=1` : `${siteRoutes.privateChat}?${opened.kind}=${opened.id}`);

function useOpened(): Opened {
  const params = useSearchParams();
  if (params.get('system') === '1') return { kind: 'system' };
  for (const kind of ['peer', 'group'] as const) {
    const id = Number(params.get(kind));
    if (Number.isSafeInteger(id) && id > 0) return { kind, id };
  }
  return null;
}

export function PrivateChatView() {
  const t = useTranslations('inbox.page');
  const viewerId = useViewerId();
  const opened = useOpened();
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={ChatIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return (
    <div className={styles.inbox} data-opened={opened ? 'yes' : 'no'}>
      <ConversationList opened={opened} />
      <section className={styles.thread} aria-label={t('conversations')}>
        {opened?.kind === 'peer' ? <PeerThread key={opened.id} peerId={opened.id} viewerId={viewerId} /> : null}
        {opened?.kind === 'group' ? <GroupThread key={opened.id} anchorId={opened.id} viewerId={viewerId} /> : null}
        {opened?.kind === 'system' ? <SystemThread /> : null}
        {opened === null ? <p className={styles.pick}>{t('pick')}</p> : null}
      </section>
    </div>
  );
}

function UnreadDot({ count }: { count: number }) {
  const t = useTranslations('inbox.page');
  const text = formatUnreadCount(count);
  if (!text) return null;
  return (
    <span className={styles.unread}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t('unreadCount', { count })}</span>
    </span>
  );
}

function ConversationList({ opened }: { opened: Opened }) {
  const t = useTranslations('inbox.page');
  const { dateTime } = useDateFormat();
  const conversations = useInfiniteQuery(conversationsQuery);
  const unread = useQuery(unreadQuery);
  const hasGroups = (useQuery(groupChatListQuery).data?.chat_list.length ?? 0) > 0;
  const openedHref = opened ? conversationHref(opened) : '';
  const linkTo = (target: Exclude<Opened, null>) => {
    const href = conversationHref(target);
    return { href, 'aria-current': href === openedHref ? ('page' as const) : undefined };
  };
  return (
    <nav className={styles.list} aria-label={t('conversations')}>
      <Link className={styles.item} {...linkTo({ kind: 'system' })}>
        <span className={styles.systemIcon} aria-hidden="true">
          <MegaphoneIcon size={18} />
        </span>
        <span className={styles.itemText}>
          <span className={styles.itemName}>{t('system')}</span>
          <span className={styles.itemPreview}>{t('systemHint')}</span>
        </span>
        <UnreadDot count={unread.data?.system ?? 0} />
      </Link>
      <GroupChatLinks openedAnchorId={opened?.kind === 'group' ? opened.id : undefined} unreadDot={UnreadDot} />
      {hasGroups ? <h3 className={styles.listHeading}>{t('conversations')}</h3> : null}
      <QueryRows query={conversations}>
        {({ pages }) => {
          const list = pages.flatMap((page) => page.list);
          if (list.length === 0) return <EmptyState icon={ChatIcon} title={t('empty')} description={t('emptyHint')} />;
          return (
            <>
              {list.map(({ peer, last, unread: count }) => (
                <Link key={peer.id} className={styles.item} {...linkTo({ kind: 'peer', id: peer.id })}>
                  <Avatar src={peer.avatar} name={peer.nick_name} size={36} />
                  <span className={styles.itemText}>
                    <span className={styles.itemName}>
                      {peer.nick_name} {peer.role === 'anchor' ? <Badge tone="brand">{t('anchor')}</Badge> : null}
                    </span>
                    <span className={styles.itemPreview}>{last.revoked ? t(last.chatType === 1 ? 'youRecalled' : 'theyRecalled', { name: peer.nick_name }) : last.content || t('imagePreview')}</span>
                  </span>
                  <span className={styles.itemMeta}>
                    <time dateTime={new Date(last.send_time).toISOString()}>{dateTime(new Date(last.send_time))}</time>
                    <UnreadDot count={count} />
                  </span>
                </Link>
              ))}
              <ShowMore query={conversations} label={t('older')} />
            </>
          );
        }}
      </QueryRows>
    </nav>
  );
}

function MessageBubble({ message, peer, read, onRecall }: { message: PrivateMessage; peer: InboxPerson; read: boolean; onRecall: (id: number) => void }) {
  const t = useTranslations('inbox.page');
  const { dateTime } = useDateFormat();
  const mine = message.chatType === 1;
  if (message.revoked) return <li className={styles.notice}>{mine ? t('youRecalled') : t('theyRecalled', { name: peer.nick_name })}</li>;
  const recallable = mine && Date.now() - message.send_time < recallWindowMs;
  return (
    <li className={styles.message} data-mine={mine ? 'yes' : 'no'} data-message-id={message.id}>
      <div className={styles.bubble} data-image-only={message.content ? undefined : 'yes'}>
        {message.content ? <p className={styles.text}>{message.content}</p> : null}
        {message.img_url ? <img className={styles.image} src={message.img_url} alt={t('imageAlt', { name: mine ? '' : peer.nick_name })} loading="lazy" /> : null}
      </div>
      <span className={styles.meta}>
        <time dateTime={new Date(message.send_time).toISOString()}>{dateTime(new Date(message.send_time))}</time>
        {read ? <span className={styles.read}>{t('read')}</span> : null}
        {recallable ? (
          <button type="button" className={styles.linkButton} onClick={() => onRecall(message.id)}>
            {t('recall')}
          </button>
        ) : null}
      </span>
    </li>
  );
}

function PeerThread({ peerId, viewerId }: { peerId: number; viewerId: number }) {
  const t = useTranslations('inbox.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(conversationQuery(peerId));
  const newest = history.data?.pages[0];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.conversation(peerId) });
    void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.conversations });
  };
  const recall = useMutation({
    mutationFn: (id: number) => api.post('/api/privateChat/revoke', { msg_id: id }),
    onSuccess: refresh,
    onError: (failure) => toast(errorText(failure, t('loadFailed')), 'error'),
  });
  const block = useMutation({
    mutationFn: (blocked: boolean) => api.post('/api/privateChat/block', { anchor_id: peerId, blocked: blocked ? 1 : 0 }),
    onSuccess: refresh,
    onError: (failure) => toast(errorText(failure, t('loadFailed')), 'error'),
  });

  // Their newest message is read once shown (spec §7 privateChat/read); the badge follows from the server.
  const theirNewest = newest?.msg_group.find((message) => message.sender_uid !== viewerId);
  useEffect(() => {
    if (!theirNewest) return;
    void api.post('/api/privateChat/read', { anchor_id: peerId, latest_msg_stamp: theirNewest.send_time }).then(() => {
      void queryClient.invalidateQueries({ queryKey: inboxQueryKeys.conversations });
    });
  }, [theirNewest, peerId, queryClient]);

  return (
    <QueryRows query={history}>
      {({ pages }) => {
        const { peer, blocked, can_send, peer_read_id } = pages[0];
        const messages = pages.flatMap((page) => page.msg_group).reverse();
        // "Read" under the newest of mine the other side has read, as messaging apps show it.
        const lastRead = messages.findLast((message) => message.chatType === 1 && !message.revoked && message.id <= peer_read_id)?.id;
        return (
          <>
            <header className={styles.threadHeader}>
              <Link className={styles.back} href={siteRoutes.privateChat}>
                {t('back')}
              </Link>
              <Avatar src={peer.avatar} name={peer.nick_name} size={32} />
              <h2 className={styles.peerName}>{peer.nick_name}</h2>
              <Button size="sm" variant="secondary" loading={block.isPending} onClick={() => block.mutate(!blocked)}>
                {blocked ? t('unblock') : t('block')}
              </Button>
            </header>
            {blocked ? <p className={styles.note}>{t('blockedNote')}</p> : null}
            <div className={styles.messages}>
              {history.hasNextPage ? <ShowMore query={history} label={t('older')} /> : <p className={styles.noMore}>{t('noMore')}</p>}
              <ol className={styles.messageList}>
                {messages.map((message) => (
                  <MessageBubble key={message.id} message={message} peer={peer} read={message.id === lastRead} onRecall={(id) => recall.mutate(id)} />
                ))}
              </ol>
            </div>
            {can_send ? <Composer send={(content, imageUrl) => sendPrivateMessage(peerId, content, imageUrl)} onSent={refresh} /> : <p className={styles.note}>{t('cannotSend')}</p>}
          </>
        );
      }}
    </QueryRows>
  );
}

function SystemThread() {
  const t = useTranslations('inbox.page');
  const { dateTime } = useDateFormat();
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(systemHistoryQuery);
  const newestId = history.data?.pages[0]?.mgr_chat_history[0]?.id;
  useEffect(() => {
    if (newestId === undefined) return;
    void api.post('/api/mgrChat/read', {}).then(() => queryClient.invalidateQueries({ queryKey: inboxQueryKeys.unread }));
  }, [newestId, queryClient]);
  return (
    <>
      <header className={styles.threadHeader}>
        <Link className={styles.back} href={siteRoutes.privateChat}>
          {t('back')}
        </Link>
        <h2 className={styles.peerName}>{t('system')}</h2>
      </header>
      <QueryRows query={history}>
        {({ pages }) => {
          const messages = pages.flatMap((page) => page.mgr_chat_history).reverse();
          if (messages.length === 0) return <EmptyState icon={MegaphoneIcon} title={t('system')} description={t('systemHint')} />;
          return (
            <div className={styles.messages}>
              <ShowMore query={history} label={t('older')} />
              <ol className={styles.messageList}>
                {messages.map((message) => (
                  <li key={message.id} className={styles.message} data-mine="no">
                    <div className={styles.bubble}>
                      <p className={styles.text}>{message.content}</p>
                    </div>
                    <span className={styles.meta}>
                      <time dateTime={new Date(message.send_time).toISOString()}>{dateTime(new Date(message.send_time))}</time>
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          );
        }}
      </QueryRows>
    </>
  );
}
