// Shared by the recharge API tests: an order through the API, a provider's callback posted to the notify route
// exactly as the provider sends it, and the user's balances as the ledger holds them.
import { desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as createOrderRoute } from '@/app/api/recharge/create/route';
import { POST as notifyRoute } from '@/app/api/recharge/notify/[provider]/route';
import { getDb } from '@/lib/db';
import { rechargeEvents, rechargeOrders, rechargePackages, type RechargeOrder } from '@/lib/db/schema';
import { debtAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readWallet } from '@/lib/server/ledger/balances';
import type { CreateOrderReply } from '@/lib/validation/recharge';
import type { PaymentProvider } from '@/lib/validation/recharge-constants';
import { callRoute } from '@/tests/support/call-route';

export type Delivery = { status: number; text: string };

/** Posts a callback body with its headers to /api/recharge/notify/<provider>, as the provider's servers do. */
export async function deliverCallback(provider: PaymentProvider, body: string, headers: Record<string, string>): Promise<Delivery> {
  const request = new NextRequest(`http://localhost:3000/api/recharge/notify/${provider}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body });
  const response = await notifyRoute(request, { params: Promise.resolve({ provider }) });
  return { status: response.status, text: await response.text() };
}

/** A package of the brand's (the seeded ladder), by its position. */
export async function packageOf(brandId: string, index = 0) {
  const rows = await (await getDb()).select().from(rechargePackages).where(eq(rechargePackages.brandId, brandId)).orderBy(rechargePackages.sortOrder);
  return rows[index];
}

export async function createOrder(credential: string, body: Record<string, unknown>, host = 'localhost:3000') {
  return callRoute<CreateOrderReply>(createOrderRoute, { credential, body, host });
}

export async function orderRow(orderId: number): Promise<RechargeOrder> {
  const [row] = await (await getDb()).select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId));
  return row;
}

export async function eventsOf(orderId: number) {
  return (await getDb()).select().from(rechargeEvents).where(eq(rechargeEvents.orderId, orderId)).orderBy(rechargeEvents.id);
}

export async function gems(userId: number): Promise<number> {
  return (await readWallet(await getDb(), userId)).diamond;
}

/** What the user owes (hundredths, positive), from `debt:<id>`. */
export async function owed(userId: number): Promise<number> {
  return Math.max(0, -(await readAccountBalance(await getDb(), debtAccount(userId), 'diamond')));
}

/** The user's newest order. */
export async function latestOrderOf(userId: number): Promise<RechargeOrder> {
  const [row] = await (await getDb()).select().from(rechargeOrders).where(eq(rechargeOrders.userId, userId)).orderBy(desc(rechargeOrders.id)).limit(1);
  return row;
}
