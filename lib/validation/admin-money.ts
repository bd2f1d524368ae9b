// The console's money section (docs/admin.md "Money"): the gift catalogue's edits and the finance page's ledger
// search, export and proofs of the books, shared by the forms and the routes.
import { z } from 'zod';
import { consoleText } from './admin';

const currencies = ['diamond', 'gold'] as const;

/** Where a catalogue row shows: only this brand, or every brand (a shared row edited here changes them all). */
type CatalogueScope = 'brand' | 'shared';

/** "12.5" or "12.50" → 1250 hundredths, exactly (no floating point); from 0.01 to 10 000 000. */
function moneyAmount(message: string) {
  return z
    .string(message)
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, message)
    .transform((text) => {
      const [whole, fraction = ''] = text.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .pipe(z.number().min(1, message).max(1_000_000_000, message));
}

const onOff = z.enum(['0', '1'], 'admin.money.errors.switch').transform((value) => value === '1');
const giftName = consoleText('admin.money.errors.nameRequired', z.string().trim().min(1, 'admin.money.errors.nameRequired').max(20, 'admin.money.errors.nameTooLong'));

/** POST /api/admin/saveGift: one gift of the catalogue as its row's form sends it. */
export const giftSaveInput = z.object({
  gift_id: z.coerce.number('admin.money.errors.giftUnknown').int('admin.money.errors.giftUnknown').positive('admin.money.errors.giftUnknown').max(2_147_483_647, 'admin.money.errors.giftUnknown'),
  name_en: giftName,
  name_zh: giftName,
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
