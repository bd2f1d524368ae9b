import 'server-only';
// The frame of the anchor's user-centre pages: the page title and a line on what it is for, then the client island
// (private data comes with the stored session, in the browser).
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import styles from '@/components/shell/route-page.module.css';
import pageStyles from './anchor-pages.module.css';

type AnchorPageName = 'applyAnchor' | 'centerAnchor' | 'liveRoomSettings' | 'liveManagement';

export async function AnchorPage({ name, locale, children }: { name: AnchorPageName; locale: Locale; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: 'pages' });
  const tAnchor = await getTranslations({ locale, namespace: 'anchor.pages' });
  return (
    <div className={styles.page}>
      <header className={`${styles.heading} ${pageStyles.pageHeading}`}>
        <h1 className={styles.title}>{t(`${name}.title`)}</h1>
      </header>
      <p className={pageStyles.pageLead}>{tAnchor(name)}</p>
      {children}
    </div>
  );
}
