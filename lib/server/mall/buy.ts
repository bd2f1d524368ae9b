import 'server-only';
// Buying in the mall: one ledger movement per purchase. The buyer pays the price to the house; an item also
// moves from the issuer into the buyer's backpack; limited stock is lowered by a guarded UPDATE and a VIP period
// applied in the same transaction, with the experience the spending earns. Anything refused rolls it all back.
import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { mallItems, type MallItem } from '@/lib/db/schema';
import { AppError, envelopeStatus } from '@/lib/server/http/errors';
import { itemAsset, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readBackpack, readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { recordSpending } from '@/lib/server/rankings/record';
import { InsufficientBalanceError, postMovement, type Leg } from '@/lib/server/ledger/post';
import { awardSpendingExperience } from '@/lib/server/users/experience';
import type { MallBuyReply } from '@/lib/validation/mall';
import { maxPurchaseCount } from '@/lib/validation/mall-constants';
import { findSellableItem } from './catalogue';
import { applyVipPurchase, readMembership } from './vip';

export type MallPurchase = { userId: number; brandId: string; itemId: number; count: number; clientKey: string };

/** The ledger key of a purchase: the client's key, scoped to the buyer so that no one can replay another's. */
function purchaseKey(userId: number, clientKey: string): string {
  return `mall:${userId}:${clientKey}`;
}

function purchaseLegs(item: MallItem, buyer: string, count: number): Leg[] {
  const cost = item.price * count;
  if (!Number.isSafeInteger(cost)) throw new AppError('mall.validation.badCount');
  const legs: Leg[] = [
    { account: buyer, asset: item.currency, amount: -cost },
    { account: systemAccounts.house, asset: item.currency, amount: cost },
  ];
  if (item.kind === 'item' && item.itemType !== null) {
    const asset = itemAsset(item.itemType, item.propsId);
    const units = item.quantity * count;
    legs.push({ account: systemAccounts.issuer, asset, amount: -units }, { account: buyer, asset, amount: units });
  }
  return legs;
}

/** Lowers limited stock by `count` in one statement that only succeeds while enough is left. */
async function takeStock(tx: Tx, item: MallItem, count: number): Promise<void> {
  if (item.stock === null) return;
  const taken = await tx
    .update(mallItems)
    .set({ stock: sql`${mallItems.stock} - ${count}` })
    .where(and(eq(mallItems.id, item.id), isNotNull(mallItems.stock), gte(mallItems.stock, count)))
    .returning({ stock: mallItems.stock });
  if (taken.length === 0) throw new AppError('mall.errors.soldOut');
}

/**
 * Buys `count` units of a mall item for the caller. A retry with the same key and input replays the first
 * purchase (nothing is charged twice); the same key with another input is refused.
 */
export async function buyMallItem(db: Db, purchase: MallPurchase): Promise<MallBuyReply> {
  const { userId, count } = purchase;
  if (!Number.isSafeInteger(count) || count < 1 || count > maxPurchaseCount) throw new AppError('mall.validation.badCount');
  const item = await findSellableItem(db, purchase.brandId, purchase.itemId);
  if (!item) throw new AppError('mall.errors.noSuchItem');
  const posted = await postMovement(
    db,
    {
      idempotencyKey: purchaseKey(userId, purchase.clientKey),
      kind: 'mall.purchase',
      body: { item_id: purchase.itemId, count },
      userId,
      meta: { itemId: item.id, kind: item.kind, count },
      legs: purchaseLegs(item, userAccount(userId), count),
    },
    async (tx) => {
      await takeStock(tx, item, count);
      if (item.kind === 'vip' && item.vipLevel !== null && item.periodDays !== null) {
        await applyVipPurchase(tx, userId, item.vipLevel, item.periodDays * count);
      }
      await awardSpendingExperience(tx, userId, item.price * count);
      return { item_id: item.id, count };
    },
  ).catch((error: unknown) => {
    // The gift dialog's status (spec §8, 10152) with the wallet's message: the page offers a recharge.
    if (error instanceof InsufficientBalanceError) throw new AppError(error.key, {}, envelopeStatus.insufficientBalance);
    throw error;
  });
  const reply = await readPurchaseState(db, userId);
  if (!posted.replayed) {
    await announceBalance(userId, reply.bal);
    await recordSpending(db, { userId, value: item.price * count, currency: item.currency, at: new Date() });
  }
  return reply;
}

/** What the buyer holds after a purchase: balances, backpack, membership. */
async function readPurchaseState(db: Db, userId: number): Promise<MallBuyReply> {
  const [wallet, backpack, membership] = await Promise.all([readWallet(db, userId), readBackpack(db, userId), readMembership(db, userId)]);
  return {
    bal: wallet,
    backpack,
    vip_level: membership.level,
    vip_expires_at: membership.expiresAt ? Math.floor(membership.expiresAt.getTime() / 1000) : 0,
  };
}
