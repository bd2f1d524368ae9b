'use client';
// The mall (spec §2.2 /mall): tabs for props, VIP and tickets, a card per item with its price, what the viewer
// holds, and a buy button that opens the confirmation (a guest is offered the login dialog). The catalogue comes
// rendered from the server; the viewer's balance, membership and backpack come from their own session.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { MallItemView } from '@/lib/validation/mall';
import { mallTabs, type MallTab } from '@/lib/validation/mall-constants';
import type { UserInfo } from '@/lib/validation/users';
import { Button } from '@/components/ui/button';
import { Tabs } from '@/components/ui/tabs';
import { EmptyState } from '@/components/ui/empty-state';
import { BagIcon } from '@/components/shell/icons';
import { useDateFormat } from '@/components/shell/local-time';
import { backpackQuery, heldCount } from '@/components/live/live-api';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import { BuyDialog } from './buy-dialog';
import { ItemIcon } from './item-icon';
import { Price } from './price';
import styles from './mall.module.css';

export function MallView({ items }: { items: MallItemView[] }) {
  const t = useTranslations('mall');
  const user = useUserStore((state) => state.userInfo);
  const openLogin = useSessionStore((state) => state.openLogin);
  const [tab, setTab] = useState<MallTab>('props');
  const [buying, setBuying] = useState<MallItemView | null>(null);
  const backpack = useQuery({ ...backpackQuery(user?.id ?? 0), enabled: user !== null });
  const shown = items.filter((item) => item.tab === tab);

  return (
    <>
      {user ? <Wallet user={user} /> : null}
      <Tabs
        items={mallTabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        value={tab}
        onChange={setTab}
        label={t('title')}
        variant="segmented"
        className={styles.tabs}
        tabId={(id) => `mall-tab-${id}`}
        panelId={(id) => `mall-panel-${id}`}
      />
      <div role="tabpanel" id={`mall-panel-${tab}`} aria-labelledby={`mall-tab-${tab}`}>
        {shown.length === 0 ? (
          <EmptyState icon={BagIcon} title={t('empty')} description={t('emptyHint')} />
        ) : (
          <ul className={styles.grid}>
            {shown.map((item) => {
              const soldOut = item.stock === 0;
              const held = item.kind === 'item' && user && backpack.data ? heldCount(backpack.data, item.item_type, item.props_id) : null;
              return (
                <li key={item.id} className={styles.card} data-item={item.id} data-icon={item.icon}>
                  <ItemIcon icon={item.icon} />
                  <div className={styles.cardBody}>
                    <h2 className={styles.name}>{item.name}</h2>
                    <p className={styles.description}>{item.description}</p>
                    <p className={styles.meta}>
                      {item.kind === 'vip' ? <span>{t('period', { days: item.period_days })}</span> : null}
                      {item.quantity > 1 ? <span>{t('pack', { count: item.quantity })}</span> : null}
                      {item.stock > 0 ? <span>{t('stockLeft', { count: item.stock })}</span> : null}
                      {held !== null && held > 0 ? <span className={styles.held} data-held={held}>{t('held', { count: held })}</span> : null}
                    </p>
                  </div>
                  <div className={styles.cardFoot}>
                    <Price hundredths={item.price} currency={item.currency} />
                    <Button size="sm" disabled={soldOut} onClick={() => (user ? setBuying(item) : openLogin())}>
                      {soldOut ? t('soldOut') : user ? t('buy') : t('loginToBuy')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {buying && user ? <BuyDialog item={buying} user={user} onClose={() => setBuying(null)} /> : null}
    </>
  );
}

/** The viewer's balances and membership above the catalogue. */
function Wallet({ user }: { user: UserInfo }) {
  const t = useTranslations('mall');
  const { date } = useDateFormat();
  return (
    <div className={styles.wallet}>
      <span className={styles.walletLabel}>{t('balance')}</span>
      <Price hundredths={user.diamond} currency="diamond" />
      <Price hundredths={user.gold} currency="gold" />
      <span className={styles.membership} data-vip={user.vip_level}>
        {user.vip_level > 0 && user.vip_expires_at > 0
          ? t('membership.active', { level: user.vip_level, date: date(new Date(user.vip_expires_at * 1000)) })
          : t('membership.none')}
      </span>
    </div>
  );
}
