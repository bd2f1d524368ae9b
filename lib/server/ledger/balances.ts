import 'server-only';
// Reading balances: a user's wallet and backpack straight from their exact rows; an append-only account
// (an anchor's earnings, a system account) as its folded balance plus what is still pending.
import { and, eq, like, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { ledgerBalances } from '@/lib/db/schema';
import { parseItemAsset, userAccount, type Asset, type Currency } from './accounts';

export type Wallet = Record<Currency, number>;
export type BackpackEntry = { type: number; props_id: number; quantity: number };

export async function readWallet(db: Db | Tx, userId: number): Promise<Wallet> {
  const rows = await db
    .select({ asset: ledgerBalances.asset, balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, userAccount(userId)), sql`${ledgerBalances.asset} IN ('diamond', 'gold')`));
  const wallet: Wallet = { diamond: 0, gold: 0 };
  for (const row of rows) wallet[row.asset as Currency] = Number(row.balance);
  return wallet;
}

/** The items a user holds (quantity above zero), by type and props id. */
export async function readBackpack(db: Db | Tx, userId: number): Promise<BackpackEntry[]> {
  const rows = await db
    .select({ asset: ledgerBalances.asset, balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, userAccount(userId)), like(ledgerBalances.asset, 'item:%'), sql`${ledgerBalances.balance} > 0`));
  return rows
    .flatMap((row) => {
      const item = parseItemAsset(row.asset);
      return item ? [{ type: item.type, props_id: item.propsId, quantity: Number(row.balance) }] : [];
    })
    .sort((a, b) => a.type - b.type || a.props_id - b.props_id);
}

export async function readItemCount(db: Db | Tx, userId: number, asset: Asset): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, userAccount(userId)), eq(ledgerBalances.asset, asset)));
  return Number(row?.balance ?? 0);
}

/**
 * Any account's balance: the stored row plus entries not yet folded into it, read in one statement (one snapshot),
 * so a fold committing between two reads can neither count its entries twice nor lose them.
 */
export async function readAccountBalance(db: Db | Tx, account: string, asset: Asset): Promise<number> {
  const [row] = await queryRows<{ balance: string | number }>(db, sql`
    SELECT coalesce((SELECT balance FROM ledger_balances WHERE account = ${account} AND asset = ${asset}), 0)
         + coalesce((SELECT sum(amount) FROM ledger_pending WHERE account = ${account} AND asset = ${asset}), 0) AS balance`);
  return Number(row.balance);
}
