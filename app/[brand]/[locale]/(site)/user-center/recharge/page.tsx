// /user-center/recharge: the brand's packages and payment methods. Private, so the page frame renders on the server and
// the form is a client island fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { RechargePanel } from '@/components/wallet/recharge-panel';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('recharge');

export default async function RechargePage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('recharge.title')}</h1>
      </header>
      <RechargePanel />
    </div>
  );
}
