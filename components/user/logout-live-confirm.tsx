'use client';
// Spec §2.4 item 4: an anchor who is live confirms logging out, being told the live ends after 5 minutes.
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { DialogFrame } from '@/components/ui/dialog-frame';
import styles from './user-card.module.css';

/** Spec §4, §9: a live whose anchor logged out ends this long after. */
const liveEndsAfterMinutes = 5;

export function LogoutLiveConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const t = useTranslations('account.logoutLive');
  const titleId = useId();
  const textId = useId();

  return (
    <DialogFrame
      role="alertdialog"
      className={styles.confirm}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onDismiss={onCancel}
    >
      <h2 id={titleId} className={styles.confirmTitle}>
        {t('title')}
      </h2>
      <p id={textId} className={styles.confirmText}>
        {t('text', { minutes: liveEndsAfterMinutes })}
      </p>
      <div className={styles.confirmActions}>
        <button type="button" className={styles.secondaryButton} onClick={onCancel} autoFocus>
          {t('cancel')}
        </button>
        <button type="button" className={styles.dangerButton} onClick={onConfirm}>
          {t('confirm')}
        </button>
      </div>
    </DialogFrame>
  );
}
