'use client';
// The signed-in visitor's inbox on every page (docs/inbox.md): holds the tab's messaging client (shared with a live
// room's, lib/im/shared-client.ts), joins the `system` room and keeps the header's unread badge current from the
// counts the server sends (spec §2.3, '99+'). It also takes what concerns the account wherever the visitor is:
// private messages ("X messaged you", spec §8), recalls, system messages, balance updates (spec §3), quiz results
// (spec §7 guessSettled), booked matches and lives starting, followed anchors going live (AnchorStartLiveMessage), and a login elsewhere or an ended session (spec §8: sign out, open the login dialog).
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { clearStoredSession } from '@/lib/http';
import { readStoredCredential } from '@/lib/http/stored-session';
import { holdTabImClient } from '@/lib/im';
import { siteRoutes } from '@/lib/routes';
import { quizQueryKeys } from '@/components/quiz/quiz-api';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUnreadStore } from '@/stores/unread-store';
import { useUserStore } from '@/stores/user-store';
import { inboxQueryKeys, unreadQuery } from './inbox-api';

/** Whether the conversation with `peerId` is on screen: its new message needs no "X messaged you" notice. */
function isOpenConversation(peerId: number): boolean {
  return window.location.pathname.endsWith(siteRoutes.privateChat) && new URLSearchParams(window.location.search).get('peer') === String(peerId) && document.visibilityState === 'visible';
}

/** A brand-wide system message reaches every tab at once: each reads its counts within this spread, not together. */
const brandNoticeSpreadMs = 10_000;

export default function InboxConnection() {
  const t = useTranslations('notices');
  const toast = useToast();
  const queryClient = useQueryClient();
  const openLogin = useSessionStore((state) => state.openLogin);
  const clearUser = useUserStore((state) => state.clearUser);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const myId = useUserStore((state) => state.userInfo?.id);
  const setUnread = useUnreadStore((state) => state.setPrivateChatUnread);
  const uiLocale = useLocale();
  const unread = useQuery(unreadQuery);
  useEffect(() => {
    if (unread.data) setUnread(unread.data.total);
  }, [unread.data, setUnread]);

  // The connection lives as long as the page; what it calls on reads the latest of these without reconnecting.
  const latest = useRef({ t, toast, queryClient, openLogin, clearUser, updateUserInfo, myId });
  useEffect(() => {
    latest.current = { t, toast, queryClient, openLogin, clearUser, updateUserInfo, myId };
  });

  useEffect(() => {
    const ui = () => latest.current;
    const held = holdTabImClient(uiLocale);
    const { client } = held;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const signOut = () => {
      clearStoredSession();
      ui().clearUser();
      ui().openLogin();
    };
    const onKickedOut = () => {
      ui().toast(ui().t('kickedOut'), 'warning');
      signOut();
    };
    const stop = client.on((event) => {
      if (event.kind === 'kickedOut') return onKickedOut();
      // A refused session means it ended (spec §8 error 70001).
      if (event.kind === 'loginRequired') return readStoredCredential() ? signOut() : undefined;
      if (event.kind === 'message') {
        const message = event.message;
        if (message.type !== 'SystemMessage' || message.groupId !== 'system' || message.brand_id !== document.documentElement.dataset.brand) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          void ui().queryClient.invalidateQueries({ queryKey: inboxQueryKeys.unread });
          void ui().queryClient.invalidateQueries({ queryKey: inboxQueryKeys.system });
        }, Math.random() * brandNoticeSpreadMs);
        timers.add(timer);
        return;
      }
      if (event.kind !== 'frame') return;
      const frame = event.frame;
      const { queryClient: cache } = ui();
      switch (frame.type) {
        case 'SystemMessage':
          if ('unread' in frame) cache.setQueryData(inboxQueryKeys.unread, frame.unread);
          return;
        case 'private_message_reply': {
          const peerId = frame.sender_uid === ui().myId ? frame.recipient_uid : frame.sender_uid;
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.conversation(peerId) });
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.conversations });
          if (frame.sender_uid !== ui().myId && !isOpenConversation(frame.sender_uid)) ui().toast(ui().t('privateMessage', { name: frame.nick_name }), 'info');
          return;
        }
        case 'private_message_read':
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.conversation(frame.reader_uid) });
          return;
        case 'private_message_revoke':
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.conversation(frame.sender_uid) });
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.conversations });
          return;
        case 'mgr_message_reply':
          void cache.invalidateQueries({ queryKey: inboxQueryKeys.system });
          ui().toast(ui().t('systemMessage'), 'info');
          return;
        case 'balance':
          ui().updateUserInfo({ diamond: frame.bal.diamond, gold: frame.bal.gold });
          return;
        case 'bookingStarted':
          void cache.invalidateQueries({ queryKey: ['bookings'] });
          ui().toast(ui().t('bookingStarted', { title: frame.title }), 'info');
          return;
        case 'AnchorStartLiveMessage':
          // The room's copy (in the anchor's room) is the live room's; this one is to a follower.
          if (!('groupId' in frame)) ui().toast(ui().t('anchorLive', { name: frame.data.nick_name }), 'info');
          return;
        case 'guessSettled': {
          void cache.invalidateQueries({ queryKey: quizQueryKeys.all });
          const amounts = { question: frame.message, payout: (frame.payout / 100).toFixed(2), stake: (frame.stake / 100).toFixed(2) };
          ui().toast(ui().t(`settled.${frame.result}`, amounts), frame.result === 'won' ? 'success' : 'info');
          return;
        }
        default:
          return;
      }
    });
    // Kicked out before this mounted (the room held the socket first): act on it now.
    if (client.state === 'kickedOut') onKickedOut();
    client.join('system');
    return () => {
      stop();
      timers.forEach(clearTimeout);
      client.leave('system');
      held.release();
    };
  }, [uiLocale]);

  return null;
}
