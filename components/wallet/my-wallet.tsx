'use client';
// /user-center/myWallet (spec §2.2, §2.4 item 10): the balances (gems and diamonds, divided by 100), a way to
// recharge, and the income and consumption lists from the user's ledger entries, 20 at a time.
import { useState } from 'react';
import Link from 'next/link';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { useDateFormat } from '@/components/shell/local-time';
import { WalletIcon } from '@/components/shell/icons';
import { Tabs } from '@/components/ui/tabs';
import { ShowMore } from '@/components/ui/show-more';
import { EmptyState } from '@/components/ui/empty-state';
import { formatBalance } from '@/components/user/user-numbers';
import { isoFromUnix } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import { walletHistoryKinds, type WalletHistoryKind } from '@/lib/validation/recharge-constants';
import type { WalletEntry } from '@/lib/validation/recharge';
import { BalancesCard } from './wallet-balances';
import { packagesQuery, walletHistoryQuery } from './wallet-api';
import { movementKindKey } from './wallet-numbers';
import styles from './wallet.module.css';

export function MyWallet() {
  const t = useTranslations('wallet.myWallet');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={WalletIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <WalletView viewerId={viewerId} />;
}

function WalletView({ viewerId }: { viewerId: number }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const [kind, setKind] = useState<WalletHistoryKind>('income');
  const owed = useQuery(packagesQuery(viewerId)).data?.owed ?? 0;
  return (
    <>
      <BalancesCard viewerId={viewerId} action={{ href: siteRoutes.recharge, label: t('myWallet.recharge') }} />
      {owed > 0 ? (
        <p className={styles.owed} role="note">
          {t('recharge.owed', { amount: formatBalance(owed, locale) })}
        </p>
      ) : null}
      <section className={styles.history} aria-labelledby="wallet-history">
        <div className={styles.historyHead}>
          <h2 id="wallet-history" className={styles.sectionTitle}>
            {t('myWallet.history')}
          </h2>
          <Link href={siteRoutes.rechargeHistory} className={styles.textLink}>
            {t('myWallet.records')}
          </Link>
        </div>
        <Tabs
          items={walletHistoryKinds.map((id) => ({ id, label: t(`myWallet.tabs.${id}`) }))}
          value={kind}
          onChange={setKind}
          label={t('myWallet.history')}
          variant="segmented"
          tabId={(id) => `wallet-tab-${id}`}
          panelId={(id) => `wallet-panel-${id}`}
        />
        <div role="tabpanel" id={`wallet-panel-${kind}`} aria-labelledby={`wallet-tab-${kind}`} className={styles.panel}>
          <HistoryRows key={kind} viewerId={viewerId} kind={kind} />
        </div>
      </section>
    </>
  );
}

function HistoryRows({ viewerId, kind }: { viewerId: number; kind: WalletHistoryKind }) {
  const t = useTranslations('wallet.myWallet');
  const query = useInfiniteQuery(walletHistoryQuery(viewerId, kind));
  return (
    <QueryRows query={query}>
      {({ pages }) => {
        const entries = pages.flatMap((page) => page.list);
        if (entries.length === 0) return <EmptyState icon={WalletIcon} title={t(`empty.${kind}`)} description={t(`emptyHint.${kind}`)} />;
        return (
          <>
            <ul className={styles.rows}>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
            <ShowMore query={query} label={t('loadMore')} />
          </>
        );
      }}
    </QueryRows>
  );
}

function EntryRow({ entry }: { entry: WalletEntry }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const { dateTime } = useDateFormat();
  const amount = formatBalance(Math.abs(entry.amount), locale);
  return (
    <li className={styles.row} data-entry={entry.id}>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle}>{t(`myWallet.kinds.${movementKindKey(entry.kind)}`)}</p>
        <p className={styles.rowDetail}>
          <time dateTime={isoFromUnix(entry.created_at)}>{dateTime({ unixSeconds: entry.created_at })}</time>
        </p>
      </div>
      <span className={styles.change} data-out={entry.amount < 0 || undefined}>
        {entry.amount < 0 ? '−' : '+'}
        {t(entry.asset === 'gold' ? 'units.diamondAmount' : 'units.gemAmount', { amount })}
      </span>
    </li>
  );
}
