// The gift catalogue in the console: every gift the brand's rooms offer, in catalogue order, each edited in place
// (names in both languages, price and currency, on or off, combo, animation length, order). A gift every brand
// shares says so, and saving it asks to confirm that every brand changes. Prices are money: the password is asked
// again when the last check is old.
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ConsoleGift } from '@/lib/validation/admin-money';
import { ActionForm } from './action-form';
import { NamePriceFields } from './catalogue-fields';
import styles from './console.module.css';

export function GiftsView({ gifts }: { gifts: ConsoleGift[] }) {
  const t = useTranslations('admin.money');
  if (gifts.length === 0) return <p className={styles.notice}>{t('gifts.empty')}</p>;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('gifts.lead')}</p>
      {gifts.map((gift) => (
        <Card as="section" key={gift.id} radius="lg" className={styles.panel} aria-labelledby={`gift-${gift.id}`} data-gift={gift.id}>
          <h2 id={`gift-${gift.id}`} className={styles.giftTitle}>
            <img src={gift.icon} alt="" width={32} height={32} />
            <span>
              {gift.name['en-US']} · {gift.name['zh-CN']} <span className={styles.muted}>#{gift.id}</span>
            </span>
            {gift.scope === 'shared' ? <Badge tone="muted">{t('gifts.shared')}</Badge> : <Badge tone="brand">{t('gifts.own')}</Badge>}
            {!gift.enabled && <Badge tone="neutral">{t('gifts.off')}</Badge>}
          </h2>
          <ActionForm
            endpoint="/api/admin/saveGift"
            values={{ gift_id: gift.id }}
            submitLabel={t('gifts.save')}
            doneMessage={t('gifts.saved')}
            confirmMessage={gift.scope === 'shared' ? t('gifts.confirmShared', { name: gift.name['en-US'] }) : undefined}
            variant="outline"
            className={styles.formGrid}
          >
            <NamePriceFields row={gift} />
            <label className={styles.field}>
              <span className={styles.label}>{t('gifts.state')}</span>
              <select className={styles.input} name="enabled" defaultValue={gift.enabled ? '1' : '0'}>
                <option value="1">{t('gifts.offered')}</option>
                <option value="0">{t('gifts.withdrawn')}</option>
              </select>
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('gifts.combo')}</span>
              <select className={styles.input} name="combo" defaultValue={gift.combo ? '1' : '0'}>
                <option value="1">{t('gifts.comboOn')}</option>
                <option value="0">{t('gifts.comboOff')}</option>
              </select>
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('gifts.duration')}</span>
              <input className={styles.input} name="duration" defaultValue={String(gift.durationMs / 1000)} inputMode="decimal" maxLength={4} required />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('gifts.sort')}</span>
              <input className={styles.input} name="sort" defaultValue={String(gift.sortOrder)} inputMode="numeric" maxLength={5} required />
            </label>
          </ActionForm>
        </Card>
      ))}
    </div>
  );
}
