import 'server-only';
// The mall in the console (docs/admin.md "Money"): what the brand's mall sells (props, ticket packs, VIP periods:
// the VIP prices are these rows), its own rows and the ones every brand shares, each edited in place. A change is
// one locked transaction with its audit row. Stock is written only when the operator changed it from what the
// page showed, and refused when purchases changed it meanwhile, so a save never undoes a sale.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { mallItems, type MallItem } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { everyBrand } from '@/lib/server/mall/catalogue';
import type { ConsoleMallItem, MallItemSaveInput } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';
import { fieldChanges } from './field-changes';

const ofBrand = (brandId: string) => inArray(mallItems.brandId, [brandId, everyBrand]);

function consoleMallItem(row: MallItem): ConsoleMallItem {
  return {
    id: row.id,
    kind: row.kind,
    itemType: row.itemType,
    vipLevel: row.vipLevel,
    periodDays: row.periodDays,
    name: { 'en-US': row.name['en-US'], 'zh-CN': row.name['zh-CN'] ?? '' },
    icon: row.icon,
    price: row.price,
    currency: row.currency,
    quantity: row.quantity,
    stock: row.stock,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    scope: row.brandId === everyBrand ? 'shared' : 'brand',
  };
}

export async function listMallForConsole(db: Db, brandId: string): Promise<ConsoleMallItem[]> {
  const rows = await db.select().from(mallItems).where(ofBrand(brandId)).orderBy(asc(mallItems.sortOrder), asc(mallItems.id));
  return rows.map(consoleMallItem);
}

const editable = ['name', 'price', 'currency', 'quantity', 'stock', 'enabled', 'sortOrder'] as const;
type Editable = (typeof editable)[number];

export async function saveMallItem(db: Db, context: AuditContext, input: MallItemSaveInput): Promise<{ changed: Editable[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(mallItems)
      .where(and(eq(mallItems.id, input.item_id), ofBrand(context.brandId)))
      .for('update');
    if (!row) throw new AppError('admin.money.errors.mallUnknown');
    const stockEdited = input.stock !== input.stock_seen;
    if (stockEdited && row.stock !== input.stock_seen) throw new AppError('admin.money.errors.stockMoved', { stock: row.stock ?? '∞' });
    const wanted: Pick<MallItem, Editable> = {
      name: { ...row.name, 'en-US': input.name_en, 'zh-CN': input.name_zh },
      price: input.price,
      currency: input.currency,
      quantity: input.quantity,
      stock: stockEdited ? input.stock : row.stock,
      enabled: input.enabled,
      sortOrder: input.sort,
    };
    const { changed, before, after } = fieldChanges(row, wanted, editable);
    if (changed.length === 0) return { changed };
    await tx.update(mallItems).set(after).where(eq(mallItems.id, row.id));
    await writeAudit(tx, context, { action: 'mall.item.save', targetType: 'mallItem', targetId: row.id, before, after });
    return { changed };
  });
}
