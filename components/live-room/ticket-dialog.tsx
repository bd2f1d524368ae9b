'use client';
// Spec §2.4 item 6: high-definition viewing needs 1 ticket; the dialog shows the tickets left and uses one.
// With none left it says where tickets come from, offers a private message to the anchor (spec §2.4 item 6: anchors
// hand tickets out), the viewer's ticket page, and to keep watching the free quality when the live has one.
// Spending answers with the unlocked play addresses.
import { useId, useState } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { TicketIcon } from '@/components/shell/icons';
import { useRoom } from './room-context';
import { siteRoutes } from '@/lib/routes';
import type { TicketReply } from '@/lib/validation/live';
import { useToast } from '@/stores/toast-store';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { backpackTicketsQuery, liveQueryKeys, spendTicket } from '@/components/live/live-api';
import styles from '@/components/live/player.module.css';

type TicketDialogProps = {
  anchorId: number;
  viewerId: number;
  onClose: () => void;
  onUnlocked: (reply: TicketReply) => void;
};

export function TicketDialog({ anchorId, viewerId, onClose, onUnlocked }: TicketDialogProps) {
  const t = useTranslations('player.ticket');
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const textId = useId();
  const tickets = useQuery(backpackTicketsQuery(viewerId));
  // What plays without a ticket: the best unlocked rendition, if the live has one below HD.
  const freeQuality = useRoom().room.play.qualities.find((quality) => quality.locked === 0);
  const [spending, setSpending] = useState(false);
  const [error, setError] = useState('');

  async function use() {
    setSpending(true);
    setError('');
    try {
      const reply = await spendTicket(viewerId, anchorId);
      // Spec §4 ticket: refresh the backpack, close, play HD.
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.backpack(viewerId) });
      void queryClient.invalidateQueries({ queryKey: liveQueryKeys.tickets(viewerId) });
      toast(t('unlocked'), 'success');
      onUnlocked(reply);
    } catch (failure) {
      setError(errorText(failure, t('failed')));
      setSpending(false);
    }
  }

  const left = tickets.data;
  return (
    <DialogFrame
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onDismiss={onClose}
    >
      <div className={styles.dialogBadge} aria-hidden="true">
        <TicketIcon size={28} />
      </div>
      <h2 id={titleId} className={styles.dialogTitle}>
        {t('title')}
      </h2>
      <p id={textId} className={styles.dialogText}>
        {t('needsOne')}
      </p>
      <p className={styles.ticketsLeft} aria-live="polite">
        {left === undefined ? t('counting') : t('remaining', { count: left })}
      </p>
      {left === 0 ? <p className={styles.dialogHint}>{t('noneHint')}</p> : null}
      <p className={styles.dialogError} role="alert">
        {error || (tickets.isError ? errorText(tickets.error, t('failed')) : '')}
      </p>
      <div className={styles.dialogActions}>
        {left === 0 ? (
          <>
            <button type="button" className={styles.secondaryButton} onClick={onClose}>
              {freeQuality ? t('keepWatching', { quality: freeQuality.name }) : t('close')}
            </button>
            <Link href={siteRoutes.voucher} className={styles.secondaryButton} prefetch={false}>
              {t('myTickets')}
            </Link>
            <Link href={`${siteRoutes.privateChat}?peer=${anchorId}`} className={styles.primaryButton} prefetch={false}>
              {t('messageAnchor')}
            </Link>
          </>
        ) : (
          <>
            <button type="button" className={styles.secondaryButton} onClick={onClose}>
              {t('cancel')}
            </button>
            <button type="button" className={styles.primaryButton} onClick={use} disabled={left === undefined || spending} aria-busy={spending}>
              {t('use')}
            </button>
          </>
        )}
      </div>
    </DialogFrame>
  );
}
