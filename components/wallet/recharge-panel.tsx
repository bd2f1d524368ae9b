'use client';
// /user-center/recharge (spec §2.2): the brand's packages as selectable cards (price, gems, bonus), the payment
// method when there is a choice, and Pay, which opens the provider's checkout for a new order.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { GemIcon, WalletIcon } from '@/components/shell/icons';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { formatBalance } from '@/components/user/user-numbers';
import { errorText } from '@/lib/http/error-text';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { PackagesReply } from '@/lib/validation/recharge';
import type { PaymentProvider } from '@/lib/validation/recharge-constants';
import { useToast } from '@/stores/toast-store';
import { BalancesCard } from './wallet-balances';
import { createRechargeOrder, packagesQuery } from './wallet-api';
import { formatPrice } from './wallet-numbers';
import styles from './wallet.module.css';

export function RechargePanel() {
  const t = useTranslations('wallet.recharge');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={WalletIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <RechargeForm viewerId={viewerId} />;
}

function RechargeForm({ viewerId }: { viewerId: number }) {
  const t = useTranslations('wallet.recharge');
  const query = useQuery(packagesQuery(viewerId));
  return (
    <>
      <BalancesCard viewerId={viewerId} action={{ href: siteRoutes.rechargeHistory, label: t('records'), quiet: true }} />
      <QueryRows query={query}>
        {(reply) =>
          reply.list.length === 0 ? (
            <EmptyState icon={GemIcon} title={t('empty')} description={t('emptyHint')} />
          ) : (
            <PackagePicker reply={reply} />
          )
        }
      </QueryRows>
    </>
  );
}

function PackagePicker({ reply }: { reply: PackagesReply }) {
  const t = useTranslations('wallet');
  const locale = useLocale() as Locale;
  const showToast = useToast();
  const [packageId, setPackageId] = useState(reply.list[Math.min(1, reply.list.length - 1)].package_id);
  const [provider, setProvider] = useState<PaymentProvider | undefined>(reply.providers[0]);
  const [opening, setOpening] = useState(false);
  const chosen = reply.list.find((item) => item.package_id === packageId) ?? reply.list[0];
  const gems = (amount: number) => formatBalance(amount, locale);

  async function pay() {
    if (!provider) return;
    setOpening(true);
    try {
      const order = await createRechargeOrder(chosen.package_id, provider);
      window.location.assign(order.redirect_url);
    } catch (error) {
      showToast(errorText(error, t('recharge.unavailable')), 'error');
      setOpening(false);
    }
  }

  return (
    <div className={styles.recharge}>
      {reply.owed > 0 ? (
        <p className={styles.owed} role="note">
          {t('recharge.owed', { amount: gems(reply.owed) })}
        </p>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('recharge.packagesLabel')}</legend>
        <div className={styles.packages}>
          {reply.list.map((item) => (
            <label key={item.package_id} className={styles.package} data-selected={item.package_id === chosen.package_id || undefined}>
              <input type="radio" name="package" className="visually-hidden" checked={item.package_id === chosen.package_id} onChange={() => setPackageId(item.package_id)} />
              <span className={styles.packageGems}>
                <GemIcon size={20} aria-hidden="true" />
                {gems(item.diamond)}
              </span>
              <span className={styles.packageBonus} data-none={item.bonus === 0 || undefined}>
                {item.bonus > 0 ? t('recharge.bonus', { amount: gems(item.bonus) }) : t('recharge.noBonus')}
              </span>
              <span className={styles.packagePrice}>{formatPrice(item.price, item.currency, locale)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {reply.providers.length > 1 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('recharge.providerLabel')}</legend>
          <div className={styles.providers}>
            {reply.providers.map((name) => (
              <label key={name} className={styles.provider} data-selected={name === provider || undefined}>
                <input type="radio" name="provider" className="visually-hidden" checked={name === provider} onChange={() => setProvider(name)} />
                <span className={styles.providerName}>{t(`recharge.providers.${name}`)}</span>
                <span className={styles.providerHint}>{t(`recharge.providerHints.${name}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className={styles.payBar}>
        <div>
          <p className={styles.payTotal}>{t('recharge.summary', { amount: gems(chosen.diamond + chosen.bonus) })}</p>
          <p className={styles.payHint}>{provider ? t('recharge.secure') : t('recharge.unavailable')}</p>
        </div>
        <Button size="lg" onClick={() => void pay()} loading={opening} disabled={!provider}>
          {opening ? t('recharge.redirecting') : t('recharge.pay', { price: formatPrice(chosen.price, chosen.currency, locale) })}
        </Button>
      </div>
    </div>
  );
}
