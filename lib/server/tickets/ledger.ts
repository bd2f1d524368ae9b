import 'server-only';
// Viewing tickets (backpack item type 105) on the one ledger: a grant moves tickets from the issuer to the
// user, spending one on HD moves it to `spent` in the same transaction as the HD grant.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { ledgerEntries, ledgerTransactions, lives, ticketGrants, users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { systemAccounts, ticketAsset, userAccount } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { postGrant } from '@/lib/server/ledger/grants';
import { InsufficientBalanceError, postMovement } from '@/lib/server/ledger/post';
import type { TicketHistory } from '@/lib/validation/live';

/**
 * Adds tickets to a user's backpack; the same key and the same grant twice grants once. A key already used for
 * another grant (another user or count) is refused.
 */
export async function grantTickets(
  db: Db,
  input: { userId: number; count: number; idempotencyKey: string; note?: string },
): Promise<{ granted: boolean; quantity: number }> {
  if (!Number.isInteger(input.count) || input.count < 1) throw new AppError('live.ticket.badCount');
  const posted = await postGrant(db, {
    from: systemAccounts.issuer,
    userId: input.userId,
    asset: ticketAsset,
    amount: input.count,
    kind: 'ticket.grant',
    body: { userId: input.userId, count: input.count },
    idempotencyKey: input.idempotencyKey,
    note: input.note ?? '',
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.key === 'wallet.errors.keyReused') throw new AppError('live.ticket.keyReused');
    throw error;
  });
  return { granted: !posted.replayed, quantity: await readItemCount(db, input.userId, ticketAsset) };
}

/**
 * Spends one ticket for HD of a live (spec §4, §9: one ticket per HD session). A viewer who already holds
 * HD for this live spends nothing, so a double click or a retry costs one ticket at most.
 */
export async function spendTicketForLive(db: Db, userId: number, liveId: number): Promise<{ spent: boolean; remaining: number }> {
  return db.transaction(async (tx) => {
    const [grant] = await tx.insert(ticketGrants).values({ userId, liveId }).onConflictDoNothing().returning({ id: ticketGrants.id });
    if (!grant) return { spent: false, remaining: await readItemCount(tx, userId, ticketAsset) };
    // Throwing rolls the HD grant back with the movement.
    await postMovement(
      tx,
      {
        idempotencyKey: `ticket.spend:${userId}:${liveId}`,
        kind: 'ticket.spend',
        body: { userId, liveId },
        userId,
        meta: { liveId },
        legs: [
          { account: userAccount(userId), asset: ticketAsset, amount: -1 },
          { account: systemAccounts.spent, asset: ticketAsset, amount: 1 },
        ],
      },
      async () => null,
    ).catch((error: unknown) => {
      if (error instanceof InsufficientBalanceError) throw new AppError('live.ticket.noTickets', {}, 1, { remaining: 0 });
      throw error;
    });
    return { spent: true, remaining: await readItemCount(tx, userId, ticketAsset) };
  });
}

export async function hasTicketGrant(db: Db, userId: number, liveId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketGrants.id })
    .from(ticketGrants)
    .where(and(eq(ticketGrants.userId, userId), eq(ticketGrants.liveId, liveId)))
    .limit(1);
  return Boolean(row);
}

/** /user-center/voucher: the caller's own ticket movements, newest first. */
export async function ticketHistory(db: Db, userId: number, page: number, size: number): Promise<TicketHistory> {
  const liveId = sql<number | null>`(${ledgerTransactions.meta} ->> 'liveId')::bigint`;
  const rows = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      note: sql<string>`coalesce(${ledgerTransactions.meta} ->> 'note', '')`,
      liveId,
      createdAt: ledgerEntries.createdAt,
      anchorId: lives.anchorId,
      anchorName: users.nickName,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(lives, eq(lives.id, liveId))
    .leftJoin(users, eq(users.id, lives.anchorId))
    .where(and(eq(ledgerEntries.account, userAccount(userId)), eq(ledgerEntries.asset, ticketAsset)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    remaining: await readItemCount(db, userId, ticketAsset),
    list: rows.map((row) => ({
      id: row.id,
      change: Number(row.amount),
      reason: row.amount < 0 ? 'spend' : 'grant',
      note: row.note,
      live_id: Number(row.liveId ?? 0),
      anchor_id: row.anchorId ?? 0,
      anchor_name: row.anchorName ?? '',
      created_at: Math.floor(row.createdAt.getTime() / 1000),
    })),
  };
}
