import 'server-only';
// The gift catalogue in the console (docs/admin.md "Money"): the gifts the brand's rooms offer, its own and the ones
// every brand shares, each edited in place (names in both languages, price and currency, on or off, combo,
// animation length, order). A change is one transaction with its audit row; the rooms of this process see it at
// once, the other processes within the catalogue's 5 s cache, and a send always pays the price it was shown
// or a newer one.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { gifts, type GiftRow } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { updateGift } from '@/lib/server/gifts/catalogue';
import type { ConsoleGift, GiftSaveInput } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';
import { fieldChanges } from './field-changes';

const ofBrand = (brandId: string) => or(isNull(gifts.brandId), eq(gifts.brandId, brandId));

function consoleGift(row: GiftRow): ConsoleGift {
  return {
    id: row.id,
    name: { 'en-US': row.name['en-US'], 'zh-CN': row.name['zh-CN'] ?? '' },
    price: row.price,
    currency: row.currency,
    icon: row.icon,
    enabled: row.enabled,
    combo: row.combo,
    durationMs: row.durationMs,
    sortOrder: row.sortOrder,
    scope: row.brandId === null ? 'shared' : 'brand',
  };
}

export async function listGiftsForConsole(db: Db, brandId: string): Promise<ConsoleGift[]> {
  const rows = await db.select().from(gifts).where(ofBrand(brandId)).orderBy(asc(gifts.sortOrder), asc(gifts.id));
  return rows.map(consoleGift);
}

const editable = ['name', 'price', 'currency', 'enabled', 'combo', 'durationMs', 'sortOrder'] as const;
type Editable = (typeof editable)[number];

/** Saves one gift's row; `changed` names the fields that differed (none: nothing written, nothing audited). */
export async function saveGift(db: Db, context: AuditContext, input: GiftSaveInput): Promise<{ changed: Editable[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(gifts)
      .where(and(eq(gifts.id, input.gift_id), ofBrand(context.brandId)))
      .for('update');
    if (!row) throw new AppError('admin.money.errors.giftUnknown');
    const wanted: Pick<GiftRow, Editable> = {
      name: { ...row.name, 'en-US': input.name_en, 'zh-CN': input.name_zh },
      price: input.price,
      currency: input.currency,
      enabled: input.enabled,
      combo: input.combo,
      durationMs: input.duration,
      sortOrder: input.sort,
    };
    const { changed, before, after } = fieldChanges(row, wanted, editable);
    if (changed.length === 0) return { changed };
    await updateGift(tx, row.id, after);
    await writeAudit(tx, context, { action: 'gift.update', targetType: 'gift', targetId: row.id, before, after });
    return { changed };
  });
}
