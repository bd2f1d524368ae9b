// /user-center/focus: the anchors the signed-in viewer follows, live ones first. Private, so the page frame renders on the server and the list is a client island
// fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { FollowedAnchors } from '@/components/live/followed-anchors';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('focus');

export default async function FocusPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('focus.title')}</h1>
      </header>
      <FollowedAnchors />
    </div>
  );
}
