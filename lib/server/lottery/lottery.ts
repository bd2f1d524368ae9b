import 'server-only';
// The lottery (docs/lottery.md): a draw spends one chance (`item:106`) and pays one prize, in one transaction:
// the prize is picked by the CSPRNG among the prizes still in stock, its stock taken by a guarded update (never
// below zero, whatever number of draws run at once; a prize that ran out under us is picked again among the rest),
// and one ledger movement moves the chance to system:spent and the prize to the user (currencies from
// system:promotions, items from system:issuer). The same idempotency key twice draws once. Each brand draws from its
// own prize table when it has one (any prize rows of its own), every other brand from the default table.
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { lotteryDraws, lotteryPrizes, type LotteryPrize } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { getAppConfig } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';
import { itemAsset, systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement, type Leg } from '@/lib/server/ledger/post';
import { lotteryChanceItemType } from '@/lib/validation/checkin-constants';
import type { LotteryDrawReply, LotteryHistory, LotteryInfo, LotteryPrizeView } from '@/lib/validation/lottery';
import { chancePercent, cryptoRandomBelow, pickPrize, type RandomBelow } from './picker';

export const lotteryChanceAsset = itemAsset(lotteryChanceItemType);
const historyPageSize = 20;
/** Prizes that ran out between the pick and the stock update are picked again, at most this often. */
const maxPicks = 5;

const inStock = (prize: LotteryPrize) => prize.enabled && (prize.stock === null || prize.stock > 0);

function toView(prize: LotteryPrize, total: number, locale: Locale): LotteryPrizeView {
  return {
    prize_id: prize.id,
    name: pickText(prize.name, locale),
    kind: prize.kind,
    quantity: prize.quantity,
    probability: inStock(prize) ? chancePercent(prize.weight, total) : 0,
    stock: prize.stock,
  };
}

/** The rows of one table: a brand's own (brand id) or the default (null). */
const tableOf = (brandId: string | null): SQL => (brandId === null ? isNull(lotteryPrizes.brandId) : eq(lotteryPrizes.brandId, brandId));

/** A brand's prize table, disabled prizes too, and whether it is the brand's own. */
export type PrizeTable = { ownTable: boolean; prizes: LotteryPrize[] };

/**
 * The table a brand draws from: its own prizes when it has any at all (enabled or not: a brand whose prizes are all
 * switched off has nothing to win, it does not fall back), otherwise the default ones. One query for both. Null: the
 * default table.
 */
export async function readPrizeTable(db: Db | Tx, brandId: string | null): Promise<PrizeTable> {
  const rows = await db
    .select()
    .from(lotteryPrizes)
    .where(brandId === null ? tableOf(null) : or(tableOf(null), tableOf(brandId)))
    .orderBy(asc(lotteryPrizes.sortOrder), asc(lotteryPrizes.id));
  const ownTable = brandId !== null && rows.some((prize) => prize.brandId === brandId);
  const owner = ownTable ? brandId : null;
  return { ownTable, prizes: rows.filter((prize) => prize.brandId === owner) };
}

async function readPrizes(db: Db | Tx, brandId: string): Promise<LotteryPrize[]> {
  return (await readPrizeTable(db, brandId)).prizes.filter((prize) => prize.enabled);
}

const totalWeight = (prizes: readonly LotteryPrize[]) => prizes.filter(inStock).reduce((sum, prize) => sum + prize.weight, 0);

/** The brand's prize table with each prize's chance now, and the caller's chances. */
export async function readLotteryInfo(db: Db, userId: number, brandId: string, locale: Locale): Promise<LotteryInfo> {
  const prizes = await readPrizes(db, brandId);
  const total = totalWeight(prizes);
  return { prizes: prizes.map((prize) => toView(prize, total, locale)), chances: await readItemCount(db, userId, lotteryChanceAsset) };
}

/** Picks a prize in stock and takes one of it; a prize someone else emptied first is picked again among the rest. */
async function takePrize(tx: Tx, brandId: string, randomBelow: RandomBelow): Promise<LotteryPrize> {
  for (let attempt = 0; attempt < maxPicks; attempt += 1) {
    const prize = pickPrize((await readPrizes(tx, brandId)).filter(inStock), randomBelow);
    if (!prize) break;
    if (prize.stock === null) return prize;
    const [taken] = await tx
      .update(lotteryPrizes)
      .set({ stock: sql`${lotteryPrizes.stock} - 1` })
      .where(and(eq(lotteryPrizes.id, prize.id), sql`${lotteryPrizes.stock} > 0`))
      .returning();
    if (taken) return taken;
  }
  throw new AppError('lottery.errors.soldOut');
}

function prizeLegs(userId: number, prize: LotteryPrize): Leg[] {
  if (prize.kind === 'nothing' || prize.quantity <= 0) return [];
  const asset: Asset = prize.kind === 'item' ? itemAsset(prize.itemType ?? 0) : prize.kind;
  const from = prize.kind === 'item' ? systemAccounts.issuer : systemAccounts.promotions;
  return [
    { account: from, asset, amount: -prize.quantity },
    { account: userAccount(userId), asset, amount: prize.quantity },
  ];
}

class AlreadyDrawn extends Error {}

/** Spec §2.2: the lottery is open on a brand only while its `lottery_switch` is on. */
async function checkOpen(db: Db, brandId: string): Promise<void> {
  if ((await getAppConfig(db, brandId)).lottery_switch !== 1) throw new AppError('lottery.errors.off');
}

export async function drawLottery(db: Db, userId: number, brandId: string, idempotencyKey: string, locale: Locale, randomBelow: RandomBelow = cryptoRandomBelow): Promise<LotteryDrawReply> {
  await checkOpen(db, brandId);
  const earlier = await drawnWith(db, userId, idempotencyKey, locale);
  if (earlier) return earlier;
  const drawn = await db
    .transaction(async (tx) => {
      const prize = await takePrize(tx, brandId, randomBelow);
      const posted = await postMovement(
        tx,
        {
          idempotencyKey: `lottery:${userId}:${idempotencyKey}`,
          kind: 'lottery',
          body: { prize: prize.id },
          legs: [{ account: userAccount(userId), asset: lotteryChanceAsset, amount: -1 }, { account: systemAccounts.spent, asset: lotteryChanceAsset, amount: 1 }, ...prizeLegs(userId, prize)],
          userId,
          meta: { prizeId: prize.id },
        },
        async () => null,
      );
      // The same key was drawn meanwhile (another tab, another process): undo this pick, answer with that draw.
      if (posted.replayed) throw new AlreadyDrawn();
      const [row] = await tx.insert(lotteryDraws).values({ userId, prizeId: prize.id, idempotencyKey, transactionId: posted.transactionId }).returning({ id: lotteryDraws.id });
      return row.id;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyDrawn) return undefined;
      if (error instanceof InsufficientBalanceError) throw new AppError('lottery.errors.noChance');
      throw error;
    });
  const reply = await drawnWith(db, userId, idempotencyKey, locale);
  if (!reply || (drawn !== undefined && reply.draw_id !== drawn)) throw new AppError('lottery.errors.inFlight');
  await announceBalance(userId, reply.bal);
  return reply;
}

/** The draw made with this key, as its reply; undefined when there is none. */
async function drawnWith(db: Db, userId: number, idempotencyKey: string, locale: Locale): Promise<LotteryDrawReply | undefined> {
  const [draw] = await db.select().from(lotteryDraws).where(and(eq(lotteryDraws.userId, userId), eq(lotteryDraws.idempotencyKey, idempotencyKey)));
  if (!draw) return undefined;
  const [prize] = await db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, draw.prizeId));
  if (!prize) return undefined;
  // Its chance among the prizes of the table it was drawn from.
  const table = await db.select().from(lotteryPrizes).where(and(tableOf(prize.brandId), eq(lotteryPrizes.enabled, true)));
  return {
    draw_id: draw.id,
    prize: toView(prize, totalWeight(table), locale),
    chances: await readItemCount(db, userId, lotteryChanceAsset),
    bal: await readWallet(db, userId),
  };
}

export async function listDraws(db: Db, userId: number, page: number, locale: Locale): Promise<LotteryHistory> {
  const rows = await queryRows<{ id: string | number; name: LotteryPrize['name']; kind: LotteryPrize['kind']; quantity: string | number; created_at: Date | string; total: string | number }>(db, sql`
    SELECT d.id, p.name, p.kind, p.quantity, d.created_at, count(*) OVER () AS total
    FROM lottery_draws d JOIN lottery_prizes p ON p.id = d.prize_id
    WHERE d.user_id = ${userId}
    ORDER BY d.id DESC LIMIT ${historyPageSize} OFFSET ${(page - 1) * historyPageSize}`);
  return {
    list: rows.map((row) => ({ draw_id: Number(row.id), prize_name: pickText(row.name, locale), kind: row.kind, quantity: Number(row.quantity), created_at: new Date(row.created_at).getTime() })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The brands with a prize table of their own, for operators. */
export async function brandsWithOwnPrizes(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ brandId: lotteryPrizes.brandId }).from(lotteryPrizes).orderBy(asc(lotteryPrizes.brandId));
  return rows.flatMap((row) => (row.brandId === null ? [] : [row.brandId]));
}

export type PrizeChanges = { weight?: number; stock?: number | null; enabled?: boolean };

/**
 * The prize `prizeId` of the table `brandId` draws from, locked for a change: a brand without a table of its own
 * first gets a copy of the default one (weights, stock, switches; its stock is its own from then on), and the copy
 * of the named default prize is returned. Undefined when the prize is not in that table.
 */
export async function lockBrandPrize(tx: Tx, prizeId: number, brandId: string): Promise<LotteryPrize | undefined> {
  // Locking the default rows makes two first edits of a brand at once copy the default table once.
  const defaults = await tx.select().from(lotteryPrizes).where(tableOf(null)).orderBy(asc(lotteryPrizes.sortOrder), asc(lotteryPrizes.id)).for('update');
  const own = await tx.select().from(lotteryPrizes).where(tableOf(brandId)).for('update');
  // A page read before the copy was made still names the default prize: its copy is meant.
  if (own.length > 0) return own.find((row) => row.id === prizeId) ?? own.find((row) => row.copiedFrom === prizeId);
  const named = defaults.find((row) => row.id === prizeId);
  if (!named) return undefined;
  let target: LotteryPrize | undefined;
  for (const { id, ...row } of defaults) {
    const [copy] = await tx.insert(lotteryPrizes).values({ ...row, brandId, copiedFrom: id }).returning();
    if (id === prizeId) target = copy;
  }
  return target;
}

/**
 * Operators change a prize's weight, stock or whether it is drawn. With a brand, the prize is one of the table that
 * brand draws from (copied from the default the first time, lockBrandPrize); without, any prize by its id.
 */
export async function updatePrize(db: Db, prizeId: number, changes: PrizeChanges, brandId?: string): Promise<LotteryPrize> {
  const prize = await db.transaction(async (tx) => {
    const target = brandId === undefined ? prizeId : (await lockBrandPrize(tx, prizeId, brandId))?.id;
    if (target === undefined) return undefined;
    const [updated] = await tx.update(lotteryPrizes).set(changes).where(eq(lotteryPrizes.id, target)).returning();
    return updated;
  });
  if (!prize) throw new AppError('lottery.errors.noSuchPrize');
  return prize;
}

