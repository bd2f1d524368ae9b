'use client';
// What the game tables share: the query keys, diamonds from hundredths in the page's language, and what a play's
// reply updates.
import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import type { GamePlayReply } from '@/lib/validation/games';
import { formatBalance } from '@/components/user/user-numbers';
import { useUserStore } from '@/stores/user-store';

export const gameKeys = { state: ['games', 'state'] as const, history: (slug: string) => ['games', 'history', slug] as const };

/** Diamonds from hundredths in the page's language: 1250 → "12.5". */
export function useDiamonds(): (hundredths: number) => string {
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  return (hundredths) => formatBalance(hundredths, locale);
}

/** After a play: the new numbers everywhere at once (this table, the header's balance), then the history. */
export function usePlayed(slug: string): (reply: GamePlayReply) => void {
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  return (reply) => {
    queryClient.setQueryData(gameKeys.state, reply.state);
    updateUserInfo({ diamond: reply.state.bal.diamond, gold: reply.state.bal.gold });
    void queryClient.invalidateQueries({ queryKey: gameKeys.history(slug) });
  };
}
