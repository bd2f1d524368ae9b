import 'server-only';
// The wallet's income and consumption lists (POST /api/wallet/history): the user's own ledger entries in gems and
// diamonds, into the wallet (income) or out of it (consumption), newest first, with what moved them.
import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { ledgerEntries, ledgerTransactions } from '@/lib/db/schema';
import { userAccount } from '@/lib/server/ledger/accounts';
import { rechargePageSize, type WalletHistoryKind } from '@/lib/validation/recharge-constants';
import type { WalletHistory } from '@/lib/validation/recharge';
import { readOwed } from './orders';

export async function readWalletHistory(db: Db, userId: number, kind: WalletHistoryKind, page: number): Promise<WalletHistory> {
  const rows = await db
    .select({ id: ledgerEntries.id, asset: ledgerEntries.asset, amount: ledgerEntries.amount, kind: ledgerTransactions.kind, createdAt: ledgerTransactions.createdAt })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.account, userAccount(userId)),
        inArray(ledgerEntries.asset, ['diamond', 'gold']),
        kind === 'income' ? gt(ledgerEntries.amount, 0) : lt(ledgerEntries.amount, 0),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(rechargePageSize + 1)
    .offset((page - 1) * rechargePageSize);
  return {
    list: rows.slice(0, rechargePageSize).map((row) => ({
      id: row.id,
      kind: row.kind,
      asset: row.asset === 'gold' ? 'gold' : 'diamond',
      amount: row.amount,
      value: row.amount / 100,
      created_at: Math.floor(row.createdAt.getTime() / 1000),
    })),
    page,
    size: rechargePageSize,
    has_more: rows.length > rechargePageSize,
    owed: await readOwed(db, userId),
  };
}
