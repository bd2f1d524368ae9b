// /user-center/guessing-management (spec §2.2): the anchor's quizzes with their pools. Private, so the page frame
// renders on the server and the list is a client island fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { GuessingManagement } from '@/components/quiz/guessing-management';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('guessingManagement');

export default async function GuessingManagementPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('guessingManagement.title')}</h1>
      </header>
      <GuessingManagement />
    </div>
  );
}
