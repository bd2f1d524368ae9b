'use client';
// /user-center/rechargeHistory (spec §2.2): the caller's recharge orders with their status, newest first, 20 at a
// time. A checkout returns here with ?order=<id>: that order's outcome is shown on top, asked again until confirmed.
import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { useDateFormat } from '@/components/shell/local-time';
import { HistoryIcon } from '@/components/shell/icons';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ShowMore } from '@/components/ui/show-more';
import { EmptyState } from '@/components/ui/empty-state';
import { formatBalance } from '@/components/user/user-numbers';
import { isoFromUnix } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { OrderItem } from '@/lib/validation/recharge';
import type { OrderStatus } from '@/lib/validation/recharge-constants';
import { orderQuery, ordersQuery, walletQueryKeys } from './wallet-api';
import { formatPrice } from './wallet-numbers';
import styles from './wallet.module.css';

const statusTones: Record<OrderStatus, BadgeTone> = { pending: 'brand', paid: 'success', failed: 'live', expired: 'muted', refunded: 'neutral', disputed: 'live' };

export function RechargeHistory() {
  const t = useTranslations('wallet.orders');
  const viewerId = useViewerId();
  const returned = Number(useSearchParams().get('order'));
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={HistoryIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return (
    <>
      {Number.isSafeInteger(returned) && returned > 0 ? <ReturnedOrder viewerId={viewerId} orderId={returned} /> : null}
      <OrderRows viewerId={viewerId} />
    </>
  );
}

/** The order a checkout came back from: its outcome, followed until the provider's confirmation arrives. */
function ReturnedOrder({ viewerId, orderId }: { viewerId: number; orderId: number }) {
  const t = useTranslations('wallet.orders');
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const { data } = useQuery(orderQuery(viewerId, orderId));
  const status = data?.status;
  useEffect(() => {
    // Once settled, the list and the balances are read again to show it.
    if (!status || status === 'pending') return;
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.orders(viewerId) });
    void queryClient.invalidateQueries({ queryKey: walletQueryKeys.balances(viewerId) });
  }, [status, viewerId, queryClient]);
  if (!data) return null;
  return (
    <p className={styles.returned} data-status={data.status} role="status">
      {t(`returned.${data.status}`, { amount: formatBalance(data.diamond + data.bonus, locale) })}
    </p>
  );
}

function OrderRows({ viewerId }: { viewerId: number }) {
  const t = useTranslations('wallet');
  const query = useInfiniteQuery(ordersQuery(viewerId));
  return (
    <QueryRows query={query}>
      {({ pages }) => {
        const orders = pages.flatMap((page) => page.list);
        if (orders.length === 0) {
          return <EmptyState icon={HistoryIcon} title={t('orders.empty')} description={t('orders.emptyHint')} action={{ href: siteRoutes.recharge, label: t('orders.recharge') }} />;
        }
        return (
          <>
            <ul className={styles.rows} aria-label={t('recharge.records')}>
              {orders.map((order) => (
                <OrderRow key={order.order_id} order={order} />
              ))}
            </ul>
            <ShowMore query={query} label={t('orders.loadMore')} />
          </>
        );
      }}
    </QueryRows>
  );
}

function OrderRow({ order }: { order: OrderItem }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const { dateTime } = useDateFormat();
  return (
    <li className={styles.row} data-order={order.order_id}>
      <div className={styles.rowMain}>
        <p className={styles.rowTitle}>{t('units.gemAmount', { amount: formatBalance(order.diamond + order.bonus, locale) })}</p>
        <p className={styles.rowDetail}>
          <time dateTime={isoFromUnix(order.created_at)}>{dateTime({ unixSeconds: order.created_at })}</time>
          {` · ${t(`recharge.providers.${order.provider}`)} · ${t('orders.order', { id: order.order_id })}`}
        </p>
      </div>
      <div className={styles.rowSide}>
        <span className={styles.rowPrice}>{formatPrice(order.price, order.currency, locale)}</span>
        <Badge tone={statusTones[order.status]} data-status={order.status}>
          {t(`orders.status.${order.status}`)}
        </Badge>
      </div>
    </li>
  );
}
