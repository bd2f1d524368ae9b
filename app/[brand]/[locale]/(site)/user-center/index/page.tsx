// /user-center/index: the signed-in user's profile. Private, so the shared chrome renders on the server and
// the profile itself is a client island fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { ProfilePanel } from '@/components/user-center/profile-panel';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('userCenter');

export default async function UserCenterPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('userCenter.title')}</h1>
      </header>
      <ProfilePanel />
    </div>
  );
}
