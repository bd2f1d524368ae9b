import 'server-only';
// The lottery table in the console (docs/admin.md "Money"): the prizes the brand draws from with each one's chance
// now, their weights, stock and switches edited in place. The console always edits the brand's own table: a brand
// drawing from the default table gets a copy of it with its first change (as `ops lottery:set --brand` does), so
// one brand's operator never changes another's odds. A change is one locked transaction with its audit row; a
// stock left as the page showed it is not written, and one that draws moved meanwhile is refused.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lotteryPrizes, type LotteryPrize } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { lockBrandPrize, readPrizeTable } from '@/lib/server/lottery/lottery';
import { chancePercent } from '@/lib/server/lottery/picker';
import type { ConsoleLotteryTable, LotteryPrizeSaveInput } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';
import { fieldChanges } from './field-changes';

const drawable = (prize: LotteryPrize) => prize.enabled && (prize.stock === null || prize.stock > 0);

export async function readLotteryTableForConsole(db: Db, brandId: string): Promise<ConsoleLotteryTable> {
  const { ownTable, prizes } = await readPrizeTable(db, brandId);
  const total = prizes.filter(drawable).reduce((sum, prize) => sum + prize.weight, 0);
  return {
    ownTable,
    prizes: prizes.map((prize) => ({
      id: prize.id,
      name: { 'en-US': prize.name['en-US'], 'zh-CN': prize.name['zh-CN'] ?? '' },
      kind: prize.kind,
      itemType: prize.itemType,
      quantity: prize.quantity,
      weight: prize.weight,
      stock: prize.stock,
      enabled: prize.enabled,
      chance: drawable(prize) ? chancePercent(prize.weight, total) : 0,
    })),
  };
}

const editable = ['weight', 'stock', 'enabled'] as const;
type Editable = (typeof editable)[number];

/** `id` is the prize changed: the brand's copy when this change made the brand its own table. */
export async function saveLotteryPrize(db: Db, context: AuditContext, input: LotteryPrizeSaveInput): Promise<{ id: number; changed: Editable[] }> {
  return db.transaction(async (tx) => {
    const prize = await lockBrandPrize(tx, input.prize_id, context.brandId);
    if (!prize) throw new AppError('admin.money.errors.prizeUnknown');
    const stockEdited = input.stock !== input.stock_seen;
    if (stockEdited && prize.stock !== input.stock_seen) throw new AppError('admin.money.errors.stockMoved', { stock: prize.stock ?? '∞' });
    const wanted: Pick<LotteryPrize, Editable> = { weight: input.weight, stock: stockEdited ? input.stock : prize.stock, enabled: input.enabled };
    const { changed, before, after } = fieldChanges(prize, wanted, editable);
    if (changed.length === 0) return { id: prize.id, changed };
    await tx.update(lotteryPrizes).set(after).where(eq(lotteryPrizes.id, prize.id));
    const copied = prize.id === input.prize_id ? {} : { copiedFrom: input.prize_id };
    await writeAudit(tx, context, { action: 'lottery.prize.save', targetType: 'lotteryPrize', targetId: prize.id, before: { ...before, ...copied }, after });
    return { id: prize.id, changed };
  });
}
