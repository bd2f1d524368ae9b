'use client';
// The sandbox provider's hosted checkout (/pay/sandbox/<order>): the order as a payment page shows it, and Pay or
// Fail. Either click makes the sandbox "provider" post its signed callback; the customer then returns to the records.
import { useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { LockIcon } from '@/components/shell/icons';
import { Button, buttonClass } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatBalance } from '@/components/user/user-numbers';
import { errorText } from '@/lib/http/error-text';
import type { Locale } from '@/lib/i18n/locales';
import { rechargeReturnPath } from '@/lib/routes';
import { completeSandboxCheckout, orderQuery } from './wallet-api';
import { formatPrice } from './wallet-numbers';
import styles from './wallet.module.css';

export function SandboxCheckout({ orderId, merchant }: { orderId: number; merchant: string }) {
  const t = useTranslations('wallet.checkout');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={LockIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <CheckoutCard viewerId={viewerId} orderId={orderId} merchant={merchant} />;
}

function CheckoutCard({ viewerId, orderId, merchant }: { viewerId: number; orderId: number; merchant: string }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const { data: order, error } = useQuery({ ...orderQuery(viewerId, orderId), refetchInterval: false });
  const [acting, setActing] = useState<'paid' | 'failed'>();
  // A provider's page has no site toasts: a refusal is said on the card.
  const [refusal, setRefusal] = useState<string>();

  async function complete(outcome: 'paid' | 'failed') {
    setActing(outcome);
    try {
      const reply = await completeSandboxCheckout(orderId, outcome);
      window.location.assign(reply.return_url);
    } catch (failure) {
      setRefusal(errorText(failure, t('recharge.unavailable')));
      setActing(undefined);
    }
  }

  if (error) return <p className={styles.failure} role="alert">{errorText(error, t('recharge.unavailable'))}</p>;
  return (
    <div className={styles.checkout}>
      <p className={styles.checkoutNotice}>{t('checkout.notice')}</p>
      <dl className={styles.checkoutFacts}>
        <div>
          <dt>{t('checkout.merchant')}</dt>
          <dd>{merchant}</dd>
        </div>
        <div>
          <dt>{t('checkout.item')}</dt>
          <dd>{order ? t('units.gemAmount', { amount: formatBalance(order.diamond + order.bonus, locale) }) : <Skeleton className={styles.factSkeleton} />}</dd>
        </div>
        <div>
          <dt>{t('checkout.order')}</dt>
          <dd>{orderId}</dd>
        </div>
      </dl>
      <p className={styles.checkoutAmount}>
        <span>{t('checkout.amount')}</span>
        <strong>{order ? formatPrice(order.price, order.currency, locale) : <Skeleton className={styles.factSkeleton} />}</strong>
      </p>
      {refusal ? (
        <p className={styles.failure} role="alert">
          {refusal}
        </p>
      ) : null}
      {order && order.status !== 'pending' ? (
        <div className={styles.checkoutDone}>
          <p role="status">{t('checkout.notPending')}</p>
          <Link href={rechargeReturnPath(orderId)} className={buttonClass({ variant: 'secondary', block: true })}>
            {t('checkout.back')}
          </Link>
        </div>
      ) : (
        <div className={styles.checkoutActions}>
          <Button size="lg" block disabled={!order || acting !== undefined} loading={acting === 'paid'} onClick={() => void complete('paid')}>
            {order ? t('checkout.pay', { price: formatPrice(order.price, order.currency, locale) }) : t('checkout.title')}
          </Button>
          <Button variant="outline" block disabled={!order || acting !== undefined} loading={acting === 'failed'} onClick={() => void complete('failed')}>
            {t('checkout.fail')}
          </Button>
        </div>
      )}
    </div>
  );
}
