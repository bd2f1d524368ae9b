// /user-center/privateChat (spec §2.2, tab 9): private conversations with anchors and the system conversation.
// Private, so the page frame renders on the server and the conversations are a client island.
import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { PrivateChatView } from '@/components/inbox/private-chat-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('privateChat');

export default async function PrivateChatPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('privateChat.title')}</h1>
      </header>
      <Suspense>
        <PrivateChatView />
      </Suspense>
    </div>
  );
}
