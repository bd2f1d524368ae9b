// The dashboard: what is happening now (viewers, lives), today (sign-ups, paid recharges) and the errors of the last hour.
import { useLocale, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import type { DashboardFigures } from '@/lib/validation/admin';
import { consoleMoney } from './format';
import styles from './console.module.css';

export function DashboardView({ figures }: { figures: DashboardFigures }) {
  const t = useTranslations('admin.dashboard');
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  const { rechargesToday } = figures;
  const tiles = [
    { id: 'viewers', label: t('viewersNow'), value: number.format(figures.viewersNow) },
    { id: 'lives', label: t('livesNow'), value: number.format(figures.livesNow) },
    { id: 'signups-today', label: t('signUpsToday'), value: number.format(figures.signUpsToday) },
    { id: 'signups-week', label: t('signUps7Days'), value: number.format(figures.signUps7Days) },
  ];
  return (
    <>
      <dl className={styles.stats}>
        {tiles.map((tile) => (
          <Card key={tile.id} radius="lg" className={styles.stat} data-stat={tile.id}>
            <dt>{tile.label}</dt>
            <dd>{tile.value}</dd>
          </Card>
        ))}
        <Card radius="lg" className={styles.stat} data-stat="recharges">
          <dt>{t('rechargesToday')}</dt>
          <dd>
            {rechargesToday.byCurrency.length === 0
              ? number.format(0)
              : rechargesToday.byCurrency.map((row) => consoleMoney(row.amountMinor, row.currency, locale)).join(' · ')}
            <span className={styles.statDetail}>
              {' '}
              {rechargesToday.orders === 0 ? t('noRecharges') : t('rechargeOrders', { count: rechargesToday.orders })}
            </span>
          </dd>
        </Card>
        <Card radius="lg" className={styles.stat} data-stat="errors" data-alert={figures.errorsLastHour > 0 ? 'true' : undefined}>
          <dt>{t('errorsLastHour')}</dt>
          <dd>
            {number.format(figures.errorsLastHour)}
            <span className={styles.statDetail}> {t('errorsDetail')}</span>
          </dd>
        </Card>
      </dl>
      <p className={styles.note}>{t('utcNote')}</p>
    </>
  );
}
