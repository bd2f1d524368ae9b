import 'server-only';
// Proving the books: in one snapshot, every account's balance (folded plus pending) equals the sum of its
// entries, every transaction and every asset sums to zero, and no user account is below zero.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import type { LedgerMismatch } from '@/lib/validation/admin-money';

export type { LedgerMismatch };

export type LedgerReport = { accounts: number; entries: number; mismatches: number; details: LedgerMismatch[] };

export async function verifyLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const accounts = await queryRows<{ account: string; asset: string; balance: string; entries: string }>(tx, sql`
        WITH stored AS (
          SELECT account, asset, balance FROM ledger_balances
          UNION ALL SELECT account, asset, amount FROM ledger_pending
        ), balances AS (SELECT account, asset, sum(balance) AS balance FROM stored GROUP BY account, asset),
        sums AS (SELECT account, asset, sum(amount) AS entries FROM ledger_entries GROUP BY account, asset)
        SELECT coalesce(b.account, s.account) AS account, coalesce(b.asset, s.asset) AS asset,
               coalesce(b.balance, 0) AS balance, coalesce(s.entries, 0) AS entries
        FROM balances b FULL JOIN sums s ON s.account = b.account AND s.asset = b.asset`);
      const transactions = await queryRows<{ transaction_id: string; asset: string; sum: string }>(tx, sql`
        SELECT transaction_id, asset, sum(amount) AS sum FROM ledger_entries GROUP BY transaction_id, asset HAVING sum(amount) <> 0 LIMIT 100`);
      const assets = await queryRows<{ asset: string; sum: string }>(tx, sql`
        SELECT asset, sum(amount) AS sum FROM ledger_entries GROUP BY asset HAVING sum(amount) <> 0`);
      const [{ count }] = (await queryRows<{ count: string }>(tx, sql`SELECT count(*) AS count FROM ledger_entries`));

      const details: LedgerMismatch[] = [];
      for (const row of accounts) {
        const balance = Number(row.balance);
        const entries = Number(row.entries);
        if (balance !== entries) details.push({ kind: 'account', account: row.account, asset: row.asset, balance, entries });
        if (row.account.startsWith('user:') && balance < 0) details.push({ kind: 'negative', account: row.account, asset: row.asset, balance });
      }
      for (const row of transactions) details.push({ kind: 'transaction', transactionId: Number(row.transaction_id), asset: row.asset, sum: Number(row.sum) });
      for (const row of assets) details.push({ kind: 'asset', asset: row.asset, sum: Number(row.sum) });
      return { accounts: accounts.length, entries: Number(count), mismatches: details.length, details };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
