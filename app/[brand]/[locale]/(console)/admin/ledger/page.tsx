// Finance: the proof of the books, a period's entries as CSV, and the brand's users' transactions by user, kind or key.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { LedgerView } from '@/components/admin/ledger-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleLedger } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleLedgerPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleLedger(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="ledger" title={t('money.ledger.heading')}>
      {page.allowed ? <LedgerView query={page.query} ledger={page.ledger} verification={page.verification} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
