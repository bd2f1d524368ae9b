import 'server-only';
// The frame of the anchor's user-centre pages: the page title and a line on what it is for, then the client island
// (private data comes with the stored session, in the browser). The brand's ticket switch is read here once.
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { getDb } from '@/lib/db';
import { getAppConfig } from '@/lib/server/config/app-config';
import styles from '@/components/shell/route-page.module.css';
import pageStyles from './anchor-pages.module.css';

type AnchorPageName = 'applyAnchor' | 'centerAnchor' | 'liveRoomSettings' | 'liveManagement';

export async function AnchorPage({ name, params, children }: { name: AnchorPageName; params: Promise<LocaleParams>; children: (ticketSwitch: number) => ReactNode }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const tAnchor = await getTranslations({ locale, namespace: 'anchor.pages' });
  const config = await getAppConfig(await getDb(), brand.id);
  return (
    <div className={styles.page}>
      <header className={`${styles.heading} ${pageStyles.pageHeading}`}>
        <h1 className={styles.title}>{t(`${name}.title`)}</h1>
      </header>
      <p className={pageStyles.pageLead}>{tAnchor(name)}</p>
      {children(config.ticket_switch)}
    </div>
  );
}
