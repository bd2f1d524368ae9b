'use client';
// The live room's messaging island: creates the room's chat store and the actions the room's parts call (say, gift,
// history, moderation). The connection itself (room-connection.tsx: the messaging client, what the server says,
// reconnects) is loaded after the first paint: the room draws and plays without waiting for it. Gifts go out on
// the connection (spec §7 giftFeed), with the HTTP call under the same key as the fallback.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { api, ApiError } from '@/lib/http';
import { imLoginRequiredCode } from '@/lib/realtime/protocol-constants';
import type { AnnouncementMessage, GiftSendRepFrame, SayMessage } from '@/lib/realtime/protocol';
import type { ConnectionLink } from './room-connection';
import type { GiftSendInput, GiftSendReply } from '@/lib/validation/gifts';
import { GiftQueueProvider } from '@/stores/gift-queue';
import type { BanReason, BanUnit } from '@/lib/validation/chat';
import type { LiveStatus } from '@/lib/validation/live';
import { ChatStoreProvider, useChatStoreApi } from '@/stores/chat-store';
import { useToast } from '@/stores/toast-store';
import { readPresentedClock } from '@/stores/video-sync';

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

type ProviderProps = {
  room: string;
  /** The brand's channel code, sent with the login message (spec §7). */
  channel: string;
  /** The brand's app config im_sdkappid: 0 the built-in gateway, else the Tencent Cloud Chat app (docs/im.md). */
  imSdkAppId: number;
  announcement: AnnouncementMessage | null;
  liveStatus: LiveStatus;
  /** The match the live is linked to: its score and clock follow the viewer's video (issue 27). */
  matchId: number | null;
  children: ReactNode;
};

export function LiveChatProvider({ room, channel, imSdkAppId, announcement, liveStatus, matchId, children }: ProviderProps) {
  return (
    <ChatStoreProvider init={{ room, announcement, liveStatus }}>
      <GiftQueueProvider room={room}>
        <LiveChatActionsProvider room={room} channel={channel} imSdkAppId={imSdkAppId} matchId={matchId}>
          {children}
        </LiveChatActionsProvider>
      </GiftQueueProvider>
    </ChatStoreProvider>
  );
}

const RoomConnection = dynamic(() => import('./room-connection').then((module) => module.RoomConnection), { ssr: false });

function LiveChatActionsProvider({ room, channel, imSdkAppId, matchId, children }: Omit<ProviderProps, 'announcement' | 'liveStatus'>) {
  const store = useChatStoreApi();
  const t = useTranslations('chat');
  const toast = useToast();
  const [link] = useState<ConnectionLink>(() => ({ client: null, pendingGifts: new Map(), propsSends: new Set() }));
  const counter = useRef(0);


  const say = useCallback(
    (content: string, props: SendProps) => {
      const client = link.client;
      const state = store.getState();
      const me = state.me;
      if (!client || !me || me.guest) return false;
      counter.current += 1;
      const clientId = `c${Date.now().toString(36)}${counter.current}`;
      // The line belongs to the moment of the picture the viewer is looking at (issue 27).
      const videoAt = readPresentedClock();
      if (!client.send({ type: 'say', groupId: room, content, ...props, client_id: clientId, ...(videoAt === null ? {} : { video_at: Math.round(videoAt) }) })) return false;
      if (props.props_type !== 0) link.propsSends.add(clientId);
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
    [room, store, link],
  );

  const sendGift = useCallback(
    async (input: GiftSendInput): Promise<GiftSendReply> => {
      const client = link.client;
      const viaHttp = () => api.post<GiftSendReply>('/api/gift/send', input);
      if (!client || client.state !== 'ready') return viaHttp();
      const frame = await new Promise<GiftSendRepFrame | null>((resolve) => {
        const timer = setTimeout(() => settle(null), giftReplyTimeoutMs);
        function settle(reply: GiftSendRepFrame | null) {
          clearTimeout(timer);
          link.pendingGifts.delete(input.idempotency_key);
          resolve(reply);
        }
        link.pendingGifts.set(input.idempotency_key, settle);
        if (!client.send({ type: 'giftFeed', groupId: room, ...input })) settle(null);
      });
      // No answer on the connection: the same key over HTTP replays the send if it happened, or makes it.
      if (!frame) return viaHttp();
      if (frame.status === 0 && frame.bal && frame.hit !== undefined) return { bal: frame.bal, hit: frame.hit };
      if (frame.status === imLoginRequiredCode) throw new ApiError(frame.msg, 'sessionExpired', 2, '/api/gift/send');
      throw new ApiError(frame.msg, 'failure', frame.status, '/api/gift/send', frame.recharge ? { recharge: frame.recharge } : null);
    },
    [room, link],
  );

  const actions = useMemo<LiveChatActions>(
    () => ({
      say,
      sendGift,
      loadEarlier(beforeSeq) {
        const state = store.getState();
        if (state.loadingHistory || state.noMore || !link.client) return;
        state.startHistory();
        if (!link.client.send(beforeSeq === undefined ? { type: 'history', groupId: room } : { type: 'history', groupId: room, before_seq: beforeSeq })) {
          store.setState({ loadingHistory: false });
        }
      },
      deleteMessage(id) {
        if (!link.client?.send({ type: 'clearChat', groupId: room, id })) toast(t('moderation.deleteFailed'), 'error');
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
    [room, say, sendGift, store, t, toast, link],
  );

  return (
    <LiveChatContext.Provider value={actions}>
      {children}
      <RoomConnection room={room} channel={channel} imSdkAppId={imSdkAppId} matchId={matchId} link={link} />
    </LiveChatContext.Provider>
  );
}
