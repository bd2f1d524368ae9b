import 'server-only';
// Viewing tickets (backpack item type 105) as a ledger: every movement writes entries that sum to zero, under
// an idempotency key, in the same transaction as the guarded change of the count, which never goes negative.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { backpackItems, lives, ticketGrants, ticketLedger, users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { ticketItemType, type TicketHistory } from '@/lib/validation/live';

const ticketAccounts = { issuer: 'issuer', spent: 'spent', user: (userId: number) => `user:${userId}` } as const;

async function ticketCount(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: backpackItems.quantity })
    .from(backpackItems)
    .where(and(eq(backpackItems.userId, userId), eq(backpackItems.itemType, ticketItemType)));
  return row?.quantity ?? 0;
}

/**
 * Adds tickets to a user's backpack; the same key and the same grant twice grants once. A key already used for
 * another grant (another user or count) is refused: it would otherwise book one side of a movement.
 */
export async function grantTickets(
  db: Db,
  input: { userId: number; count: number; idempotencyKey: string; note?: string },
): Promise<{ granted: boolean; quantity: number }> {
  if (!Number.isInteger(input.count) || input.count < 1) throw new AppError('live.ticket.badCount');
  return db.transaction(async (tx) => {
    const entries = await tx
      .insert(ticketLedger)
      .values([
        { idempotencyKey: input.idempotencyKey, account: ticketAccounts.issuer, delta: -input.count, reason: 'grant', note: input.note ?? '' },
        { idempotencyKey: input.idempotencyKey, account: ticketAccounts.user(input.userId), userId: input.userId, delta: input.count, reason: 'grant', note: input.note ?? '' },
      ])
      .onConflictDoNothing()
      .returning({ id: ticketLedger.id });
    // Two rows: a new grant. None: this key granted before, to this user; one: the key is another user's grant.
    if (entries.length === 1) throw new AppError('live.ticket.keyReused');
    if (entries.length === 0) {
      const [earlier] = await tx
        .select({ delta: ticketLedger.delta })
        .from(ticketLedger)
        .where(and(eq(ticketLedger.idempotencyKey, input.idempotencyKey), eq(ticketLedger.account, ticketAccounts.user(input.userId))));
      if (earlier?.delta !== input.count) throw new AppError('live.ticket.keyReused');
      return { granted: false, quantity: await ticketCount(tx, input.userId) };
    }
    const [row] = await tx
      .insert(backpackItems)
      .values({ userId: input.userId, itemType: ticketItemType, quantity: input.count })
      .onConflictDoUpdate({
        target: [backpackItems.userId, backpackItems.itemType],
        set: { quantity: sql`${backpackItems.quantity} + ${input.count}`, updatedAt: new Date() },
      })
      .returning({ quantity: backpackItems.quantity });
    return { granted: true, quantity: row.quantity };
  });
}

/**
 * Spends one ticket for HD of a live (spec §4, §9: one ticket per HD session). A viewer who already holds
 * HD for this live spends nothing, so a double click or a retry costs one ticket at most.
 */
export async function spendTicketForLive(db: Db, userId: number, liveId: number): Promise<{ spent: boolean; remaining: number }> {
  return db.transaction(async (tx) => {
    const [grant] = await tx.insert(ticketGrants).values({ userId, liveId }).onConflictDoNothing().returning({ id: ticketGrants.id });
    if (!grant) return { spent: false, remaining: await ticketCount(tx, userId) };
    const [row] = await tx
      .update(backpackItems)
      .set({ quantity: sql`${backpackItems.quantity} - 1`, updatedAt: new Date() })
      .where(and(eq(backpackItems.userId, userId), eq(backpackItems.itemType, ticketItemType), gte(backpackItems.quantity, 1)))
      .returning({ quantity: backpackItems.quantity });
    // Throwing rolls the grant back with it.
    if (!row) throw new AppError('live.ticket.noTickets', {}, 1, { remaining: 0 });
    const idempotencyKey = `spend:${userId}:${liveId}`;
    await tx.insert(ticketLedger).values([
      { idempotencyKey, account: ticketAccounts.user(userId), userId, delta: -1, reason: 'spend', liveId },
      { idempotencyKey, account: ticketAccounts.spent, delta: 1, reason: 'spend', liveId },
    ]);
    return { spent: true, remaining: row.quantity };
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
  const rows = await db
    .select({ entry: ticketLedger, anchorId: lives.anchorId, anchorName: users.nickName })
    .from(ticketLedger)
    .leftJoin(lives, eq(lives.id, ticketLedger.liveId))
    .leftJoin(users, eq(users.id, lives.anchorId))
    .where(eq(ticketLedger.account, ticketAccounts.user(userId)))
    .orderBy(desc(ticketLedger.createdAt), desc(ticketLedger.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    remaining: await ticketCount(db, userId),
    list: rows.map(({ entry, anchorId, anchorName }) => ({
      id: entry.id,
      change: entry.delta,
      reason: entry.reason,
      note: entry.note,
      live_id: entry.liveId ?? 0,
      anchor_id: anchorId ?? 0,
      anchor_name: anchorName ?? '',
      created_at: Math.floor(entry.createdAt.getTime() / 1000),
    })),
  };
}
