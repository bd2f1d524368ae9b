import 'server-only';
// Recharge orders (docs/recharge.md): the packages a brand sells, opening a checkout for one with a provider, and
// the caller's own orders. Paying, failing and refunding happen through provider events (events.ts).
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Brand } from '@/lib/brand/registry';
import type { Db } from '@/lib/db';
import { rechargeOrders, rechargePackages, type RechargeOrder } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import type { ServerTranslate } from '@/lib/server/http/translate';
import { debtAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance } from '@/lib/server/ledger/balances';
import { log } from '@/lib/server/log';
import { minutesFrom, takeAll } from '@/lib/server/rate-limit/limits';
import { rechargeReturnPath } from '@/lib/routes';
import { rechargePageSize, type PaymentProvider } from '@/lib/validation/recharge-constants';
import type { CreateOrderReply, OrderItem, OrdersReply, PackagesReply } from '@/lib/validation/recharge';
import { configuredProvider, offeredProviders } from './registry';

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function orderItem(order: RechargeOrder): OrderItem {
  return {
    order_id: order.id,
    package_id: order.packageId,
    price: order.priceMinor,
    currency: order.currency,
    diamond: order.diamond,
    bonus: order.bonus,
    provider: order.provider,
    status: order.status,
    created_at: unix(order.createdAt) ?? 0,
    paid_at: unix(order.paidAt),
  };
}

/** Gems (hundredths) a user owes after a refund or dispute took back more than the wallet held. */
export async function readOwed(db: Db, userId: number): Promise<number> {
  return Math.max(0, -(await readAccountBalance(db, debtAccount(userId), 'diamond')));
}

/** POST /api/recharge/packages: the brand's enabled packages in its currency, and the providers it offers. */
export async function listPackages(db: Db, brand: Brand, userId: number | undefined): Promise<PackagesReply> {
  const rows = await db
    .select()
    .from(rechargePackages)
    .where(and(eq(rechargePackages.brandId, brand.id), eq(rechargePackages.currency, brand.payments.currency), eq(rechargePackages.enabled, true)))
    .orderBy(asc(rechargePackages.sortOrder), asc(rechargePackages.id));
  return {
    currency: brand.payments.currency,
    providers: offeredProviders(brand),
    list: rows.map((row) => ({ package_id: row.id, price: row.priceMinor, currency: row.currency, diamond: row.diamond, bonus: row.bonus })),
    owed: userId === undefined ? 0 : await readOwed(db, userId),
  };
}

export type CreateOrderRequest = {
  userId: number;
  brand: Brand;
  packageId: number;
  provider: PaymentProvider;
  locale: Locale;
  /** The site's public origin: real providers need absolute return and notify addresses. */
  origin: string;
  mobile: boolean;
  t: ServerTranslate;
};

/** POST /api/recharge/create: an order for one of the brand's packages, and where to send the customer to pay. */
export async function createOrder(db: Db, request: CreateOrderRequest): Promise<CreateOrderReply> {
  const { brand, userId } = request;
  if (!offeredProviders(brand).includes(request.provider)) throw new AppError('wallet.recharge.errors.providerUnavailable');
  const provider = configuredProvider(request.provider);
  const [pack] = await db
    .select()
    .from(rechargePackages)
    .where(and(eq(rechargePackages.id, request.packageId), eq(rechargePackages.brandId, brand.id), eq(rechargePackages.enabled, true)));
  if (!pack || !provider || pack.currency !== brand.payments.currency) throw new AppError('wallet.recharge.errors.noPackage');
  await takeAll([{ name: 'rechargeOrderUser', key: String(userId) }], (waitMs) => new AppError('wallet.recharge.errors.tooMany', { minutes: minutesFrom(waitMs) }));

  const [order] = await db
    .insert(rechargeOrders)
    .values({
      userId,
      brandId: brand.id,
      packageId: pack.id,
      priceMinor: pack.priceMinor,
      currency: pack.currency,
      diamond: pack.diamond,
      bonus: pack.bonus,
      provider: provider.name,
    })
    .returning();
  const returnPath = rechargeReturnPath(order.id);
  try {
    const checkout = await provider.createCheckout({
      id: order.id,
      priceMinor: order.priceMinor,
      currency: order.currency,
      description: request.t('wallet.recharge.checkoutItem', { brand: pickText(brand.name, request.locale), gems: (order.diamond + order.bonus) / 100 }),
      locale: request.locale,
      returnUrl: new URL(returnPath, request.origin).toString(),
      notifyUrl: new URL(`/api/recharge/notify/${provider.name}`, request.origin).toString(),
      expiresAt: new Date(order.createdAt.getTime() + getEnv().RECHARGE_ORDER_TTL_MINUTES * 60_000),
      mobile: request.mobile,
    });
    await db.update(rechargeOrders).set({ checkoutRef: checkout.checkoutRef, updatedAt: new Date() }).where(eq(rechargeOrders.id, order.id));
    return { order_id: order.id, redirect_url: checkout.redirectUrl };
  } catch (error) {
    log.error('recharge checkout not opened', { orderId: order.id, provider: provider.name, error: error instanceof Error ? error.message : String(error) });
    await db
      .update(rechargeOrders)
      .set({ status: 'failed', closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(rechargeOrders.id, order.id), eq(rechargeOrders.status, 'pending')));
    throw new AppError('wallet.recharge.errors.checkoutFailed');
  }
}

/** Checkouts left unpaid past their lifetime become expired; a payment that still arrives later is credited. */
async function expireStaleOrders(db: Db, userId: number): Promise<void> {
  const cutoff = new Date(Date.now() - getEnv().RECHARGE_ORDER_TTL_MINUTES * 60_000);
  await db
    .update(rechargeOrders)
    .set({ status: 'expired', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.status, 'pending'), lt(rechargeOrders.createdAt, cutoff)));
}

/** POST /api/recharge/orders: the caller's orders, newest first, in pages of 20. */
export async function listOrders(db: Db, userId: number, page: number): Promise<OrdersReply> {
  await expireStaleOrders(db, userId);
  const rows = await db
    .select()
    .from(rechargeOrders)
    .where(eq(rechargeOrders.userId, userId))
    .orderBy(desc(rechargeOrders.id))
    .limit(rechargePageSize + 1)
    .offset((page - 1) * rechargePageSize);
  return { list: rows.slice(0, rechargePageSize).map(orderItem), page, size: rechargePageSize, has_more: rows.length > rechargePageSize };
}

/** One of the caller's orders; another user's order is answered as not found. */
export async function findOwnOrder(db: Db, userId: number, orderId: number): Promise<RechargeOrder> {
  await expireStaleOrders(db, userId);
  const [order] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, orderId), eq(rechargeOrders.userId, userId)));
  if (!order) throw new AppError('wallet.recharge.errors.noOrder');
  return order;
}
