'use client';
// The live room's messaging connection, loaded after the room's first paint (live-chat-provider.tsx): connects the
// messaging client (provider `sc`), joins the room, announces the viewer (spec §7 login with the brand's channel),
// and turns what the server says into store changes and the toasts of spec §8. Reconnects when the tab becomes
// visible or the network returns (spec §4 tab visibility); a login elsewhere signs this tab out and opens the login
// dialog. Gift messages feed the room's animation queue, balance messages the user store, quiz messages the quiz
// panel's cache, guessSettled a toast with the viewer's result.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api, clearStoredSession } from '@/lib/http';
import { browserDeviceId } from '@/lib/http/device-id';
import { readStoredCredential } from '@/lib/http/stored-session';
import { isLocale, langHeaderFor } from '@/lib/i18n/locales';
import { createWsImClient, forgetGuestIdentity, gatewayUrl, scCredentials, type ImClient } from '@/lib/im';
import { imLoginRequiredCode } from '@/lib/realtime/protocol-constants';
import type { GiftSendRepFrame } from '@/lib/realtime/protocol';
import type { GuestIdentity } from '@/lib/validation/chat';
import { liveQueryKeys } from '@/components/live/live-api';
import { userQueryKeys } from '@/components/user/user-api';
import { applyQuiz, quizQueryKeys, setRoomQuizzes } from '@/components/quiz/quiz-api';
import { useChatStoreApi } from '@/stores/chat-store';
import { useGiftQueueApi } from '@/stores/gift-queue';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';

/** What the room's actions (live-chat-provider.tsx) share with the connection once it is up: its client, and what waits for its answers. */
export type ConnectionLink = {
  client: ImClient | null;
  /** Gifts sent on the connection, waiting for their giftFeedRep, by idempotency key. */
  pendingGifts: Map<string, (frame: GiftSendRepFrame) => void>;
  /** Lines sent with a prop, until their sayRep: the backpack changed. */
  propsSends: Set<string>;
};

const fetchGuest = () => api.get<GuestIdentity>('/api/scIm/getUserSig');

export function RoomConnection({ room, channel, link }: { room: string; channel: string; link: ConnectionLink }) {
  const store = useChatStoreApi();
  const giftQueue = useGiftQueueApi();
  const t = useTranslations('chat');
  const tq = useTranslations('quiz');
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const clearUser = useUserStore((state) => state.clearUser);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const queryClient = useQueryClient();
  const uiLocale = useLocale();
  // The connection lives as long as the room; what it calls on reads the latest of these without reconnecting.
  const latest = useRef({ t, tq, toast, openLogin, clearUser, updateUserInfo, queryClient });
  useEffect(() => {
    latest.current = { t, tq, toast, openLogin, clearUser, updateUserInfo, queryClient };
  });

  useEffect(() => {
    const ui = () => latest.current;
    store.getState().restorePreferences();
    const client = createWsImClient({
      url: gatewayUrl(window.location),
      credentials: scCredentials(fetchGuest),
      deviceId: browserDeviceId,
      lang: langHeaderFor(isLocale(uiLocale) ? uiLocale : 'en-US'),
    });
    link.client = client;
    let announced = false;
    const signOut = () => {
      clearStoredSession();
      ui().clearUser();
      ui().openLogin();
    };
    const stop = client.on((event) => {
      const state = store.getState();
      switch (event.kind) {
        case 'state':
          return state.setConnection(event.state);
        case 'joined':
          if (event.frame.groupId !== room) return;
          state.joined(event.frame);
          if (!announced) {
            announced = true;
            client.send({ type: 'login', groupId: room, channel });
          }
          return;
        case 'message':
          if (event.message.groupId !== room) return;
          state.receive(event.message);
          if (event.message.type === 'gift') giftQueue.getState().enqueue(event.message);
          // Spec §7 quiz: pools, bettors and odds as they change (never batched, never shed).
          if (event.message.type === 'quiz') applyQuiz(ui().queryClient, event.message.guess);
          if (event.message.type === 'bannedUser' && event.message.user_id === state.me?.id) ui().toast(ui().t('panel.youAreBanned'), 'warning');
          return;
        case 'kickedOut':
          ui().toast(ui().t('panel.kickedOut'), 'warning');
          return signOut();
        case 'loginRequired':
          // A refused session means it ended: sign out here too (spec §8 error 70001); a refused guest gets a new id.
          if (readStoredCredential()) return signOut();
          return forgetGuestIdentity();
        case 'frame': {
          const frame = event.frame;
          if (frame.type === 'authed') return state.setMe(frame.user);
          // Spec §3 balance update: this account's balances changed (a gift from another tab, a recharge).
          if (frame.type === 'balance') return ui().updateUserInfo({ diamond: frame.bal.diamond, gold: frame.bal.gold });
          // Spec §7 guessSettled: this viewer's bets on a quiz were paid, refunded or withdrawn.
          if (frame.type === 'guessSettled') {
            void ui().queryClient.invalidateQueries({ queryKey: quizQueryKeys.all });
            const amounts = { question: frame.message, payout: (frame.payout / 100).toFixed(2), stake: (frame.stake / 100).toFixed(2) };
            return void ui().toast(ui().tq(`settled.${frame.result}`, amounts), frame.result === 'won' ? 'success' : 'info');
          }
          if (!('groupId' in frame) || frame.groupId !== room) return;
          // Spec §3 login response: the room's open quizzes, for a viewer who joins while they run.
          if (frame.type === 'loginRep' && frame.guess.length > 0) setRoomQuizzes(ui().queryClient, frame.guess[0].guess.anchor_id, frame.guess.map((quiz) => quiz.guess));
          if (frame.type === 'heatRep') return state.setHeat(frame.val, frame.status);
          if (frame.type === 'historyRep') return state.receiveHistory(frame.msgs, frame.no_more === 1);
          if (frame.type === 'giftFeedRep' && 'idempotency_key' in frame) return link.pendingGifts.get(frame.idempotency_key)?.(frame);
          if (frame.type === 'clearRep') {
            return void ui().toast(frame.status === 0 ? ui().t('moderation.deleted') : frame.msg || ui().t('moderation.deleteFailed'), frame.status === 0 ? 'success' : 'error');
          }
          if (frame.type === 'sayRep' && frame.client_id) {
            state.settlePending(frame.client_id, frame.status === 0 ? frame.message : undefined);
            // A line with a prop spent one (or was refused for lack of one): the props picker counts afresh.
            if (link.propsSends.delete(frame.client_id) && state.me && !state.me.guest) {
              void ui().queryClient.invalidateQueries({ queryKey: liveQueryKeys.backpack(Number(state.me.id)) });
            }
            if (frame.banned_until !== undefined) state.setBannedUntil(frame.banned_until);
            if (frame.wait_seconds !== undefined) state.setRetryAt(Date.now() + frame.wait_seconds * 1000);
            if (frame.status === imLoginRequiredCode) ui().openLogin();
            else if (frame.status !== 0) ui().toast(frame.msg, 'warning');
            return;
          }
          if (frame.type === 'error') ui().toast(frame.msg, 'error');
          return;
        }
      }
    });
    client.join(room);
    client.connect();

    const onVisible = () => {
      if (document.visibilityState !== 'visible' || client.state === 'ready') return;
      client.reconnectNow();
      // Spec §4: back in view without a connection: refresh the stored user and the backpack.
      void ui().queryClient.invalidateQueries({ queryKey: userQueryKeys.info });
      const me = store.getState().me;
      if (me && !me.guest) void ui().queryClient.invalidateQueries({ queryKey: liveQueryKeys.backpack(Number(me.id)) });
    };
    const onOnline = () => client.reconnectNow();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      stop();
      client.destroy();
      link.client = null;
    };
  }, [room, channel, store, giftQueue, uiLocale, link]);

  return null;
}
