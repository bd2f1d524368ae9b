'use client';
// The gift button on the video: visitors are asked to sign in; viewers open the gift panel, whose code (and the
// catalogue) loads only on the first press, so the room itself stays light.
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { readStoredUserId } from '@/lib/http/stored-session';
import { useSessionStore } from '@/stores/session-store';
import { useRoom } from './room-context';
import styles from './gifts.module.css';

const GiftPanel = dynamic(() => import('./gift-panel'), { ssr: false });

export function GiftButton() {
  const t = useTranslations('gifts.panel');
  const { anchorId, viewerId } = useRoom();
  const openLogin = useSessionStore((state) => state.openLogin);
  const [open, setOpen] = useState(false);
  // The anchor does not send gifts to their own room.
  if (viewerId !== null && viewerId === anchorId) return null;

  const press = () => {
    if (viewerId === null && readStoredUserId() === undefined) openLogin();
    else setOpen(true);
  };
  return (
    <>
      <button type="button" className={styles.giftButton} onClick={press} aria-haspopup="dialog">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <rect x="3" y="8" width="18" height="4" rx="1" />
          <path d="M5 12v8h14v-8M12 8v12" />
          <path d="M12 8c-1.5-3-5-4-5.5-1.5S9.5 8 12 8c2.5 0 6 .5 5.5-1.5S13.5 5 12 8z" />
        </svg>
        <span>{t('open')}</span>
      </button>
      {open && viewerId !== null ? <GiftPanel anchorId={anchorId} viewerId={viewerId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
