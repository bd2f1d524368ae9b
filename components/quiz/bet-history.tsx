'use client';
// /user-center/betHistory (spec §2.2): the caller's bets, newest first, with the quiz's status, the bet's result
// (spec §4 bet results) and what it paid. Private: a client island fed by the stored session.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { TrophyIcon } from '@/components/shell/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ShowMore } from '@/components/ui/show-more';
import { formatBalance } from '@/components/user/user-numbers';
import { isLocale } from '@/lib/i18n/locales';
import { betHistoryQuery } from './quiz-api';
import styles from './quiz-lists.module.css';

export function BetHistory() {
  const t = useTranslations('quiz');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  const viewerId = useViewerId();
  const bets = useInfiniteQuery({ ...betHistoryQuery, enabled: typeof viewerId === 'number' });
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={TrophyIcon} title={t('history.signedOut')} text={t('history.signedOutHint')} />;
  return (
    <QueryRows query={bets}>
      {({ pages }) =>
        pages[0].list.length === 0 ? (
          <EmptyState icon={TrophyIcon} title={t('history.empty')} description={t('history.emptyHint')} />
        ) : (
          <>
            <ul className={styles.list}>
              {pages.flatMap((page) => page.list).map((bet) => (
                <li key={bet.bet_id} className={styles.row} data-bet-id={bet.bet_id}>
                  <p className={styles.question}>{bet.question}</p>
                  <p className={styles.meta}>
                    {t('history.on', { option: bet.option_text })} · {t('history.stake', { amount: formatBalance(bet.amount, locale) })} ·{' '}
                    <span className={styles.result} data-result={bet.result}>
                      {t(`result.${bet.result}`)}
                    </span>
                    {bet.payout > 0 ? ` · ${t('history.payout', { amount: formatBalance(bet.payout, locale) })}` : ''} · {t(`status.${bet.status}`)}
                  </p>
                </li>
              ))}
            </ul>
            <ShowMore query={bets} label={t('list.more')} />
          </>
        )
      }
    </QueryRows>
  );
}
