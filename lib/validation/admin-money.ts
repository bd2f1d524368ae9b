// The console's money section (docs/admin.md "Money"): the gift catalogue's edits and the finance page's ledger
// search, export and proofs of the books, shared by the forms and the routes.
import { z } from 'zod';
import { consoleText } from './admin';
import { isCurrencyReward, itemRewardTypes, type RewardType } from './checkin-constants';

const currencies = ['diamond', 'gold'] as const;

/** Where a catalogue row shows: only this brand, or every brand (a shared row edited here changes them all). */
type CatalogueScope = 'brand' | 'shared';

/** "12.5" or "12.50" → 1250 hundredths, exactly (no floating point); from `min` hundredths to 10 000 000. */
function moneyAmount(message: string, min = 1) {
  return z
    .string(message)
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, message)
    .transform((text) => minorUnits(text, 2) ?? Number.NaN)
    .pipe(z.number().min(min, message).max(1_000_000_000, message));
}

/** How many decimals a fiat currency's prices have (2 for USD and CNY, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "9.99" in a currency of `digits` decimals → 999 minor units; undefined when it has more decimals than that. */
export function minorUnits(text: string, digits: number): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match || (match[2]?.length ?? 0) > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** Minor units as the form shows them: 999 with 2 digits → "9.99". */
export function majorUnits(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const whole = Math.floor(minor / 10 ** digits);
  return `${whole}.${String(minor % 10 ** digits).padStart(digits, '0')}`;
}

const onOff = z.enum(['0', '1'], 'admin.money.errors.switch').transform((value) => value === '1');
const catalogueName = consoleText('admin.money.errors.nameRequired', z.string().trim().min(1, 'admin.money.errors.nameRequired').max(20, 'admin.money.errors.nameTooLong'));

/** POST /api/admin/saveGift: one gift of the catalogue as its row's form sends it. */
export const giftSaveInput = z.object({
  gift_id: z.coerce.number('admin.money.errors.giftUnknown').int('admin.money.errors.giftUnknown').positive('admin.money.errors.giftUnknown').max(2_147_483_647, 'admin.money.errors.giftUnknown'),
  name_en: catalogueName,
  name_zh: catalogueName,
  price: moneyAmount('admin.money.errors.price'),
  currency: z.enum(currencies, 'admin.money.errors.currency'),
  enabled: onOff,
  combo: onOff,
  /** Seconds the animation plays, to a tenth. */
  duration: z.coerce
    .number('admin.money.errors.duration')
    .min(0.5, 'admin.money.errors.duration')
    .max(60, 'admin.money.errors.duration')
    .transform((seconds) => Math.round(seconds * 10) * 100),
  sort: z.coerce.number('admin.money.errors.sort').int('admin.money.errors.sort').min(0, 'admin.money.errors.sort').max(10_000, 'admin.money.errors.sort'),
});
export type GiftSaveInput = z.output<typeof giftSaveInput>;

/** One gift as the console edits it; price in hundredths of its currency, duration in ms. */
export type ConsoleGift = {
  id: number;
  name: { 'en-US': string; 'zh-CN': string };
  price: number;
  currency: (typeof currencies)[number];
  icon: string;
  enabled: boolean;
  combo: boolean;
  durationMs: number;
  sortOrder: number;
  scope: CatalogueScope;
};

/** POST /api/admin/saveRechargePackage: one package of the brand (package_id 0 adds one). The fiat price is text
 * here and turned into minor units by the server, which knows the brand's currency and its decimals. */
export const rechargePackageSaveInput = z.object({
  package_id: z.coerce.number('admin.money.errors.packageUnknown').int('admin.money.errors.packageUnknown').min(0, 'admin.money.errors.packageUnknown').max(2_147_483_647, 'admin.money.errors.packageUnknown'),
  price: z.string('admin.money.errors.packagePrice').trim().regex(/^\d{1,9}(\.\d{1,3})?$/, 'admin.money.errors.packagePrice'),
  gems: moneyAmount('admin.money.errors.gems'),
  bonus: moneyAmount('admin.money.errors.bonus', 0),
  enabled: onOff.default(true),
  sort: z.coerce.number('admin.money.errors.sort').int('admin.money.errors.sort').min(0, 'admin.money.errors.sort').max(10_000, 'admin.money.errors.sort').default(0),
});
export type RechargePackageSaveInput = z.output<typeof rechargePackageSaveInput>;

/** One recharge package as the console edits it: price in the currency's minor units, gems and bonus in hundredths. */
export type ConsoleRechargePackage = { id: number; priceMinor: number; currency: string; gems: number; bonus: number; enabled: boolean; sortOrder: number };

/** The brand's packages with the currency it sells in now (a package in another currency is not offered). */
export type ConsoleRechargePackages = { currency: string; digits: number; rows: ConsoleRechargePackage[] };

/** Stock as the form sends it: empty for unlimited, else a whole number of units left. */
const stockField = (message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^(\d{1,9})?$/, message)
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(z.number().int().min(0, message).max(1_000_000_000, message).nullable());

/** POST /api/admin/saveMallItem: one mall row (a prop, a ticket pack or a VIP period). `stock_seen` is the stock the
 * page showed: a stock left as it was is not written, so purchases made while the form was open are not undone. */
export const mallItemSaveInput = z.object({
  item_id: z.coerce.number('admin.money.errors.mallUnknown').int('admin.money.errors.mallUnknown').positive('admin.money.errors.mallUnknown').max(Number.MAX_SAFE_INTEGER, 'admin.money.errors.mallUnknown'),
  name_en: catalogueName,
  name_zh: catalogueName,
  price: moneyAmount('admin.money.errors.price'),
  currency: z.enum(currencies, 'admin.money.errors.currency'),
  quantity: z.coerce.number('admin.money.errors.quantity').int('admin.money.errors.quantity').min(1, 'admin.money.errors.quantity').max(10_000, 'admin.money.errors.quantity'),
  stock: stockField('admin.money.errors.stock'),
  stock_seen: stockField('admin.money.errors.stock'),
  enabled: onOff,
  sort: z.coerce.number('admin.money.errors.sort').int('admin.money.errors.sort').min(0, 'admin.money.errors.sort').max(10_000, 'admin.money.errors.sort'),
});
export type MallItemSaveInput = z.output<typeof mallItemSaveInput>;

/** One mall row as the console edits it; price in hundredths, stock null when unlimited. */
export type ConsoleMallItem = {
  id: number;
  kind: 'item' | 'vip';
  /** What it is: the backpack item type, or the VIP level and days per purchase. */
  itemType: number | null;
  vipLevel: number | null;
  periodDays: number | null;
  name: { 'en-US': string; 'zh-CN': string };
  icon: string;
  price: number;
  currency: (typeof currencies)[number];
  quantity: number;
  stock: number | null;
  enabled: boolean;
  sortOrder: number;
  scope: CatalogueScope;
};

/** POST /api/admin/saveLotteryPrize: one prize of the table the brand draws from (the first edit copies the default
 * table to the brand). `stock_seen` as for the mall: a stock left as shown is not written. */
export const lotteryPrizeSaveInput = z.object({
  prize_id: z.coerce.number('admin.money.errors.prizeUnknown').int('admin.money.errors.prizeUnknown').positive('admin.money.errors.prizeUnknown').max(2_147_483_647, 'admin.money.errors.prizeUnknown'),
  weight: z.coerce.number('admin.money.errors.weight').int('admin.money.errors.weight').min(1, 'admin.money.errors.weight').max(1_000_000_000, 'admin.money.errors.weight'),
  stock: stockField('admin.money.errors.stock'),
  stock_seen: stockField('admin.money.errors.stock'),
  enabled: onOff,
});
export type LotteryPrizeSaveInput = z.output<typeof lotteryPrizeSaveInput>;

/** The lottery table a brand draws from, as the console edits it: each prize's chance now, in percent. */
export type ConsoleLotteryTable = {
  /** False: the brand draws from the default table, and its first edit makes the brand a copy. */
  ownTable: boolean;
  prizes: {
    id: number;
    name: { 'en-US': string; 'zh-CN': string };
    kind: 'gold' | 'diamond' | 'item' | 'nothing';
    itemType: number | null;
    /** Hundredths for currencies, a count for items. */
    quantity: number;
    weight: number;
    stock: number | null;
    enabled: boolean;
    chance: number;
  }[];
};

/** The rewards a check-in day's form has room for (the default table's biggest day has three). */
export const checkinRewardSlots = 4;
/** A reward as its form's select names it: `type:item type:props id`, e.g. `1::` (diamonds) or `4:105:0` (a viewing ticket). */
export function checkinRewardCode(reward: { reward_type: number; item_type?: number | null; props_id?: number }): string {
  return reward.item_type ? `${reward.reward_type}:${reward.item_type}:${reward.props_id ?? 0}` : `${reward.reward_type}::`;
}
const checkinRewardCodePattern = /^([0-6]):(\d{0,9}):(\d{0,9})$/;

const slotFields = Object.fromEntries(
  Array.from({ length: checkinRewardSlots }, (_, index) => [
    [`reward_${index + 1}`, z.string('admin.money.errors.rewardKind').trim().max(40, 'admin.money.errors.rewardKind').default('')],
    [`amount_${index + 1}`, z.string('admin.money.errors.rewardAmount').trim().max(20, 'admin.money.errors.rewardAmount').default('')],
  ]).flat(),
) as Record<`reward_${number}` | `amount_${number}`, z.ZodDefault<z.ZodString>>;

/**
 * POST /api/admin/saveCheckinDay: one day of the check-in cycle as its form sends it, slot by slot (an empty slot
 * gives nothing). Diamonds and gems are amounts to the hundredth, stored in hundredths; experience, items and lottery
 * chances whole numbers. The brand's first change gives it a table of its own, a copy of the default one.
 */
export const checkinDaySaveInput = z
  .object({
    day: z.coerce.number('admin.money.errors.checkinDay').int('admin.money.errors.checkinDay').min(1, 'admin.money.errors.checkinDay').max(7, 'admin.money.errors.checkinDay'),
    ...slotFields,
  })
  .transform((input, ctx) => {
    // The slots' fields, which the shape's computed keys leave out of its type.
    const field = (name: string): string => {
      const value = (input as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : '';
    };
    const rewards: { reward_type: number; quantity: number; item_type: number | null; props_id: number }[] = [];
    for (let slot = 1; slot <= checkinRewardSlots; slot += 1) {
      const code = field(`reward_${slot}`);
      if (code === '') continue;
      const match = checkinRewardCodePattern.exec(code);
      const type = Number(match?.[1]);
      const carriesItem = itemRewardTypes.includes(type as RewardType);
      if (!match || carriesItem !== (match[2] !== '' && Number(match[2]) > 0)) {
        ctx.addIssue({ code: 'custom', message: 'admin.money.errors.rewardKind', path: [`reward_${slot}`] });
        return z.NEVER;
      }
      const amount = field(`amount_${slot}`);
      const currency = isCurrencyReward(type);
      const quantity = currency ? minorUnits(amount, 2) : /^\d{1,7}$/.test(amount) ? Number(amount) : undefined;
      if (quantity === undefined || quantity < 1 || quantity > (currency ? 100_000_000 : 1_000_000)) {
        ctx.addIssue({ code: 'custom', message: 'admin.money.errors.rewardAmount', path: [`amount_${slot}`] });
        return z.NEVER;
      }
      rewards.push({ reward_type: type, quantity, item_type: carriesItem ? Number(match[2]) : null, props_id: carriesItem ? Number(match[3] || 0) : 0 });
    }
    return { day: input.day, rewards };
  });
export type CheckinDaySaveInput = z.output<typeof checkinDaySaveInput>;

/** A brand's check-in cycle as the console edits it: each day's rewards with their form codes. */
export type ConsoleCheckinTable = {
  /** False: the brand uses the default table, and its first change makes the brand a copy. */
  ownTable: boolean;
  days: { day: number; rewards: { code: string; rewardType: number; itemType: number | null; quantity: number }[] }[];
};

/** What one proof of the books found wrong (lib/server/ledger/verify.ts). */
export type LedgerMismatch =
  | { kind: 'account'; account: string; asset: string; balance: number; entries: number }
  | { kind: 'transaction'; transactionId: number; asset: string; sum: number }
  | { kind: 'asset'; asset: string; sum: number }
  | { kind: 'negative'; account: string; asset: string; balance: number };

/** One proof of the books on record. */
export type LedgerVerification = {
  at: string;
  /** The console user who asked; null: the scheduled job. */
  actorId: number | null;
  accounts: number;
  entries: number;
  mismatches: number;
  details: LedgerMismatch[];
  durationMs: number;
};

const day = /^\d{4}-\d{2}-\d{2}$/;
const optionalUser = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

/** /admin/ledger?user=&kind=&key=&page=: the brand's users' transactions, newest first. */
export const ledgerSearchQuery = z.object({
  user: optionalUser,
  kind: z.string().trim().regex(/^[a-z][a-z0-9._-]{0,39}$/).optional().catch(undefined),
  key: z.string().trim().min(1).max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type LedgerSearchQuery = z.output<typeof ledgerSearchQuery>;

/** GET /api/admin/ledgerExport?from=&to=&user=: UTC days, both included, at most a year. */
export const ledgerExportQuery = z
  .object({
    from: z.string('admin.money.errors.exportRange').regex(day, 'admin.money.errors.exportRange'),
    to: z.string('admin.money.errors.exportRange').regex(day, 'admin.money.errors.exportRange'),
    user: optionalUser,
  })
  .transform((query, ctx) => {
    const from = new Date(`${query.from}T00:00:00Z`);
    const to = new Date(`${query.to}T00:00:00Z`);
    to.setUTCDate(to.getUTCDate() + 1);
    const days = (to.getTime() - from.getTime()) / 86_400_000;
    if (Number.isNaN(days) || days < 1 || days > 366) {
      ctx.addIssue({ code: 'custom', message: 'admin.money.errors.exportRange' });
      return z.NEVER;
    }
    return { from, to, user: query.user };
  });
export type LedgerExportQuery = z.output<typeof ledgerExportQuery>;

/** One movement as the finance page lists it: amounts in hundredths for currencies, a count for items. */
type LedgerTransactionRow = {
  id: number;
  kind: string;
  key: string;
  at: string;
  user: { id: number; nickName: string } | null;
  legs: { account: string; asset: string; amount: number }[];
};

export type LedgerSearchPage = { rows: LedgerTransactionRow[]; total: number; page: number; pages: number };
