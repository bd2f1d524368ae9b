'use client';
// The header's check-in button (spec §2.3, §5): a visitor gets the login dialog; a signed-in user the daily check-in
// dialog, whose code loads only for signed-in users, after the page (it may also open by itself, spec §4). A press
// before the stored session was read waits for it, so a signed-in user is never offered the login by mistake.
import { useEffect, useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';

const CheckinDialogHost = dynamic(() => import('./checkin-dialog-host').then((module) => module.CheckinDialogHost), { ssr: false });

export function CheckinButton({ className, dailyTimes, children }: { className: string; dailyTimes: number; children: ReactNode }) {
  const userId = useUserStore((state) => state.userInfo?.id);
  const restored = useUserStore((state) => state.restored);
  const openLogin = useSessionStore((state) => state.openLogin);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked || !restored || userId) return;
    setAsked(false);
    openLogin();
  }, [asked, restored, userId, openLogin]);
  return (
    <>
      <button type="button" className={className} onClick={() => setAsked(true)} aria-haspopup="dialog">
        {children}
      </button>
      {userId ? <CheckinDialogHost key={userId} userId={userId} dailyTimes={dailyTimes} asked={asked} onClosed={() => setAsked(false)} /> : null}
    </>
  );
}
