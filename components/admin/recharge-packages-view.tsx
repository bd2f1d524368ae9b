// Recharge packages in the console: the ladder the brand's wallet page sells, each package edited in place (price in
// the brand's currency, gems, bonus gems, on sale or withdrawn, order), and a form that adds one. Packages are never
// deleted: orders keep what they bought. Prices are money: the password is asked again when the last check is old.
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { majorUnits, type ConsoleRechargePackage, type ConsoleRechargePackages } from '@/lib/validation/admin-money';
import { ActionForm } from './action-form';
import styles from './console.module.css';

/** Hundredths of gems as the form shows them: 1050 → "10.5", 100000 → "1000". */
const gemsText = (hundredths: number) => String(hundredths / 100);

function PackageFields({ pack, digits }: { pack?: ConsoleRechargePackage; digits: number }) {
  const t = useTranslations('admin.money.recharge');
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('price')}</span>
        <input className={styles.input} name="price" defaultValue={pack ? majorUnits(pack.priceMinor, digits) : ''} inputMode="decimal" maxLength={13} required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('gems')}</span>
        <input className={styles.input} name="gems" defaultValue={pack ? gemsText(pack.gems) : ''} inputMode="decimal" maxLength={11} required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('bonus')}</span>
        <input className={styles.input} name="bonus" defaultValue={pack ? gemsText(pack.bonus) : '0'} inputMode="decimal" maxLength={11} required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('state')}</span>
        <select className={styles.input} name="enabled" defaultValue={pack && !pack.enabled ? '0' : '1'}>
          <option value="1">{t('onSale')}</option>
          <option value="0">{t('withdrawn')}</option>
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('sort')}</span>
        <input className={styles.input} name="sort" defaultValue={String(pack?.sortOrder ?? 0)} inputMode="numeric" maxLength={5} required />
      </label>
    </>
  );
}

export function RechargePackagesView({ packages }: { packages: ConsoleRechargePackages }) {
  const t = useTranslations('admin.money.recharge');
  const locale = useLocale();
  const money = (minor: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** packages.digits);
  const gems = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead', { currency: packages.currency })}</p>
      {packages.rows.length === 0 ? <p className={styles.notice}>{t('empty')}</p> : null}
      {packages.rows.map((pack) => (
        <Card as="section" key={pack.id} radius="lg" className={styles.panel} aria-labelledby={`package-${pack.id}`} data-package={pack.id}>
          <h2 id={`package-${pack.id}`} className={styles.giftTitle}>
            <span>{t('summary', { price: money(pack.priceMinor, pack.currency), gems: gems.format(pack.gems / 100), bonus: gems.format(pack.bonus / 100) })}</span>
            <span className={styles.muted}>#{pack.id}</span>
            {!pack.enabled && <Badge tone="neutral">{t('withdrawn')}</Badge>}
            {pack.currency !== packages.currency && <Badge tone="muted">{t('otherCurrency', { currency: pack.currency })}</Badge>}
          </h2>
          <ActionForm endpoint="/api/admin/saveRechargePackage" values={{ package_id: pack.id }} submitLabel={t('save')} doneMessage={t('saved')} variant="outline" className={styles.formGrid}>
            <PackageFields pack={pack} digits={packages.digits} />
          </ActionForm>
        </Card>
      ))}
      <Card as="section" radius="lg" className={styles.panel} aria-labelledby="package-new">
        <h2 id="package-new" className={styles.panelTitle}>
          {t('addHeading')}
        </h2>
        <ActionForm endpoint="/api/admin/saveRechargePackage" values={{ package_id: 0 }} submitLabel={t('add')} doneMessage={t('added')} className={styles.formGrid}>
          <PackageFields digits={packages.digits} />
        </ActionForm>
      </Card>
    </div>
  );
}
