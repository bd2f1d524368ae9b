'use client';
// Shows what a spoiler-free page hides. With a match, for good: the match joins the revealed ones (its scores show in
// every list, its page in full). With `once`, this page this time, by its address (?spoilers=show, proxy.ts).
import type { ReactNode } from 'react';
import { Button, type ButtonLook } from '@/components/ui/button';
import { revealQuery } from '@/lib/spoilers';
import { revealMatch } from './revealed-matches';
import { useSpoilerChoice } from './use-spoiler-choice';

type RevealButtonProps = ButtonLook & { matchId?: number; once?: boolean; children: ReactNode };

export function RevealButton({ matchId, once = false, children, ...look }: RevealButtonProps) {
  const { pending, rerender } = useSpoilerChoice();
  const reveal = () => {
    if (matchId !== undefined) revealMatch(matchId);
    if (!once) return rerender();
    const url = new URL(window.location.href);
    url.searchParams.set(revealQuery, 'show');
    rerender(`${url.pathname}${url.search}${url.hash}`);
  };
  return (
    <Button {...look} loading={pending} onClick={reveal}>
      {children}
    </Button>
  );
}
