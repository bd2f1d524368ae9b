import 'server-only';
// The mall's catalogue (spec §2.2 /mall): a brand's enabled items, its own rows and the install-wide ones
// (brand `*`), in the shape of lib/validation/mall.ts.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { mallItems, type MallItem } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { ticketItemType } from '@/lib/validation/live-constants';
import type { MallItemView, MallList } from '@/lib/validation/mall';
import type { MallTab } from '@/lib/validation/mall-constants';

/** Catalogue rows every brand sells unless an operator disables them. */
export const everyBrand = '*';

function tabOf(item: MallItem): MallTab {
  if (item.kind === 'vip') return 'vip';
  return item.itemType === ticketItemType ? 'tickets' : 'props';
}

function mallItemView(item: MallItem, locale: Locale): MallItemView {
  return {
    id: item.id,
    tab: tabOf(item),
    kind: item.kind,
    item_type: item.itemType ?? 0,
    props_id: item.propsId,
    vip_level: item.vipLevel ?? 0,
    period_days: item.periodDays ?? 0,
    name: pickText(item.name, locale),
    description: pickText(item.description, locale),
    icon: item.icon,
    price: item.price,
    currency: item.currency,
    quantity: item.quantity,
    stock: item.stock ?? -1,
  };
}

export async function listMallItems(db: Db, brandId: string, locale: Locale): Promise<MallList> {
  const rows = await db
    .select()
    .from(mallItems)
    .where(and(inArray(mallItems.brandId, [brandId, everyBrand]), eq(mallItems.enabled, true)))
    .orderBy(asc(mallItems.sortOrder), asc(mallItems.id));
  return { list: rows.map((row) => mallItemView(row, locale)) };
}

/** An item the brand sells now; undefined for another brand's item, a disabled one or none at all. */
export async function findSellableItem(db: Db | Tx, brandId: string, itemId: number): Promise<MallItem | undefined> {
  const [row] = await db
    .select()
    .from(mallItems)
    .where(and(eq(mallItems.id, itemId), inArray(mallItems.brandId, [brandId, everyBrand]), eq(mallItems.enabled, true)));
  return row;
}
