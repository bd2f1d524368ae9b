// /user-center/voucher: the signed-in viewer's viewing tickets, left and spent. Private, so the page frame renders on the server and the list is a client island
// fed by the stored session.
import { getTranslations } from 'next-intl/server';
import { TicketHistory } from '@/components/live/ticket-history';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';

export const generateMetadata = routeMetadata('voucher');

export default async function VoucherPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('voucher.title')}</h1>
      </header>
      <TicketHistory />
    </div>
  );
}
