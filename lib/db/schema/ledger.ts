// One ledger for currencies and items (docs/economy.md). A movement is a transaction row under an idempotency
// key and entries that sum to zero per asset. User accounts (`user:<id>`) hold exact balances that are
// changed in the same statement as their guard; every other account is credited append-only through
// `ledger_pending` and folded into its balance by a job, so a hot anchor never serialises its senders.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** What moved: recharge, gift, purchase, ticket.grant, ticket.spend, grant, refund, opening... */
    kind: text('kind').notNull(),
    /** sha256 of the request body the key was first used with: the same key with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    /** The user who asked for it (the sender, the buyer), for their history lists. */
    userId: bigint('user_id', { mode: 'number' }),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** The reply the first request got; a replay of the key returns it unchanged. */
    result: jsonb('result').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_transactions_user_idx').on(table.userId, table.createdAt), index('ledger_transactions_created_idx').on(table.createdAt)],
);
export type LedgerTransaction = typeof ledgerTransactions.$inferSelect;

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    /** `diamond`, `gold` (hundredths) or `item:<type>` / `item:<type>:<props id>` (a count). */
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_entries_account_idx').on(table.account, table.asset, table.id), index('ledger_entries_transaction_idx').on(table.transactionId)],
);
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    account: text('account').notNull(),
    asset: text('asset').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.account, table.asset] }),
    // A user's wallet and backpack never go negative; what a user owes is booked on `debt:<id>`.
    check('ledger_balances_user_not_negative', sql`${table.balance} >= 0 OR ${table.account} NOT LIKE 'user:%'`),
  ],
);
export type LedgerBalance = typeof ledgerBalances.$inferSelect;

/** Entries on append-only accounts not yet folded into `ledger_balances`. */
export const ledgerPending = pgTable(
  'ledger_pending',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [index('ledger_pending_account_idx').on(table.account, table.asset)],
);

/**
 * Each proof of the books (`verifyLedger`): the jobs role's every few hours and the console's on demand; the console
 * shows the newest. Details are the first mismatches found, as the ops command prints them.
 */
export const ledgerVerifications = pgTable(
  'ledger_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The console user who asked for it; null: the job. */
    actorId: bigint('actor_id', { mode: 'number' }),
    accounts: bigint('accounts', { mode: 'number' }).notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    mismatches: bigint('mismatches', { mode: 'number' }).notNull(),
    details: jsonb('details').$type<unknown[]>().notNull().default([]),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ledger_verifications_created_idx').on(table.createdAt)],
);
