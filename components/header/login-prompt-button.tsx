'use client';
// A header action that needs a signed-in visitor (log in, check in, go live): signed out, it opens the login dialog.
import type { ReactNode } from 'react';
import { useSessionStore } from '@/stores/session-store';

export function LoginPromptButton({ className, children }: { className: string; children: ReactNode }) {
  const openLogin = useSessionStore((state) => state.openLogin);
  return (
    <button type="button" className={className} onClick={openLogin}>
      {children}
    </button>
  );
}
