// The finance page: the newest proof of the books (and a new one on demand), a CSV download of a period, and the
// brand's users' transactions with every leg, found by user, kind or idempotency key (a GET form, so a search is a
// link). Amounts of currencies show in units (hundredths / 100), items as counts.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminLedgerPath, adminPersonPath, adminRoutes } from '@/lib/routes';
import type { LedgerMismatch, LedgerSearchPage, LedgerSearchQuery, LedgerVerification } from '@/lib/validation/admin-money';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

const isCurrency = (asset: string) => asset === 'diamond' || asset === 'gold';

function LegAmount({ asset, amount, locale }: { asset: string; amount: number; locale: string }) {
  const shown = isCurrency(asset) ? new Intl.NumberFormat(locale, { minimumFractionDigits: 2, signDisplay: 'always' }).format(amount / 100) : new Intl.NumberFormat(locale, { signDisplay: 'always' }).format(amount);
  return <span className={styles.num}>{shown}</span>;
}

function Books({ verification }: { verification: LedgerVerification | null }) {
  const t = useTranslations('admin.money.books');
  const locale = useLocale();
  const mismatch = (item: LedgerMismatch) => t(`mismatch.${item.kind}`, { ...item, transactionId: 'transactionId' in item ? item.transactionId : 0 } as Record<string, string | number>);
  return (
    <Card as="section" radius="lg" className={styles.panel} aria-labelledby="ledger-books">
      <h2 id="ledger-books" className={styles.panelTitle}>
        {t('heading')}
      </h2>
      {verification === null ? (
        <p className={styles.muted}>{t('never')}</p>
      ) : (
        <>
          <p data-testid="ledger-verdict">
            {verification.mismatches === 0 ? <Badge tone="success">{t('balanced')}</Badge> : <Badge tone="live">{t('unbalanced', { count: verification.mismatches })}</Badge>}{' '}
            {t('figures', { accounts: verification.accounts, entries: verification.entries })}
          </p>
          <p className={styles.muted}>
            {t('when', { time: consoleTime(verification.at, locale), ms: verification.durationMs, by: verification.actorId === null ? t('byJob') : t('byPerson', { id: verification.actorId }) })}
          </p>
          {verification.details.length > 0 && (
            <ul className={styles.legs}>
              {verification.details.map((item, index) => (
                <li key={index} className={styles.mono}>
                  {mismatch(item)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ActionForm endpoint="/api/admin/verifyLedger" submitLabel={t('verify')} doneMessage={t('verified')} variant="outline" />
    </Card>
  );
}

function Export() {
  const t = useTranslations('admin.money.export');
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  return (
    <Card as="section" radius="lg" className={styles.panel} aria-labelledby="ledger-export">
      <h2 id="ledger-export" className={styles.panelTitle}>
        {t('heading')}
      </h2>
      <p className={styles.muted}>{t('lead')}</p>
      <form className={styles.toolbar} action="/api/admin/ledgerExport" method="get">
        <label className={styles.field}>
          <span className={styles.label}>{t('from')}</span>
          <input className={styles.input} type="date" name="from" defaultValue={monthStart} required />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('to')}</span>
          <input className={styles.input} type="date" name="to" defaultValue={today} required />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('user')}</span>
          <input className={styles.input} name="user" inputMode="numeric" pattern="[0-9]*" size={10} maxLength={15} />
        </label>
        <button type="submit" className={buttonClass({ variant: 'outline', size: 'md' })}>
          {t('download')}
        </button>
      </form>
    </Card>
  );
}

export function LedgerView({ query, ledger, verification }: { query: LedgerSearchQuery; ledger: LedgerSearchPage; verification: LedgerVerification | null }) {
  const t = useTranslations('admin.money.ledger');
  const assets = useTranslations('admin.money.currencies');
  const locale = useLocale();
  const assetName = (asset: string) => (isCurrency(asset) ? assets(asset as 'diamond' | 'gold') : asset);
  return (
    <div className={styles.stack}>
      <div className={styles.panels}>
        <Books verification={verification} />
        <Export />
      </div>
      <form className={styles.toolbar} action={adminRoutes.ledger}>
        <label className={styles.field}>
          <span className={styles.label}>{t('user')}</span>
          <input className={styles.input} name="user" inputMode="numeric" defaultValue={query.user ?? ''} size={10} maxLength={15} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('kind')}</span>
          <input className={styles.input} name="kind" defaultValue={query.kind ?? ''} size={14} maxLength={40} placeholder={t('kindHint')} />
        </label>
        <label className={`${styles.field} ${styles.grow}`}>
          <span className={styles.label}>{t('key')}</span>
          <input className={styles.input} name="key" defaultValue={query.key ?? ''} maxLength={200} />
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          {t('search')}
        </button>
        <Link href={adminRoutes.ledger} className={buttonClass({ variant: 'secondary', size: 'md' })}>
          {t('clear')}
        </Link>
      </form>
      <p className={styles.muted} role="status">
        {ledger.total === 0 ? t('empty') : t('total', { total: ledger.total })}
      </p>
      {ledger.rows.length > 0 && (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('user')}</th>
                <th scope="col">{t('kind')}</th>
                <th scope="col">{t('legs')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.rows.map((row) => (
                <tr key={row.id} data-transaction={row.id}>
                  <td data-label={t('when')}>
                    <span>
                      {consoleTime(row.at, locale)}
                      <br />
                      <span className={styles.muted}>#{row.id}</span>
                    </span>
                  </td>
                  <td data-label={t('user')}>{row.user ? <Link href={adminPersonPath(row.user.id)}>{`${row.user.nickName} #${row.user.id}`}</Link> : '—'}</td>
                  <td data-label={t('kind')}>
                    <span>
                      <Link href={adminLedgerPath({ kind: row.kind })}>{row.kind}</Link>
                      <br />
                      <span className={`${styles.muted} ${styles.mono}`}>{row.key}</span>
                    </span>
                  </td>
                  <td data-label={t('legs')}>
                    <ul className={styles.legs}>
                      {row.legs.map((leg, index) => (
                        <li key={index}>
                          <span className={styles.mono}>{leg.account}</span> <LegAmount asset={leg.asset} amount={leg.amount} locale={locale} /> {assetName(leg.asset)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={ledger.page} pages={ledger.pages} href={(page) => adminLedgerPath({ ...query, page })} />
    </div>
  );
}
