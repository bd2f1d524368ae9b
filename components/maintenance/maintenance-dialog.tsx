'use client';
// The maintenance notice (spec §2.4 item 3, §4): polled every 60 s; a reminder the visitor may close before the
// window, a notice that cannot be closed inside it.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { WrenchIcon } from '@/components/shell/icons';
import { formatPeriod } from '@/lib/format/date-time';
import { isLocale } from '@/lib/i18n/locales';
import { fetchMaintenance } from './fetch-maintenance';
import { maintenanceView, parseClosedAt, reminderClosedKey, type MaintenanceRecord, type MaintenanceView } from './maintenance-state';
import styles from './maintenance.module.css';

/** Spec §4, §9: the maintenance record is polled every 60 s. */
const maintenancePollMs = 60_000;

function readClosedAt(): number | null {
  return parseClosedAt(localStorage.getItem(reminderClosedKey));
}

export function MaintenanceDialog() {
  const t = useTranslations('shell.maintenance');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  const [state, setState] = useState<{ record: MaintenanceRecord; view: MaintenanceView } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentId = useId();

  useEffect(() => {
    let controller: AbortController | undefined;
    const poll = async () => {
      controller?.abort();
      controller = new AbortController();
      try {
        const record = await fetchMaintenance(controller.signal);
        const view = maintenanceView(record, Date.now(), readClosedAt());
        setState(record && view !== 'hidden' ? { record, view } : null);
      } catch (error) {
        // A failed poll keeps what is shown; the next one tries again.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('maintenance poll failed', error);
      }
    };
    void poll();
    const timer = setInterval(poll, maintenancePollMs);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [locale]);

  const view = state?.view ?? 'hidden';

  useEffect(() => {
    const element = dialog.current;
    if (element && view !== 'hidden' && !element.open) element.showModal();
  }, [view]);

  const acknowledge = useCallback(() => {
    localStorage.setItem(reminderClosedKey, String(Date.now()));
    dialog.current?.close();
    setState(null);
  }, []);

  if (!state) return null;
  const { record } = state;
  const blocking = view === 'ongoing';

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={contentId}
      // Escape closes a reminder (and counts as closing it) but never the notice during maintenance.
      onCancel={(event) => {
        event.preventDefault();
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
        <span className={styles.periodValue}>{formatPeriod(record.start_time, record.end_time, locale)}</span>
      </div>
      {blocking ? (
        <p className={styles.note}>{t('backSoon')}</p>
      ) : (
        <button type="button" className={styles.acknowledge} onClick={acknowledge} autoFocus>
          {t('acknowledge')}
        </button>
      )}
    </dialog>
  );
}
