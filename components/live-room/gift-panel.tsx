'use client';
// The gift panel (spec §2.4 live room: gifts and backpack): the brand's gifts with icon, name and price, the count
// chips, the viewer's balances and Send; the Backpack tab lists what the viewer holds. A send goes out on the room's
// messaging connection (HTTP under the same key when it cannot); the reply's balance updates the user at once, and a
// balance too low (spec §8 10152) shows the server's message with the way to recharge. Loaded on first use.
import { useId, useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { api, ApiError } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import { giftCountChips } from '@/lib/validation/gift-constants';
import type { GiftItem, GiftList } from '@/lib/validation/gifts';
import type { Backpack } from '@/lib/validation/live';
import { ticketItemType } from '@/lib/validation/live-constants';
import { useLiveChat } from '@/components/chat/live-chat-provider';
import { formatBalance } from '@/components/user/user-numbers';
import { liveQueryKeys } from '@/components/live/live-api';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogHeader } from '@/components/ui/dialog-header';
import { Tabs } from '@/components/ui/tabs';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import styles from './gifts.module.css';

/** Spec §8: the status of a gift the balance cannot pay for. */
const insufficientBalance = 10152;
/** Backpack item types with names of their own (spec §3 props: speaker 100, colourful bubble 101; ticket 105). */
const itemNames: Record<number, 'speaker' | 'bubble' | 'ticket'> = { 100: 'speaker', 101: 'bubble', [ticketItemType]: 'ticket' };

const giftListQuery = (anchorId: number) => ({
  queryKey: ['gifts', 'list', anchorId] as const,
  queryFn: () => api.post<GiftList>('/api/gift/list', { anchor_id: anchorId }),
  staleTime: 60_000,
});

type Shortfall = { msg: string; recharge: string };

function rechargePath(error: ApiError): string {
  const data = error.data;
  return typeof data === 'object' && data !== null && 'recharge' in data && typeof data.recharge === 'string' ? data.recharge : siteRoutes.recharge;
}

export default function GiftPanel({ anchorId, viewerId, onClose }: { anchorId: number; viewerId: number; onClose: () => void }) {
  const t = useTranslations('gifts');
  const uiLocale = useLocale();
  const locale: Locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  const toast = useToast();
  const { sendGift } = useLiveChat();
  const user = useUserStore((state) => state.userInfo);
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const titleId = useId();
  const [tab, setTab] = useState<'gifts' | 'backpack'>('gifts');
  const [chosen, setChosen] = useState<number | null>(null);
  const [count, setCount] = useState<number>(giftCountChips[0]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const catalogue = useQuery(giftListQuery(anchorId));
  const backpack = useQuery({
    // Under the backpack's key, so whatever refreshes the backpack (a spent ticket) refreshes this list too.
    queryKey: [...liveQueryKeys.backpack(viewerId), 'items'],
    queryFn: async () => (await api.post<Backpack>('/api/live/user_backpack', { user_id: viewerId })).user_backpack,
    enabled: tab === 'backpack',
    staleTime: 0,
  });

  const gifts = catalogue.data?.list ?? [];
  const gift = gifts.find((item) => item.id === chosen) ?? gifts[0];
  const amount = (hundredths: number, currency: GiftItem['currency']) =>
    t(currency === 'diamond' ? 'panel.gems' : 'panel.diamonds', { amount: formatBalance(hundredths, locale), count: hundredths / 100 });

  async function send() {
    if (!gift || sending) return;
    setSending(true);
    setError('');
    setShortfall(null);
    try {
      const reply = await sendGift({ anchor_id: anchorId, gift_id: gift.id, count, idempotency_key: crypto.randomUUID() });
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold });
      toast(t('panel.sentToast', { gift: gift.name, count }), 'success');
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === insufficientBalance) setShortfall({ msg: failure.message, recharge: rechargePath(failure) });
      else setError(errorText(failure, t('panel.loadFailed')));
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogFrame className={styles.panel} aria-labelledby={titleId} onDismiss={onClose} closeOnBackdrop>
      <DialogHeader titleId={titleId} title={t('panel.title')} closeLabel={t('panel.close')} onClose={onClose} className={styles.panelHeader} />
      <Tabs
        items={[
          { id: 'gifts', label: t('panel.tabGifts') },
          { id: 'backpack', label: t('panel.tabBackpack') },
        ]}
        value={tab}
        onChange={setTab}
        panelId={(id) => `gift-panel-${id}`}
        tabId={(id) => `gift-tab-${id}`}
      />
      {tab === 'gifts' ? (
        <div id="gift-panel-gifts" role="tabpanel" aria-labelledby="gift-tab-gifts" className={styles.panelBody}>
          {catalogue.isPending ? (
            <div className={styles.gridSkeleton} aria-hidden="true" />
          ) : catalogue.isError ? (
            <p className={styles.notice} role="alert">
              {errorText(catalogue.error, t('panel.loadFailed'))}{' '}
              <button type="button" className={styles.linkButton} onClick={() => void catalogue.refetch()}>
                {t('panel.retry')}
              </button>
            </p>
          ) : gifts.length === 0 ? (
            <p className={styles.notice}>{t('panel.empty')}</p>
          ) : (
            <ul className={styles.grid} aria-label={t('panel.tabGifts')}>
              {gifts.map((item) => (
                <li key={item.id}>
                  <button type="button" className={styles.giftTile} aria-pressed={item.id === gift?.id} onClick={() => setChosen(item.id)}>
                    <img src={item.icon} alt="" width={44} height={44} className={styles.giftIcon} />
                    <span className={styles.giftName}>{item.name}</span>
                    <span className={styles.giftPrice} data-currency={item.currency}>
                      {amount(item.price, item.currency)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <fieldset className={styles.counts}>
            <legend className={styles.countsLegend}>{t('panel.count')}</legend>
            {giftCountChips.map((chip) => (
              <button key={chip} type="button" className={styles.countChip} aria-pressed={chip === count} onClick={() => setCount(chip)}>
                {chip}
              </button>
            ))}
          </fieldset>
          {shortfall ? (
            <div className={styles.shortfall} role="alert">
              <p className={styles.shortfallTitle}>{t('recharge.title')}</p>
              <p className={styles.shortfallText}>{shortfall.msg}</p>
              <Link href={shortfall.recharge} className={styles.rechargeLink} prefetch={false}>
                {t('recharge.action')}
              </Link>
            </div>
          ) : null}
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <footer className={styles.panelFooter}>
            <dl className={styles.balance} aria-label={t('panel.balance')}>
              <div>
                <dt className={styles.balanceLabel}>{t('currency.diamond')}</dt>
                <dd data-balance="gems">{formatBalance(user?.diamond ?? 0, locale)}</dd>
              </div>
              <div>
                <dt className={styles.balanceLabel}>{t('currency.gold')}</dt>
                <dd data-balance="diamonds">{formatBalance(user?.gold ?? 0, locale)}</dd>
              </div>
            </dl>
            <span className={styles.total}>{gift ? t('panel.total', { amount: amount(gift.price * count, gift.currency) }) : null}</span>
            <button type="button" className={styles.sendButton} onClick={send} disabled={!gift || sending} aria-busy={sending}>
              {sending ? t('panel.sending') : t('panel.send')}
            </button>
          </footer>
        </div>
      ) : (
        <div id="gift-panel-backpack" role="tabpanel" aria-labelledby="gift-tab-backpack" className={styles.panelBody}>
          {backpack.isPending ? (
            <div className={styles.gridSkeleton} aria-hidden="true" />
          ) : backpack.isError ? (
            <p className={styles.notice} role="alert">
              {errorText(backpack.error, t('panel.loadFailed'))}
            </p>
          ) : !backpack.data || backpack.data.length === 0 ? (
            <p className={styles.notice}>{t('panel.backpackEmpty')}</p>
          ) : (
            <ul className={styles.backpack}>
              {backpack.data.map((item) => (
                <li key={`${item.type}:${item.props_id}`} className={styles.backpackItem}>
                  <span>{itemNames[item.type] ? t(`items.${itemNames[item.type]}`) : t('items.other', { type: item.type })}</span>
                  <span className={styles.quantity}>{t('panel.quantity', { count: item.quantity })}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </DialogFrame>
  );
}
