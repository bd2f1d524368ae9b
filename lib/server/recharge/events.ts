import 'server-only';
// Applying a verified provider event to its order exactly once (docs/recharge.md). In one transaction: the order
// row is locked (every event of one order waits its turn), the event is recorded under its provider and event id
// (a second delivery finds it and does nothing), and the ledger moves under the order's own keys.
//
//   pending ──paid──▶ paid ──refunded──▶ refunded
//      │                 └──disputed──▶ disputed
//      ├──failed──▶ failed ──paid──▶ paid        (the money did arrive: it is credited)
//      └──expired─▶ expired ─paid──▶ paid
//
// A status never moves back. A refund or dispute that arrives before its payment is kept on the order
// (`pending_reversal`) and applied in the same transaction as the payment when that arrives.
import { eq, and, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { rechargeEvents, rechargeOrders, type RechargeEventOutcome, type RechargeOrder } from '@/lib/db/schema';
import { debtAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { postMovement, type Leg } from '@/lib/server/ledger/post';
import { log } from '@/lib/server/log';
import type { PaymentProvider } from '@/lib/validation/recharge-constants';
import type { ProviderEvent } from './provider';

export type AppliedEvent = { outcome: RechargeEventOutcome; reason: string; orderId?: number; status?: RechargeOrder['status'] };

type Decision = { outcome: RechargeEventOutcome; reason: string; userMoved?: number };

/** Records and applies one verified event; announces the new balance to the user's sessions once committed. */
export async function applyProviderEvent(db: Db, provider: PaymentProvider, event: ProviderEvent): Promise<AppliedEvent> {
  const applied = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, provider, event);
    const [recorded] = await tx
      .insert(rechargeEvents)
      .values({
        provider,
        eventId: event.eventId,
        orderId: order?.id ?? event.orderId ?? null,
        kind: event.kind,
        amountMinor: event.amountMinor,
        currency: event.currency,
        outcome: 'applied',
        payload: event.payload,
      })
      .onConflictDoNothing()
      .returning({ id: rechargeEvents.id });
    if (!recorded) return { outcome: 'duplicate' as const, reason: 'sameEvent', orderId: order?.id, status: order?.status, userId: undefined };
    const decision = order ? await decide(tx, order, event) : { outcome: 'refused' as const, reason: 'unknownOrder' };
    await tx.update(rechargeEvents).set({ outcome: decision.outcome, reason: decision.reason }).where(eq(rechargeEvents.id, recorded.id));
    const [after] = order ? await tx.select({ status: rechargeOrders.status }).from(rechargeOrders).where(eq(rechargeOrders.id, order.id)) : [];
    return { ...decision, orderId: order?.id, status: after?.status, userId: decision.userMoved !== undefined ? order?.userId : undefined };
  });
  if (applied.outcome === 'refused') log.warn('recharge event refused', { provider, eventId: event.eventId, orderId: applied.orderId, kind: event.kind, reason: applied.reason });
  if (applied.userId !== undefined) await announceBalance(applied.userId, await readWallet(db, applied.userId));
  return { outcome: applied.outcome, reason: applied.reason, orderId: applied.orderId, status: applied.status };
}

/** The event's order, locked for the rest of the transaction: by our id, or by the provider's payment reference. */
async function lockOrder(tx: Tx, provider: PaymentProvider, event: ProviderEvent): Promise<RechargeOrder | undefined> {
  const where =
    event.orderId !== undefined
      ? and(eq(rechargeOrders.id, event.orderId), eq(rechargeOrders.provider, provider))
      : event.paymentRef
        ? and(eq(rechargeOrders.paymentRef, event.paymentRef), eq(rechargeOrders.provider, provider))
        : undefined;
  if (!where) return undefined;
  const [order] = await tx.select().from(rechargeOrders).where(where).for('update');
  return order;
}

async function decide(tx: Tx, order: RechargeOrder, event: ProviderEvent): Promise<Decision> {
  const movesMoney = event.kind === 'paid' || event.kind === 'refunded' || event.kind === 'disputed';
  if (movesMoney && event.currency !== order.currency) return { outcome: 'refused', reason: 'currencyMismatch' };
  // Refunds are whole: a partial one (Stripe and Alipay report the refunded total) waits for the rest.
  if (movesMoney && event.amountMinor !== order.priceMinor) return { outcome: 'refused', reason: event.kind === 'refunded' && event.amountMinor < order.priceMinor ? 'partialRefund' : 'amountMismatch' };

  switch (event.kind) {
    case 'paid': {
      if (order.status === 'paid' || order.status === 'refunded' || order.status === 'disputed') return { outcome: 'duplicate', reason: 'alreadyPaid' };
      const debtPaid = await creditOrder(tx, order, event.paymentRef);
      const moved = order.diamond + order.bonus - debtPaid;
      if (!order.pendingReversal) return { outcome: 'applied', reason: '', userMoved: moved };
      await reverseOrder(tx, { ...order, status: 'paid', debtPaid }, order.pendingReversal);
      return { outcome: 'applied', reason: `then${order.pendingReversal === 'refunded' ? 'Refunded' : 'Disputed'}`, userMoved: moved };
    }
    case 'failed':
    case 'expired': {
      if (order.status !== 'pending') return { outcome: 'ignored', reason: 'statusCannotGoBack' };
      await setStatus(tx, order.id, { status: event.kind, closedAt: new Date() });
      return { outcome: 'applied', reason: '' };
    }
    case 'refunded':
    case 'disputed': {
      if (order.status === 'refunded' || order.status === 'disputed') return { outcome: 'duplicate', reason: 'alreadyReversed' };
      if (order.status !== 'paid') {
        if (order.pendingReversal) return { outcome: 'duplicate', reason: 'reversalAlreadyWaiting' };
        await setStatus(tx, order.id, { pendingReversal: event.kind });
        return { outcome: 'deferred', reason: 'beforePayment' };
      }
      return { outcome: 'applied', reason: '', userMoved: await reverseOrder(tx, order, event.kind) };
    }
  }
}

async function setStatus(tx: Tx, orderId: number, changes: Partial<typeof rechargeOrders.$inferInsert>): Promise<void> {
  await tx
    .update(rechargeOrders)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(rechargeOrders.id, orderId));
}

/**
 * The user's gems and what they owe, both rows locked until the transaction ends (0 for a row not there yet).
 * Always the debt row first, then the wallet: two events of one user's orders never wait on each other in a cycle.
 */
async function lockedGems(tx: Tx, userId: number): Promise<{ wallet: number; owed: number }> {
  const rows = await queryRows<{ account: string; balance: string | number }>(tx, sql`
    SELECT account, balance FROM ledger_balances
    WHERE account IN (${debtAccount(userId)}, ${userAccount(userId)}) AND asset = 'diamond'
    ORDER BY account
    FOR UPDATE`);
  const balance = (account: string) => Number(rows.find((row) => row.account === account)?.balance ?? 0);
  return { wallet: balance(userAccount(userId)), owed: Math.max(0, -balance(debtAccount(userId))) };
}

const nonZero = (legs: Leg[]) => legs.filter((leg) => leg.amount !== 0);

/**
 * Pays for the order: the package's gems from `system:payments` (what was paid for) and its bonus from
 * `system:promotions` (what was given). What the user owes from an earlier reversal is paid off first.
 * Returns the debt it paid off.
 */
async function creditOrder(tx: Tx, order: RechargeOrder, paymentRef: string | undefined): Promise<number> {
  const total = order.diamond + order.bonus;
  const { owed } = await lockedGems(tx, order.userId);
  const debtPaid = Math.min(owed, total);
  await postMovement(
    tx,
    {
      idempotencyKey: `recharge:${order.id}`,
      kind: 'recharge',
      body: { orderId: order.id, userId: order.userId, diamond: order.diamond, bonus: order.bonus, debtPaid },
      userId: order.userId,
      meta: { orderId: order.id, provider: order.provider, priceMinor: order.priceMinor, currency: order.currency },
      legs: nonZero([
        { account: systemAccounts.payments, asset: 'diamond', amount: -order.diamond },
        { account: systemAccounts.promotions, asset: 'diamond', amount: -order.bonus },
        { account: debtAccount(order.userId), asset: 'diamond', amount: debtPaid },
        { account: userAccount(order.userId), asset: 'diamond', amount: total - debtPaid },
      ]),
    },
    async () => null,
  );
  await setStatus(tx, order.id, { status: 'paid', paidAt: new Date(), debtPaid, ...(paymentRef ? { paymentRef } : {}) });
  return debtPaid;
}

/**
 * Takes a refunded or disputed recharge back: from the wallet what it still holds of what the recharge put there,
 * the rest booked as debt on `debt:<user>` (so a debt the recharge paid off is owed again). The wallet's row is
 * locked before the amounts are worked out, so no spend can slip between the read and the debit. Returns what left
 * the wallet.
 */
async function reverseOrder(tx: Tx, order: RechargeOrder, kind: 'refunded' | 'disputed'): Promise<number> {
  const total = order.diamond + order.bonus;
  const taken = Math.min(total - order.debtPaid, (await lockedGems(tx, order.userId)).wallet);
  const debtBooked = total - taken;
  await postMovement(
    tx,
    {
      idempotencyKey: `recharge.reversal:${order.id}`,
      kind: kind === 'refunded' ? 'recharge.refund' : 'recharge.dispute',
      body: { orderId: order.id, userId: order.userId, kind, taken, debtBooked },
      userId: order.userId,
      meta: { orderId: order.id, provider: order.provider, priceMinor: order.priceMinor, currency: order.currency },
      legs: nonZero([
        { account: userAccount(order.userId), asset: 'diamond', amount: -taken },
        { account: debtAccount(order.userId), asset: 'diamond', amount: -debtBooked },
        { account: systemAccounts.payments, asset: 'diamond', amount: order.diamond },
        { account: systemAccounts.promotions, asset: 'diamond', amount: order.bonus },
      ]),
    },
    async () => null,
  );
  await setStatus(tx, order.id, { status: kind, closedAt: new Date(), debtBooked, pendingReversal: null });
  return taken;
}
