'use client';
// The signed-in viewer's own place on the talent list shown (the page itself is the same for everyone and cached).
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { isLocale } from '@/lib/i18n/locales';
import type { RankingPeriod, TalentBoard } from '@/lib/validation/ranking-constants';
import { useUserStore } from '@/stores/user-store';
import { talentRankingQuery } from './ranking-api';
import { formatGems } from './ranking-format';
import styles from './ranking.module.css';

export function RankingMine({ board, period }: { board: TalentBoard; period: RankingPeriod }) {
  const t = useTranslations('ranking');
  const uiLocale = useLocale();
  const viewerId = useUserStore((state) => state.userInfo?.id ?? null);
  const query = useQuery({ ...talentRankingQuery(board, period, viewerId), enabled: viewerId !== null });
  const mine = viewerId !== null ? query.data?.mine : null;
  // The line keeps its height whether or not there is something to say: nothing below it moves.
  return (
    <p className={styles.pageMine} aria-live="polite" data-testid="ranking-mine">
      {mine
        ? mine.rank > 0
          ? `${t('page.mine', { rank: t('rank', { rank: mine.rank }) })} · ${t('score', { value: formatGems(mine.score, isLocale(uiLocale) ? uiLocale : 'en-US') })}`
          : t('page.mineUnranked')
        : null}
    </p>
  );
}
