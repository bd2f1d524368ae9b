// /user-center/checkin (spec §2.2): the signed-in user's week, month and check-in history. Private, so the page frame
// renders on the server and the rest is a client island fed by the stored session; `?page=` pages the history.
import { getTranslations } from 'next-intl/server';
import { CheckinPage as CheckinIsland } from '@/components/checkin/checkin-page';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('checkin');

export default async function CheckinPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: Promise<{ page?: string }> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const requested = Number((await searchParams).page);
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('checkin.title')}</h1>
      </header>
      <CheckinIsland page={page} />
    </div>
  );
}
