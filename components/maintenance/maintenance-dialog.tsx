'use client';
// The maintenance notice itself (spec §2.4 item 3, §4): a reminder the visitor may close before the window, a notice
// that cannot be closed inside it. MaintenanceNotice polls and decides when it shows.
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { WrenchIcon } from '@/components/shell/icons';
import type { MaintenanceView } from './maintenance-state';
import type { MaintenanceRecord } from '@/lib/validation/maintain';
import { DialogFrame } from '@/components/ui/dialog-frame';
import styles from './maintenance.module.css';
import { useDateFormat } from '@/components/shell/local-time';

type MaintenanceDialogProps = {
  record: MaintenanceRecord;
  view: Exclude<MaintenanceView, 'hidden'>;
  /** The visitor closed the reminder: remembered, and the dialog goes. */
  onAcknowledge: () => void;
};

export function MaintenanceDialog({ record, view, onAcknowledge }: MaintenanceDialogProps) {
  const t = useTranslations('shell.maintenance');
  const { period } = useDateFormat();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentId = useId();
  const blocking = view === 'ongoing';

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, [view]);

  const acknowledge = () => {
    dialog.current?.close();
    onAcknowledge();
  };

  return (
    <DialogFrame
      dialogRef={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={contentId}
      // Escape closes a reminder (and counts as closing it) but never the notice during maintenance.
      onDismiss={() => {
        if (!blocking) acknowledge();
      }}
      // Browsers may close a modal on repeated Escape regardless; during maintenance it comes straight back.
      onClose={() => {
        if (blocking) dialog.current?.showModal();
      }}
    >
      <div className={styles.icon}>
        <WrenchIcon size={28} />
      </div>
      <p className={styles.kicker}>{blocking ? t('ongoing') : t('upcoming')}</p>
      <h2 id={titleId} className={styles.title}>
        {record.title}
      </h2>
      <p id={contentId} className={styles.content}>
        {record.content}
      </p>
      <div className={styles.period}>
        <span className={styles.periodLabel}>{t('period')}</span>
        <span className={styles.periodValue}>{period({ unixSeconds: record.start_time }, { unixSeconds: record.end_time })}</span>
      </div>
      {blocking ? (
        <p className={styles.note}>{t('backSoon')}</p>
      ) : (
        <button type="button" className={styles.acknowledge} onClick={acknowledge} autoFocus>
          {t('acknowledge')}
        </button>
      )}
    </DialogFrame>
  );
}
