'use client';
// Shows what a spoiler-free page hides. With a match, for good: the match joins the revealed ones (its scores show in
// every list, its page in full). With `once`, this page this time, by its address (?spoilers=show, proxy.ts).
import { useTransition, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Button, type ButtonLook } from '@/components/ui/button';
import { revealQuery } from '@/lib/spoilers';
import { revealMatch } from './revealed-matches';

type RevealButtonProps = ButtonLook & { matchId?: number; once?: boolean; children: ReactNode };

export function RevealButton({ matchId, once = false, children, ...look }: RevealButtonProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      {...look}
      loading={pending}
      onClick={() => {
        if (matchId !== undefined) revealMatch(matchId);
        if (once) {
          const url = new URL(window.location.href);
          url.searchParams.set(revealQuery, 'show');
          startTransition(() => router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false }));
        } else {
          startTransition(() => router.refresh());
        }
      }}
    >
      {children}
    </Button>
  );
}
