// The lottery table in the console: the prizes the brand draws from, each with what it gives and its chance now,
// and its weight, stock left (empty: unlimited) and switch edited in place. A brand drawing from the default table
// is told that its first change gives it a table of its own. Odds are money: the password is asked again when the
// last check is old.
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ConsoleLotteryTable } from '@/lib/validation/admin-money';
import { ActionForm } from './action-form';
import styles from './console.module.css';

type Prize = ConsoleLotteryTable['prizes'][number];

export function LotteryView({ table }: { table: ConsoleLotteryTable }) {
  const t = useTranslations('admin.money.lottery');
  const locale = useLocale();
  const units = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const gives = (prize: Prize) => {
    switch (prize.kind) {
      case 'gold':
        return t('gives.gold', { amount: units.format(prize.quantity / 100) });
      case 'diamond':
        return t('gives.diamond', { amount: units.format(prize.quantity / 100) });
      case 'item':
        return t('gives.item', { count: prize.quantity, type: prize.itemType ?? 0 });
      case 'nothing':
        return t('gives.nothing');
    }
  };
  if (table.prizes.length === 0) return <p className={styles.notice}>{t('empty')}</p>;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <p className={styles.note} data-testid="lottery-table">
        {table.ownTable ? t('ownTable') : t('defaultTable')}
      </p>
      {table.prizes.map((prize) => (
        <Card as="section" key={prize.id} radius="lg" className={styles.panel} aria-labelledby={`prize-${prize.id}`} data-prize={prize.id}>
          <h2 id={`prize-${prize.id}`} className={styles.giftTitle}>
            <span>
              {prize.name[locale === 'zh-CN' ? 'zh-CN' : 'en-US']} <span className={styles.muted}>#{prize.id}</span>
            </span>
            <Badge tone="neutral">{gives(prize)}</Badge>
            <Badge tone={prize.chance > 0 ? 'brand' : 'muted'}>{t('chance', { percent: prize.chance })}</Badge>
          </h2>
          <ActionForm
            endpoint="/api/admin/saveLotteryPrize"
            values={{ prize_id: prize.id, stock_seen: prize.stock ?? '' }}
            submitLabel={t('save')}
            doneMessage={t('saved')}
            variant="outline"
            className={styles.formGrid}
          >
            <label className={styles.field}>
              <span className={styles.label}>{t('weight')}</span>
              <input className={styles.input} name="weight" defaultValue={String(prize.weight)} inputMode="numeric" maxLength={10} required />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('stock')}</span>
              <input className={styles.input} name="stock" defaultValue={prize.stock === null ? '' : String(prize.stock)} inputMode="numeric" maxLength={9} placeholder={t('unlimited')} />
            </label>
            <label className={styles.field}>
              <span className={styles.label}>{t('state')}</span>
              <select className={styles.input} name="enabled" defaultValue={prize.enabled ? '1' : '0'}>
                <option value="1">{t('drawn')}</option>
                <option value="0">{t('off')}</option>
              </select>
            </label>
          </ActionForm>
        </Card>
      ))}
    </div>
  );
}
