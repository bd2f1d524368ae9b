'use client';
// The live room's messaging island: creates the room's chat store, connects the messaging client (provider
// `sc`), joins the room, announces the viewer (spec §7 login with the brand's channel), and turns what the
// server says into store changes and the toasts of spec §8. Reconnects when the tab becomes visible or the
// network returns (spec §4 tab visibility); a login elsewhere signs this tab out and opens the login dialog.
// Gifts go out on the same connection (spec §7 giftFeed), with the HTTP call under the same key as the fallback;
// gift messages feed the room's animation queue, balance messages the user store.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api, ApiError, clearStoredSession } from '@/lib/http';
import { browserDeviceId } from '@/lib/http/device-id';
import { readStoredCredential } from '@/lib/http/stored-session';
import { isLocale, langHeaderFor } from '@/lib/i18n/locales';
import { createWsImClient, forgetGuestIdentity, gatewayUrl, scCredentials, type ImClient } from '@/lib/im';
import { imLoginRequiredCode } from '@/lib/realtime/protocol-constants';
import type { AnnouncementMessage, GiftSendRepFrame, SayMessage } from '@/lib/realtime/protocol';
import type { GiftSendInput, GiftSendReply } from '@/lib/validation/gifts';
import { GiftQueueProvider, useGiftQueueApi } from '@/stores/gift-queue';
import type { BanReason, BanUnit, GuestIdentity } from '@/lib/validation/chat';
import type { LiveStatus } from '@/lib/validation/live';
import { liveQueryKeys } from '@/components/live/live-api';
import { userQueryKeys } from '@/components/user/user-api';
import { ChatStoreProvider, useChatStoreApi } from '@/stores/chat-store';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';

export type SendProps = { props_type: 0 | 100 | 101; props_id: 0 | 2 | 3 | 4 };

export type LiveChatActions = {
  say: (content: string, props: SendProps) => boolean;
  loadEarlier: (beforeSeq: number | undefined) => void;
  deleteMessage: (id: string) => void;
  ban: (target: { user_id: number; nick_name: string }, unit: BanUnit, duration: number, reason: BanReason) => Promise<boolean>;
  unban: (target: { user_id: number; nick_name: string }) => Promise<boolean>;
  /** Sends a gift; rejects with an ApiError (status 10152 when the balance is too low) as the HTTP call would. */
  sendGift: (input: GiftSendInput) => Promise<GiftSendReply>;
};

/** How long a gift waits for the realtime answer before asking over HTTP with the same key (which pays at most once). */
const giftReplyTimeoutMs = 8000;

const LiveChatContext = createContext<LiveChatActions | null>(null);

export function useLiveChat(): LiveChatActions {
  const actions = useContext(LiveChatContext);
  if (!actions) throw new Error('useLiveChat needs a LiveChatProvider above it');
  return actions;
}

const fetchGuest = () => api.get<GuestIdentity>('/api/scIm/getUserSig');

type ProviderProps = {
  room: string;
  /** The brand's channel code, sent with the login message (spec §7). */
  channel: string;
  announcement: AnnouncementMessage | null;
  liveStatus: LiveStatus;
  children: ReactNode;
};

export function LiveChatProvider({ room, channel, announcement, liveStatus, children }: ProviderProps) {
  return (
    <ChatStoreProvider init={{ room, announcement, liveStatus }}>
      <GiftQueueProvider room={room}>
        <LiveChatConnection room={room} channel={channel}>
          {children}
        </LiveChatConnection>
      </GiftQueueProvider>
    </ChatStoreProvider>
  );
}

function LiveChatConnection({ room, channel, children }: { room: string; channel: string; children: ReactNode }) {
  const store = useChatStoreApi();
  const giftQueue = useGiftQueueApi();
  const t = useTranslations('chat');
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const clearUser = useUserStore((state) => state.clearUser);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  // Gifts sent on the connection, waiting for their giftFeedRep, by idempotency key.
  const pendingGifts = useRef(new Map<string, (frame: GiftSendRepFrame) => void>());
  const queryClient = useQueryClient();
  const uiLocale = useLocale();
  const clientRef = useRef<ImClient | null>(null);
  const counter = useRef(0);
  /** Lines sent with a prop, until their sayRep: the backpack changed. */
  const propsSends = useRef(new Set<string>());
  // The connection lives as long as the room; what it calls on reads the latest of these without reconnecting.
  const latest = useRef({ t, toast, openLogin, clearUser, updateUserInfo, queryClient });
  useEffect(() => {
    latest.current = { t, toast, openLogin, clearUser, updateUserInfo, queryClient };
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
    clientRef.current = client;
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
          if (!('groupId' in frame) || frame.groupId !== room) return;
          if (frame.type === 'heatRep') return state.setHeat(frame.val, frame.status);
          if (frame.type === 'historyRep') return state.receiveHistory(frame.msgs, frame.no_more === 1);
          if (frame.type === 'giftFeedRep' && 'idempotency_key' in frame) return pendingGifts.current.get(frame.idempotency_key)?.(frame);
          if (frame.type === 'clearRep') {
            return void ui().toast(frame.status === 0 ? ui().t('moderation.deleted') : frame.msg || ui().t('moderation.deleteFailed'), frame.status === 0 ? 'success' : 'error');
          }
          if (frame.type === 'sayRep' && frame.client_id) {
            state.settlePending(frame.client_id, frame.status === 0 ? frame.message : undefined);
            // A line with a prop spent one (or was refused for lack of one): the props picker counts afresh.
            if (propsSends.current.delete(frame.client_id) && state.me && !state.me.guest) {
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
      clientRef.current = null;
    };
  }, [room, channel, store, giftQueue, uiLocale]);

  const say = useCallback(
    (content: string, props: SendProps) => {
      const client = clientRef.current;
      const state = store.getState();
      const me = state.me;
      if (!client || !me || me.guest) return false;
      counter.current += 1;
      const clientId = `c${Date.now().toString(36)}${counter.current}`;
      if (!client.send({ type: 'say', groupId: room, content, ...props, client_id: clientId })) return false;
      if (props.props_type !== 0) propsSends.current.add(clientId);
      const pending: SayMessage = {
        type: 'say',
        groupId: room,
        id: '',
        user_id: Number(me.id),
        nick_name: me.nick_name,
        avatar: '',
        level: me.level,
        vip_level: me.vip_level,
        role: me.role,
        content: content.trim(),
        props_type: props.props_type,
        props_id: props.props_id,
        send_time: Date.now(),
      };
      state.addPending(clientId, pending);
      return true;
    },
    [room, store],
  );

  const sendGift = useCallback(
    async (input: GiftSendInput): Promise<GiftSendReply> => {
      const client = clientRef.current;
      const viaHttp = () => api.post<GiftSendReply>('/api/gift/send', input);
      if (!client || client.state !== 'ready') return viaHttp();
      const frame = await new Promise<GiftSendRepFrame | null>((resolve) => {
        const timer = setTimeout(() => settle(null), giftReplyTimeoutMs);
        function settle(reply: GiftSendRepFrame | null) {
          clearTimeout(timer);
          pendingGifts.current.delete(input.idempotency_key);
          resolve(reply);
        }
        pendingGifts.current.set(input.idempotency_key, settle);
        if (!client.send({ type: 'giftFeed', groupId: room, ...input })) settle(null);
      });
      // No answer on the connection: the same key over HTTP replays the send if it happened, or makes it.
      if (!frame) return viaHttp();
      if (frame.status === 0 && frame.bal && frame.hit !== undefined) return { bal: frame.bal, hit: frame.hit };
      if (frame.status === imLoginRequiredCode) throw new ApiError(frame.msg, 'sessionExpired', 2, '/api/gift/send');
      throw new ApiError(frame.msg, 'failure', frame.status, '/api/gift/send', frame.recharge ? { recharge: frame.recharge } : null);
    },
    [room],
  );

  const actions = useMemo<LiveChatActions>(
    () => ({
      say,
      sendGift,
      loadEarlier(beforeSeq) {
        const state = store.getState();
        if (state.loadingHistory || state.noMore || !clientRef.current) return;
        state.startHistory();
        if (!clientRef.current.send(beforeSeq === undefined ? { type: 'history', groupId: room } : { type: 'history', groupId: room, before_seq: beforeSeq })) {
          store.setState({ loadingHistory: false });
        }
      },
      deleteMessage(id) {
        if (!clientRef.current?.send({ type: 'clearChat', groupId: room, id })) toast(t('moderation.deleteFailed'), 'error');
      },
      async ban(target, unit, duration, reason) {
        try {
          await api.post('/api/live/banUser', { groupId: room, user_id: target.user_id, unit, duration, reason });
          toast(t('moderation.banned', { name: target.nick_name }), 'success');
          return true;
        } catch (error) {
          toast(error instanceof ApiError ? error.message : t('errors.unavailable'), 'error');
          return false;
        }
      },
      async unban(target) {
        try {
          await api.post('/api/live/unbanUser', { groupId: room, user_id: target.user_id });
          toast(t('moderation.unbanned', { name: target.nick_name }), 'success');
          return true;
        } catch (error) {
          toast(error instanceof ApiError ? error.message : t('errors.unavailable'), 'error');
          return false;
        }
      },
    }),
    [room, say, sendGift, store, t, toast],
  );

  return <LiveChatContext.Provider value={actions}>{children}</LiveChatContext.Provider>;
}
