// /user-center/rechargeHistory: the signed-in user's recharge orders; a checkout returns here with ?order=<id>.
// Private, so the page frame renders on the server and the list is a client island fed by the stored session.
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { RechargeHistory } from '@/components/wallet/recharge-history';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('rechargeHistory');

export default async function RechargeHistoryPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('rechargeHistory.title')}</h1>
      </header>
      {/* The returned order is read from the address, which only the browser has. */}
      <Suspense>
        <RechargeHistory />
      </Suspense>
    </div>
  );
}
