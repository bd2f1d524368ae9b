// The ledger's vocabulary: who holds value (accounts) and what they hold (assets). Amounts are integers:
// hundredths for currencies (spec §3 shows them divided by 100), a count for items.
import { ticketItemType } from '@/lib/validation/live-constants';

export const currencies = ['diamond', 'gold'] as const;
export type Currency = (typeof currencies)[number];

/** `diamond`, `gold`, or an item: `item:<type>` or, for a prop with variants, `item:<type>:<props id>`. */
export type Asset = Currency | `item:${number}` | `item:${number}:${number}`;

export const ticketAsset: Asset = `item:${ticketItemType}`;

export function itemAsset(type: number, propsId = 0): Asset {
  return propsId ? `item:${type}:${propsId}` : `item:${type}`;
}

/** Reads an item asset back into the backpack's type and props id; undefined for a currency. */
export function parseItemAsset(asset: string): { type: number; propsId: number } | undefined {
  const match = /^item:(\d+)(?::(\d+))?$/.exec(asset);
  return match ? { type: Number(match[1]), propsId: Number(match[2] ?? 0) } : undefined;
}

/** A user's wallet and backpack: exact, guarded, never negative. */
export const userAccount = (userId: number) => `user:${userId}`;
/** What a user owes after a payment was refunded or disputed past their balance: exact, may go negative. */
export const debtAccount = (userId: number) => `debt:${userId}`;
/** An anchor's income from gifts: append-only, folded by a job. */
export const earningsAccount = (anchorId: number) => `earnings:${anchorId}`;
/** The stakes of one quiz until it is settled or refunded: append-only, zero once the quiz is settled. */
export const quizPoolAccount = (quizId: number) => `quiz:${quizId}`;

/** The named system accounts; all append-only. */
export const systemAccounts = {
  /** Money that came in from a payment provider (negative: what was paid in). */
  payments: 'system:payments',
  /** The house's share of gifts and purchases. */
  house: 'system:house',
  /** Operator grants, check-in rewards, seeded demo balances. */
  promotions: 'system:promotions',
  /** Where items come from (tickets, props, mall stock). */
  issuer: 'system:issuer',
  /** Where used items go (a ticket spent on HD, a prop used in chat). */
  spent: 'system:spent',
  /** The games hub's bank: stakes come in, winnings go out (docs/games.md). */
  games: 'system:games',
  /** What rounding each winner's quiz share down leaves of a pool (docs/quizzes.md). */
  quizRounding: 'system:quiz-rounding',
} as const;

/** Accounts whose balance row is changed in the movement's own transaction; the rest are appended and folded. */
export function isExactAccount(account: string): boolean {
  return account.startsWith('user:') || account.startsWith('debt:');
}
