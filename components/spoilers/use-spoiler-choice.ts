'use client';
// Changing what a spoiler-free page may show (the mode's cookie, a revealed match, ?spoilers=show) means rendering it
// again from the server, which is what decides: one transition, so the control can say it is busy meanwhile.
import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { spoilerCookieHeader } from '@/lib/spoilers';

export function useSpoilerChoice() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return {
    pending,
    /** Turns the mode on or off on this browser. */
    setMode(on: boolean) {
      document.cookie = spoilerCookieHeader(on);
      startTransition(() => router.refresh());
    },
    /** Renders this page again, or goes to `href` (this page with another query), once the cookies say what to show. */
    rerender(href?: string) {
      startTransition(() => (href ? router.replace(href, { scroll: false }) : router.refresh()));
    },
  };
}
