'use client';
// The signed-in user's balances for the wallet pages: read fresh on every visit and whenever the tab comes back into
// view (a payment finished elsewhere), and handed to the user store so the header's card shows the same numbers.
import { useEffect } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { DiamondIcon, GemIcon } from '@/components/shell/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBalance } from '@/components/user/user-numbers';
import { writeStoredUserInfo } from '@/components/user/user-info';
import type { Locale } from '@/lib/i18n/locales';
import { useUserStore } from '@/stores/user-store';
import { balancesQuery } from './wallet-api';
import styles from './wallet.module.css';

function useWalletBalances(viewerId: number) {
  const query = useQuery(balancesQuery(viewerId));
  const user = useUserStore((state) => state.userInfo);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const data = query.data;
  useEffect(() => {
    if (!data || !user || (user.diamond === data.diamond && user.gold === data.gold)) return;
    updateUserInfo({ diamond: data.diamond, gold: data.gold });
    writeStoredUserInfo({ ...user, diamond: data.diamond, gold: data.gold });
  }, [data, user, updateUserInfo]);
  return query;
}

/** Gems and diamonds as the spec shows them (divided by 100), with an action beside them (`quiet`: not the page's main one). */
export function BalancesCard({ viewerId, action }: { viewerId: number; action?: { href: string; label: string; quiet?: boolean } }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const { data } = useWalletBalances(viewerId);
  const value = (amount: number | undefined) => (amount === undefined ? <Skeleton className={styles.balanceSkeleton} /> : formatBalance(amount, locale));
  return (
    <section className={styles.balances} aria-labelledby="wallet-balances">
      <h2 id="wallet-balances" className="visually-hidden">
        {t('myWallet.balances')}
      </h2>
      <dl className={styles.balanceList}>
        <div className={styles.balanceItem} data-asset="diamond">
          <dt>
            <GemIcon size={18} aria-hidden="true" />
            {t('units.gems')}
          </dt>
          <dd data-balance="gems">{value(data?.diamond)}</dd>
        </div>
        <div className={styles.balanceItem} data-asset="gold">
          <dt>
            <DiamondIcon size={18} aria-hidden="true" />
            {t('units.diamonds')}
          </dt>
          <dd data-balance="diamonds">{value(data?.gold)}</dd>
        </div>
      </dl>
      {action ? (
        <Link href={action.href} className={action.quiet ? styles.balanceActionQuiet : styles.balanceAction}>
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}
