// The mall in the console: what the brand's mall sells (props, ticket packs and VIP periods, whose prices these are),
// each edited in place: names in both languages, price and currency, units per purchase, stock left (empty:
// unlimited), on sale or withdrawn, order. A row every brand shares says so and asks to confirm. The stock the page
// showed goes with the form, so a sale made meanwhile is never undone by a save.
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ticketItemType } from '@/lib/validation/live-constants';
import type { ConsoleMallItem } from '@/lib/validation/admin-money';
import { ItemIcon } from '@/components/mall/item-icon';
import { ActionForm } from './action-form';
import { NamePriceFields } from './catalogue-fields';
import styles from './console.module.css';

export function MallView({ items }: { items: ConsoleMallItem[] }) {
  const t = useTranslations('admin.money');
  if (items.length === 0) return <p className={styles.notice}>{t('mall.empty')}</p>;
  const what = (item: ConsoleMallItem) =>
    item.kind === 'vip'
      ? t('mall.vip', { level: item.vipLevel ?? 0, days: item.periodDays ?? 0 })
      : item.itemType === ticketItemType
        ? t('mall.tickets')
        : t('mall.prop', { type: item.itemType ?? 0 });
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('mall.lead')}</p>
      {items.map((item) => (
        <Card as="section" key={item.id} radius="lg" className={styles.panel} aria-labelledby={`mall-${item.id}`} data-mall-item={item.id}>
          <h2 id={`mall-${item.id}`} className={styles.giftTitle}>
            <ItemIcon icon={item.icon} />
            <span>
              {item.name['en-US']} · {item.name['zh-CN']} <span className={styles.muted}>#{item.id}</span>
            </span>
            <Badge tone="neutral">{what(item)}</Badge>
            {item.scope === 'shared' ? <Badge tone="muted">{t('gifts.shared')}</Badge> : <Badge tone="brand">{t('gifts.own')}</Badge>}
            {!item.enabled && <Badge tone="neutral">{t('gifts.off')}</Badge>}
          </h2>
          <ActionForm
            endpoint="/api/admin/saveMallItem"
            values={{ item_id: item.id, stock_seen: item.stock ?? '' }}
            submitLabel={t('mall.save')}
            doneMessage={t('mall.saved')}
            confirmMessage={item.scope === 'shared' ? t('mall.confirmShared', { name: item.name['en-US'] }) : undefined}
            variant="outline"
            className={styles.formGrid}
          >
            <NamePriceFields row={item} />
            <label className={styles.field}>
              <span className={styles.label}>{t('mall.quantity')}</span>
              <input className={styles.input} name="quantity" defaultValue={String(item.quantity)} inputMode="numeric" maxLength={5} required />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('mall.stock')}</span>
              <input className={styles.input} name="stock" defaultValue={item.stock === null ? '' : String(item.stock)} inputMode="numeric" maxLength={9} placeholder={t('mall.unlimited')} />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('mall.state')}</span>
              <select className={styles.input} name="enabled" defaultValue={item.enabled ? '1' : '0'}>
                <option value="1">{t('mall.onSale')}</option>
                <option value="0">{t('gifts.withdrawn')}</option>
              </select>
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('gifts.sort')}</span>
              <input className={styles.input} name="sort" defaultValue={String(item.sortOrder)} inputMode="numeric" maxLength={5} required />
            </label>
          </ActionForm>
        </Card>
      ))}
    </div>
  );
}
