'use client';
// The live room's chat panel (spec §2.4 item 10): connection state, the welcome line, the messages with the
// manager's menu, the send box, the contribution ranking, and for managers the banned list; the viewer may block
// entrance and gift animations, and choose whether the room follows their video (issue 27). Another tab shown, the messages are not rendered (the room's store keeps them).
import { useCallback, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useChatStore } from '@/stores/chat-store';
import { useGiftQueue } from '@/stores/gift-queue';
import { chatPanelId } from './chat-skip-link';
import type { ChatLine } from '@/stores/chat-model';
import { MessageList } from './message-list';
import { SendBox } from './send-box';
import { Tabs } from '@/components/ui/tabs';
import styles from './chat.module.css';

// The other tabs and the manager's menu come when opened, not with the room.
const BanList = dynamic(() => import('./ban-list').then((module) => module.BanList), { ssr: false });
const ModerationMenu = dynamic(() => import('./moderation-menu').then((module) => module.ModerationMenu), { ssr: false });
const RoomRanking = dynamic(() => import('@/components/ranking/room-ranking').then((module) => module.RoomRanking), { ssr: false });

type MenuTarget = { line: Extract<ChatLine, { kind: 'chat' }>; anchor: HTMLElement };

export function ChatPanel() {
  const t = useTranslations('chat.panel');
  const rankingLabel = useTranslations('ranking.room')('tab');
  const room = useChatStore((state) => state.room);
  const connection = useChatStore((state) => state.connection);
  const canModerate = useChatStore((state) => state.canModerate);
  const blockAnimations = useChatStore((state) => state.blockAnimations);
  const setBlockAnimations = useChatStore((state) => state.setBlockAnimations);
  const videoSync = useChatStore((state) => state.videoSync);
  const setVideoSync = useChatStore((state) => state.setVideoSync);
  const blockGifts = useGiftQueue((state) => state.blocked);
  const setBlockGifts = useGiftQueue((state) => state.setBlocked);
  const tGifts = useTranslations('gifts.animations');
  const [tab, setTab] = useState<'chat' | 'ranking' | 'bans'>('chat');
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const openMenu = useCallback((line: ChatLine, anchor: HTMLElement) => {
    if (line.kind === 'chat') setMenu({ line, anchor });
  }, []);

  const status = connection === 'reconnecting' ? t('reconnecting') : connection === 'idle' || connection === 'connecting' ? t('connecting') : null;

  return (
    <section className={styles.panel} id={chatPanelId} tabIndex={-1} aria-labelledby="chat-panel-title">
      <header className={styles.panelHeader}>
        <Tabs
          items={[
            { id: 'chat', label: t('title') },
            { id: 'ranking', label: rankingLabel },
            ...(canModerate ? [{ id: 'bans' as const, label: t('moderation') }] : []),
          ]}
          value={tab}
          onChange={setTab}
          tabId={(id) => (id === 'chat' ? 'chat-panel-title' : id === 'ranking' ? 'room-ranking-tab' : undefined)}
          panelId={(id) => (id === 'ranking' ? 'room-ranking-panel' : undefined)}
          tabClassName={styles.tab}
        />
        <div className={styles.headerTools}>
          {/* Pressed while the room follows the video; struck through when it shows things as they happen. */}
          <HeaderToggle pressed={videoSync} struck={!videoSync} label={t('videoSync')} title={t(videoSync ? 'videoSyncOn' : 'videoSyncOff')} onToggle={() => setVideoSync(!videoSync)}>
            <rect x="3" y="5" width="12" height="10" rx="1.5" />
            <path d="M7.5 8.2v3.6l3-1.8z" />
            <path d="M18 11a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM18 12.8v1.9l1.2.8" />
          </HeaderToggle>
          <HeaderToggle pressed={blockAnimations} struck={blockAnimations} label={t('blockAnimations')} onToggle={() => setBlockAnimations(!blockAnimations)}>
            <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
            <path d="M18.5 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z" />
          </HeaderToggle>
          <HeaderToggle pressed={blockGifts} struck={blockGifts} label={tGifts('block')} onToggle={() => setBlockGifts(!blockGifts)}>
            <rect x="4" y="9" width="16" height="4" rx="1" />
            <path d="M6 13v7h12v-7M12 9v11M12 9c-1.5-3-5-4-5.5-1.5S9.5 9 12 9c2.5 0 6 .5 5.5-1.5S13.5 6 12 9z" />
          </HeaderToggle>
        </div>
      </header>
      {status && tab !== 'chat' ? <ConnectionStatus connection={connection} text={status} /> : null}
      {tab === 'bans' && canModerate ? (
        <div className={styles.scroller}>
          <BanList room={room} />
        </div>
      ) : tab === 'ranking' ? (
        <RoomRanking />
      ) : (
        <>
          {/* The connection state or the newest welcome lies over the top of the messages, in space the list
              keeps for it: neither moves the lines when it comes or goes. */}
          <div className={styles.messages}>
            {status ? <ConnectionStatus connection={connection} text={status} /> : <WelcomeLine />}
            <MessageList onActions={canModerate ? openMenu : undefined} />
          </div>
          <SendBox />
        </>
      )}
      {menu ? <ModerationMenu target={menu} onClose={closeMenu} /> : null}
    </section>
  );
}

function ConnectionStatus({ connection, text }: { connection: string; text: string }) {
  return (
    <p className={styles.connection} role="status" data-state={connection}>
      {text}
    </p>
  );
}

/** The newest arrival greeted (spec §9 welcome list); shown with the chat tab only, so other tabs do not render it. */
function WelcomeLine() {
  const t = useTranslations('chat.panel');
  const welcome = useChatStore((state) => state.welcomes.at(-1));
  if (!welcome) return null;
  return (
    <p className={styles.welcome} aria-live="polite">
      <span key={welcome.key}>{t('welcome', { name: welcome.nick_name })}</span>
    </p>
  );
}

/** A header switch (a kind of animation blocked, the room following the video); its icon is struck through while `struck`. */
function HeaderToggle({ pressed, struck, label, title = label, onToggle, children }: { pressed: boolean; struck: boolean; label: string; title?: string; onToggle: () => void; children: ReactNode }) {
  return (
    <button type="button" className={styles.headerTool} aria-pressed={pressed} aria-label={label} title={title} onClick={onToggle}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {children}
        {struck ? <path d="M3 3l18 18" /> : null}
      </svg>
    </button>
  );
}
