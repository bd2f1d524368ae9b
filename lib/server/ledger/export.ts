import 'server-only';
// The ledger's entries of a period as CSV (RFC 4180), read from one snapshot and written line by line so a large
// period never sits in memory: `ops ledger:export` writes them to a file or standard output, the console's
// finance page streams them as a download of one brand's accounts.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { currencies, type Currency } from './accounts';

/** Hundredths as the product shows them: 1234 → "12.34", exact for any safe integer. */
export function shownHundredths(amount: number): string {
  const whole = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}

/** An RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text field a spreadsheet would run as a formula (a client's idempotency key is free text) starts with a quote instead. */
function csvText(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

const exportHeader = ['transaction_id', 'idempotency_key', 'kind', 'time', 'account', 'asset', 'amount', 'shown'].join(',');
const exportPage = 5000;

/** [from, to); `account` keeps one account's entries; `brandId` keeps the transactions asked for by that brand's users. */
export type LedgerExportRange = { from: Date; to: Date; account?: string; brandId?: string };

type ExportRow = { entry_id: string; transaction_id: string; idempotency_key: string; kind: string; created_at: Date | string; account: string; asset: string; amount: string };

/** Writes the header and every entry of the range, oldest first; returns how many entries were written. */
export async function exportLedger(db: Db, range: LedgerExportRange, write: (line: string) => void | Promise<void>): Promise<number> {
  return db.transaction(
    async (tx) => {
      await write(exportHeader);
      // The period's transaction ids first (by the time index), so each page reads entries by transaction id
      // instead of walking the whole entries table.
      const [ids] = await queryRows<{ first: string | null; last: string | null }>(tx, sql`
        SELECT min(id) AS first, max(id) AS last FROM ledger_transactions
        WHERE created_at >= ${range.from.toISOString()} AND created_at < ${range.to.toISOString()}`);
      if (ids.first === null || ids.last === null) return 0;
      let after = 0;
      let count = 0;
      for (;;) {
        const rows = await queryRows<ExportRow>(tx, sql`
          SELECT e.id AS entry_id, t.id AS transaction_id, t.idempotency_key, t.kind, t.created_at, e.account, e.asset, e.amount
          FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE e.transaction_id BETWEEN ${Number(ids.first)} AND ${Number(ids.last)} AND e.id > ${after}
            AND t.created_at >= ${range.from.toISOString()} AND t.created_at < ${range.to.toISOString()}
            ${range.account ? sql`AND e.account = ${range.account}` : sql``}
            ${range.brandId ? sql`AND t.user_id IN (SELECT id FROM users WHERE brand_id = ${range.brandId})` : sql``}
          ORDER BY e.id LIMIT ${exportPage}`);
        for (const row of rows) {
          const amount = Number(row.amount);
          await write(
            [
              csvField(row.transaction_id),
              csvText(row.idempotency_key),
              csvText(row.kind),
              csvField(new Date(row.created_at).toISOString()),
              csvText(row.account),
              csvText(row.asset),
              csvField(amount),
              isCurrency(row.asset) ? shownHundredths(amount) : '',
            ].join(','),
          );
        }
        count += rows.length;
        if (rows.length < exportPage) return count;
        after = Number(rows[rows.length - 1].entry_id);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
