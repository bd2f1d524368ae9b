// The mall's call from the browser: a purchase under a key made once per confirmation, so a retried click or a
// lost reply never charges twice. The reply is typed by lib/validation/mall.ts and not parsed again here.
import { api } from '@/lib/http';
import type { MallBuyReply } from '@/lib/validation/mall';

/** A fresh purchase key: 32 hex digits. */
export function newPurchaseKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function buyItem(input: { itemId: number; count: number; key: string }): Promise<MallBuyReply> {
  return api.post<MallBuyReply>('/api/mall/buy', { item_id: input.itemId, count: input.count, idempotency_key: input.key });
}
