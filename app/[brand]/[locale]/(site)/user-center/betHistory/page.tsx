// /user-center/betHistory (spec §2.2): the signed-in user's quiz bets with result and payout. Private, so the page
// frame renders on the server and the list is a client island fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { BetHistory } from '@/components/quiz/bet-history';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('betHistory');

export default async function BetHistoryPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('betHistory.title')}</h1>
      </header>
      <BetHistory />
    </div>
  );
}
