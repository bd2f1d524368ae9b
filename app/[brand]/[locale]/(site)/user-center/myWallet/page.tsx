// /user-center/myWallet: balances, recharge, and the income and consumption lists. Private, so the page frame renders
// on the server and the wallet is a client island fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { MyWallet } from '@/components/wallet/my-wallet';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('myWallet');

export default async function MyWalletPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('myWallet.title')}</h1>
      </header>
      <MyWallet />
    </div>
  );
}
