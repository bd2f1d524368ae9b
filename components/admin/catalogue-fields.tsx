// The fields a gift and a mall row share in the console's money forms: the name in both languages, the price in
// units (hundredths / 100) and the currency it is paid in.
import { useTranslations } from 'next-intl';
import { majorUnits } from '@/lib/validation/admin-money';
import styles from './console.module.css';

type CatalogueRow = { name: { 'en-US': string; 'zh-CN': string }; price: number; currency: 'diamond' | 'gold' };

export function NamePriceFields({ row }: { row: CatalogueRow }) {
  const t = useTranslations('admin.money');
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('gifts.nameEn')}</span>
        <input className={styles.input} name="name_en" defaultValue={row.name['en-US']} maxLength={20} required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('gifts.nameZh')}</span>
        <input className={styles.input} name="name_zh" defaultValue={row.name['zh-CN']} maxLength={20} required lang="zh-CN" />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('gifts.price')}</span>
        <input className={styles.input} name="price" defaultValue={majorUnits(row.price, 2)} inputMode="decimal" maxLength={11} required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('gifts.currency')}</span>
        <select className={styles.input} name="currency" defaultValue={row.currency}>
          <option value="diamond">{t('currencies.diamond')}</option>
          <option value="gold">{t('currencies.gold')}</option>
        </select>
      </label>
    </>
  );
}
