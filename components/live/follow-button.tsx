'use client';
// Following an anchor (spec §4 follow, §5): the button toggles; a visitor is asked to log in first; an anchor
// never sees it on their own page (the server refuses it too: "cannot follow yourself").
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { toggleFollow } from './live-api';
import styles from './live.module.css';
import { readStoredUserId } from '@/lib/http/stored-session';

type FollowButtonProps = {
  anchorId: number;
  followed: boolean;
  /** The server's answer: followed or not now, and the anchor's fan count. */
  onChange: (result: { followed: boolean; fans: number }) => void;
  size?: 'regular' | 'small';
};

export function FollowButton({ anchorId, followed, onChange, size = 'regular' }: FollowButtonProps) {
  const t = useTranslations('player.follow');
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const viewerId = useUserStore((state) => state.userInfo?.id ?? null);
  const [busy, setBusy] = useState(false);
  if (viewerId === anchorId) return null;

  async function toggle() {
    // A stored session counts as signed in while the stored user is still loading.
    if (viewerId === null && readStoredUserId() === undefined) return openLogin();
    setBusy(true);
    try {
      const result = await toggleFollow(anchorId);
      toast(result.type === 1 ? t('followed') : t('unfollowed'), 'success');
      onChange({ followed: result.type === 1, fans: result.fans });
    } catch (error) {
      toast(errorText(error, t('failed')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`${styles.follow} ${size === 'small' ? styles.followSmall : ''}`}
      data-followed={followed || undefined}
      aria-pressed={followed}
      onClick={toggle}
      disabled={busy}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill={followed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.9" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z" />
      </svg>
      {followed ? t('following') : t('follow')}
    </button>
  );
}
