// /user-center/mySchedule (spec §2.2): the matches and planned lives the signed-in user booked. Private, so the page
// frame renders on the server and the list is a client island.
import { getTranslations } from 'next-intl/server';
import { MySchedule } from '@/components/bookings/my-schedule';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('mySchedule');

export default async function MySchedulePage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('mySchedule.title')}</h1>
      </header>
      <MySchedule />
    </div>
  );
}
