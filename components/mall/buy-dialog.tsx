'use client';
// Confirming a purchase: the item, a quantity, the total against the balance, and for VIP what happens to the
// current membership. Too little money says so and offers the recharge page, before and after asking the server.
// The purchase key is made once per dialog, so a second click or a retry after a lost reply never pays twice.
import { useId, useState } from 'react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ApiError } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import type { MallItemView } from '@/lib/validation/mall';
import { maxPurchaseCount } from '@/lib/validation/mall-constants';
import type { UserInfo } from '@/lib/validation/users';
import { Button, buttonClass } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { useDateFormat } from '@/components/shell/local-time';
import { heldCount, liveQueryKeys } from '@/components/live/live-api';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { ItemIcon } from './item-icon';
import { buyItem, newPurchaseKey } from './mall-api';
import { Price, usePriceText } from './price';
import styles from './mall.module.css';

/** Envelope status of a purchase the wallet cannot pay for (spec §8, 10152). */
const insufficientStatus = 10152;

type BuyDialogProps = { item: MallItemView; user: UserInfo; onClose: () => void };

export function BuyDialog({ item, user, onClose }: BuyDialogProps) {
  const t = useTranslations('mall');
  const toast = useToast();
  const { date } = useDateFormat();
  const priceText = usePriceText();
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const titleId = useId();
  const [count, setCount] = useState(1);
  const [key] = useState(newPurchaseKey);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<{ text: string; recharge: boolean } | null>(null);

  const limit = item.stock >= 0 ? Math.max(1, Math.min(maxPurchaseCount, item.stock)) : maxPurchaseCount;
  const total = item.price * count;
  const balance = item.currency === 'diamond' ? user.diamond : user.gold;
  const short = total > balance;
  const vipNote = vipChange(item, user);

  async function pay() {
    setPaying(true);
    setError(null);
    try {
      const reply = await buyItem({ itemId: item.id, count, key });
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold, vip_level: reply.vip_level, vip_expires_at: reply.vip_expires_at });
      queryClient.setQueryData(liveQueryKeys.backpack(user.id), reply.backpack);
      toast(
        item.kind === 'vip'
          ? t('boughtVip', { level: reply.vip_level, date: date(new Date(reply.vip_expires_at * 1000)) })
          : t('bought', { name: item.name, count: heldCount(reply.backpack, item.item_type, item.props_id) }),
        'success',
      );
      onClose();
    } catch (failure) {
      setError({ text: errorText(failure, t('errors.noSuchItem')), recharge: failure instanceof ApiError && failure.status === insufficientStatus });
      setPaying(false);
    }
  }

  return (
    <DialogFrame className={styles.dialog} aria-labelledby={titleId} onDismiss={onClose} closeOnBackdrop>
      <h2 id={titleId} className={styles.dialogTitle}>
        {t('confirm.title')}
      </h2>
      <div className={styles.dialogItem}>
        <ItemIcon icon={item.icon} size="lg" />
        <div>
          <p className={styles.dialogName}>{item.name}</p>
          <p className={styles.dialogDescription}>{item.description}</p>
        </div>
      </div>
      {vipNote ? <p className={styles.dialogNote}>{t(vipNote.key, vipNote.params)}</p> : null}

      <div className={styles.quantity}>
        <span id={`${titleId}-quantity`}>{item.kind === 'vip' ? t('period', { days: item.period_days * count }) : t('confirm.quantity')}</span>
        <div className={styles.stepper} role="group" aria-labelledby={`${titleId}-quantity`}>
          <button type="button" aria-label={t('confirm.less')} disabled={count <= 1 || paying} onClick={() => setCount(count - 1)}>
            −
          </button>
          <output aria-live="polite">{count}</output>
          <button type="button" aria-label={t('confirm.more')} disabled={count >= limit || paying} onClick={() => setCount(count + 1)}>
            +
          </button>
        </div>
      </div>

      <dl className={styles.totals}>
        <div>
          <dt>{t('confirm.total')}</dt>
          <dd>
            <Price hundredths={total} currency={item.currency} className={styles.totalPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('balance')}</dt>
          <dd data-short={short || undefined}>
            <Price hundredths={balance} currency={item.currency} />
          </dd>
        </div>
      </dl>

      {short || error ? (
        <p className={styles.dialogError} role="alert">
          {error ? error.text : t('short', { currency: t(`currency.${item.currency}`) })}
          {short || error?.recharge ? (
            <>
              {' '}
              <Link href={siteRoutes.recharge} className={styles.rechargeLink} prefetch={false}>
                {t('recharge')}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('confirm.cancel')}
        </Button>
        {short ? (
          <Link href={siteRoutes.recharge} className={buttonClass({ variant: 'primary' })} prefetch={false}>
            {t('recharge')}
          </Link>
        ) : (
          <Button onClick={pay} loading={paying}>
            {paying ? t('confirm.paying') : t('confirm.pay', { price: priceText(total, item.currency) })}
          </Button>
        )}
      </div>
    </DialogFrame>
  );
}

/** What buying a VIP level does to the current membership (docs/mall.md): extend, upgrade from now, or nothing to say. */
function vipChange(item: MallItemView, user: UserInfo): { key: string; params: Record<string, number> } | null {
  if (item.kind !== 'vip' || user.vip_level === 0 || user.vip_expires_at * 1000 <= Date.now()) return null;
  if (user.vip_level === item.vip_level) return { key: 'confirm.vipExtend', params: { level: item.vip_level, days: item.period_days } };
  if (user.vip_level < item.vip_level) return { key: 'confirm.vipUpgrade', params: { current: user.vip_level, level: item.vip_level } };
  return { key: 'errors.higherVipActive', params: { level: user.vip_level } };
}
