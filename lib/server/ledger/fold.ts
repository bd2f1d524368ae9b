import 'server-only';
// Folding append-only credits into their accounts' balances: one statement takes a batch of pending entries
// (skipping any another folder holds) and adds their sums, so senders never wait on an anchor's balance row.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

const foldBatch = 20_000;

/** Folds pending entries until none are left; returns how many were folded. */
export async function foldPendingEntries(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await queryRows<{ folded: string | number | null }>(db, sql`
      WITH moved AS (
        DELETE FROM ledger_pending
        WHERE entry_id IN (SELECT entry_id FROM ledger_pending ORDER BY entry_id LIMIT ${foldBatch} FOR UPDATE SKIP LOCKED)
        RETURNING account, asset, amount
      ), sums AS (
        SELECT account, asset, sum(amount)::bigint AS amount, count(*) AS entries FROM moved GROUP BY account, asset
      ), applied AS (
        INSERT INTO ledger_balances (account, asset, balance)
        SELECT account, asset, amount FROM sums
        ON CONFLICT (account, asset) DO UPDATE SET balance = ledger_balances.balance + excluded.balance, updated_at = now()
      )
      SELECT coalesce(sum(entries), 0) AS folded FROM sums`);
    const folded = Number(result[0]?.folded ?? 0);
    total += folded;
    if (folded < foldBatch) return total;
  }
}
