'use client';
// The start-live action (spec §2.3, §4): signed out it opens the login dialog; otherwise checkAnchorStatus decides:
// a non-anchor goes to /user-center/apply-anchor, an anchor already live to their own room, any other anchor
// gets the start-live settings dialog (`mode` "plan" opens it on its planned-live tab).
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { readStoredUserId } from '@/lib/http/stored-session';
import { liveRoomPath, siteRoutes } from '@/lib/routes';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { errorText } from '@/lib/http/error-text';
import type { StartLiveMode } from './start-live-dialog';

// The header carries this button on every page, but few visitors open the dialog: its code (and its form
// validation) loads on first use.
const StartLiveDialog = dynamic(() => import('./start-live-dialog').then((module) => module.StartLiveDialog), { ssr: false });

type StartLiveButtonProps = {
  className: string;
  ticketSwitch: number;
  children: ReactNode;
  mode?: StartLiveMode;
};

export function StartLiveButton({ className, ticketSwitch, children, mode }: StartLiveButtonProps) {
  const t = useTranslations('anchor.dialog');
  const router = useRouter();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const user = useUserStore((state) => state.userInfo);
  const openLogin = useSessionStore((state) => state.openLogin);
  const [checking, setChecking] = useState(false);
  /** The anchor whose dialog is open, or null. */
  const [open, setOpen] = useState<number | null>(null);

  async function start() {
    // The stored user may still be loading (components/user/signed-in-user.tsx): a stored session counts as signed in.
    const accountId = user?.id ?? readStoredUserId();
    if (!accountId) return openLogin();
    setChecking(true);
    try {
      // Loaded on click: the header carries this button on every page, and the query's schema brings zod.
      const { anchorStatusQuery } = await import('@/components/user/user-api');
      const status = await queryClient.fetchQuery(anchorStatusQuery);
      if (status.is_anchor !== 1) router.push(siteRoutes.applyAnchor);
      // Planning a later live is fine while on air.
      else if (status.is_live === 1 && mode !== 'plan') router.push(liveRoomPath(accountId));
      else setOpen(accountId);
    } catch (error) {
      showToast(errorText(error, t('statusFailed')), 'error');
    } finally {
      setChecking(false);
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={() => void start()} disabled={checking} aria-busy={checking} data-action="start-live">
        {children}
      </button>
      {/* In the body: the header's folded action menu (display: none) would hide a dialog inside it. */}
      {open !== null
        ? createPortal(<StartLiveDialog anchorId={open} ticketSwitch={ticketSwitch} initialMode={mode} onClose={() => setOpen(null)} />, document.body)
        : null}
    </>
  );
}
