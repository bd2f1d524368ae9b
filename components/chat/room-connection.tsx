'use client';
// The live room's messaging connection, loaded after the room's first paint (live-chat-provider.tsx): holds the tab's
// messaging client (provider `sc`, shared with the signed-in visitor's inbox: lib/im/shared-client.ts), joins the
// room, announces the viewer (spec §7 login with the brand's channel), and turns what the room says into store
// changes and the toasts of spec §8. Gift messages feed the room's animation queue, quiz messages the quiz panel's
// cache. What concerns the account rather than the room (balances, quiz results, private messages, being signed in
// elsewhere) is the inbox's (components/inbox/inbox-connection.tsx); a guest whose identity is refused gets a new one.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { readStoredCredential } from '@/lib/http/stored-session';
import { forgetGuestIdentity, holdRoomImClient, type ImClient } from '@/lib/im';
import { imLoginRequiredCode } from '@/lib/realtime/protocol-constants';
import type { ScoreLiveMessage } from '@/lib/realtime/match-messages';
import type { GiftSendRepFrame, RoomMessage } from '@/lib/realtime/protocol';
import { liveQueryKeys } from '@/components/live/live-api';
import { userQueryKeys } from '@/components/user/user-api';
import { applyQuiz, setRoomQuizzes } from '@/components/quiz/quiz-api';
import { useChatStoreApi } from '@/stores/chat-store';
import { useGiftQueueApi } from '@/stores/gift-queue';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { createVideoSyncGate } from '@/stores/video-sync';

/**
 * What happens in the picture waits for the viewer's video to show it (issue 27): lines, gifts, follows, entrances
 * and quizzes. Moderation, announcements, rankings and one's own messages go at once.
 */
const followsVideo: ReadonlySet<RoomMessage['type']> = new Set(['say', 'props', 'gift', 'login', 'attentAnchor', 'quiz']);

/** What the room's actions (live-chat-provider.tsx) share with the connection once it is up: its client, and what waits for its answers. */
export type ConnectionLink = {
  client: ImClient | null;
  /** Gifts sent on the connection, waiting for their giftFeedRep, by idempotency key. */
  pendingGifts: Map<string, (frame: GiftSendRepFrame) => void>;
  /** Lines sent with a prop, until their sayRep: the backpack changed. */
  propsSends: Set<string>;
};


type RoomConnectionProps = { room: string; channel: string; imSdkAppId: number; matchId: number | null; link: ConnectionLink };

export function RoomConnection({ room, channel, imSdkAppId, matchId, link }: RoomConnectionProps) {
  const store = useChatStoreApi();
  const giftQueue = useGiftQueueApi();
  const t = useTranslations('chat');
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const queryClient = useQueryClient();
  const uiLocale = useLocale();
  // The connection lives as long as the room; what it calls on reads the latest of these without reconnecting.
  const latest = useRef({ t, toast, openLogin, queryClient });
  useEffect(() => {
    latest.current = { t, toast, openLogin, queryClient };
  });

  useEffect(() => {
    const ui = () => latest.current;
    store.getState().restorePreferences();
    const held = holdRoomImClient(uiLocale, imSdkAppId);
    const client = held.client;
    link.client = client;
    let announced = false;
    const deliver = (message: RoomMessage | ScoreLiveMessage) => {
      const state = store.getState();
      if (message.type === 'scoreLive') return state.setMatchLive(message);
      state.receive(message);
      if (message.type === 'gift') giftQueue.getState().enqueue(message);
      // Spec §7 quiz: pools, bettors and odds as they change (never batched, never shed).
      if (message.type === 'quiz') applyQuiz(ui().queryClient, message.guess);
      if (message.type === 'bannedUser' && message.user_id === state.me?.id) ui().toast(ui().t('panel.youAreBanned'), 'warning');
    };
    // The sync benchmark's page defines this probe before the room loads (bench/sync.ts); nobody else does.
    const onRelease = (window as Window & { __videoSyncRelease?: (at: number) => void }).__videoSyncRelease;
    const sync = createVideoSyncGate<RoomMessage | ScoreLiveMessage>({ deliver, onRelease });
    sync.setEnabled(store.getState().videoSync);
    const unfollow = store.subscribe((state, previous) => {
      if (state.videoSync !== previous.videoSync) sync.setEnabled(state.videoSync);
    });
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
        case 'message': {
          const message = event.message;
          if (message.groupId !== room) return;
          // A deletion or a ban also reaches what still waits for the picture.
          if (message.type === 'clearChat') sync.drop((held) => 'id' in held && held.id === message.msg_id);
          if (message.type === 'bannedUser') sync.drop((held) => 'user_id' in held && held.user_id === message.user_id);
          const mine = 'user_id' in message && message.user_id === state.me?.id;
          sync.push(message, ('video_at' in message && message.video_at) || message.send_time, mine || !followsVideo.has(message.type));
          return;
        }
        case 'loginRequired':
          // A refused guest gets a new id (a refused session is the inbox's: it signs out). On Tencent the room's
          // client is its own, so the room opens the login dialog itself (spec §8 70001).
          if (!readStoredCredential()) forgetGuestIdentity();
          if (held.provider === 'tencent') ui().openLogin();
          return;
        case 'kickedOut':
          // Spec §8, for the room's own Tencent client (the shared `sc` client's kick-out is the inbox's).
          if (held.provider === 'tencent') ui().openLogin();
          return;
        case 'frame': {
          const frame = event.frame;
          if (frame.type === 'authed') return state.setMe(frame.user);
          // The linked match's score and clock, when the picture reaches them.
          if (frame.type === 'scoreLive') return void (frame.match_id === matchId && sync.push(frame, frame.at ?? Date.now()));
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
    // Already connected (the inbox holds the socket): the room's own start-up runs as if it had just connected, and
    // takes who the viewer is from the client, since the `authed` event went by before this room listened (without
    // it the send box looked ready while every line was silently dropped).
    if (client.state === 'ready') {
      if (client.user) store.getState().setMe(client.user);
      store.getState().setConnection('ready');
    }
    client.join(room);
    // The built-in gateway carries the match's live data too (Tencent rooms keep the room's polled score).
    const matchRoom = matchId !== null && held.provider !== 'tencent' ? `match:${matchId}` : null;
    if (matchRoom) client.join(matchRoom);

    const onVisible = () => {
      // Spec §4: back in view without a connection: refresh the stored user and the backpack (the shared client reconnects).
      if (document.visibilityState !== 'visible' || client.state === 'ready') return;
      void ui().queryClient.invalidateQueries({ queryKey: userQueryKeys.info });
      const me = store.getState().me;
      if (me && !me.guest) void ui().queryClient.invalidateQueries({ queryKey: liveQueryKeys.backpack(Number(me.id)) });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      stop();
      unfollow();
      sync.stop();
      client.leave(room);
      if (matchRoom) client.leave(matchRoom);
      held.release();
      link.client = null;
    };
  }, [room, channel, imSdkAppId, matchId, store, giftQueue, uiLocale, link]);

  return null;
}
