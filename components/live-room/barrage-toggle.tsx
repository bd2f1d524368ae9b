'use client';
// The barrage switch on the video (spec §2.4 item 10 barrage toggle); the choice is remembered in this browser.
import { useTranslations } from 'next-intl';
import { useChatStore } from '@/stores/chat-store';
import styles from './live-room.module.css';

export function BarrageToggle() {
  const t = useTranslations('chat.panel');
  const on = useChatStore((state) => state.barrageOn);
  const toggle = useChatStore((state) => state.toggleBarrage);
  return (
    <button type="button" className={styles.barrageToggle} aria-pressed={on} onClick={toggle} title={on ? t('barrageOn') : t('barrageOff')}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H9l-5 4z" />
        <path d="M8 9h8M8 12h5" />
        {on ? null : <path d="M3 3l18 18" />}
      </svg>
      <span>{t('barrage')}</span>
    </button>
  );
}
