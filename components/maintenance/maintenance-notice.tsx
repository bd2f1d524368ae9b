'use client';
// Polls the maintenance record (spec §2.4 item 3, §4: every 60 s) and shows the dialog only when there is a notice;
// almost every visit has none, so the dialog's code loads only then.
import { useCallback, useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { afterStartUp } from '@/components/shell/after-start-up';
import { fetchMaintenance } from './fetch-maintenance';
import { maintenanceView, parseClosedAt, reminderClosedKey, type MaintenanceView } from './maintenance-state';
import type { MaintenanceRecord } from '@/lib/validation/maintain';

const MaintenanceDialog = dynamic(() => import('./maintenance-dialog').then((module) => module.MaintenanceDialog), { ssr: false });

/** Spec §4, §9: the maintenance record is polled every 60 s. */
const maintenancePollMs = 60_000;

function readClosedAt(): number | null {
  return parseClosedAt(localStorage.getItem(reminderClosedKey));
}

export function MaintenanceNotice() {
  // The record comes in the page's language: a language switch polls again.
  const locale = useLocale();
  const [state, setState] = useState<{ record: MaintenanceRecord; view: Exclude<MaintenanceView, 'hidden'> } | null>(null);

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
    // The first poll waits until start-up is over (load, a few seconds, an idle moment): it brings the HTTP client's
    // wire half and the device fingerprint, which would otherwise compete with hydration and the first taps.
    let timer: ReturnType<typeof setInterval> | undefined;
    const cancelFirstPoll = afterStartUp(() => {
      void poll();
      timer = setInterval(poll, maintenancePollMs);
    });
    return () => {
      cancelFirstPoll();
      clearInterval(timer);
      controller?.abort();
    };
  }, [locale]);

  const acknowledge = useCallback(() => {
    localStorage.setItem(reminderClosedKey, String(Date.now()));
    setState(null);
  }, []);

  return state ? <MaintenanceDialog record={state.record} view={state.view} onAcknowledge={acknowledge} /> : null;
}
