import 'server-only';
// Posting a movement: one database transaction that checks the idempotency key, changes the exact balances
// in guarded single statements (never read, then write), and appends the entries. Append-only accounts get
// their entries in ledger_pending too; the fold job adds them to their balance later.
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { AppError } from '@/lib/server/http/errors';
import { isExactAccount, type Asset } from './accounts';

/** One side of a movement: a signed amount of one asset on one account. */
export type Leg = { account: string; asset: Asset; amount: number };

export type Movement = {
  idempotencyKey: string;
  kind: string;
  /** The request as the caller sent it (without the key): a replay must send the same. */
  body: unknown;
  legs: Leg[];
  userId?: number;
  meta?: Record<string, unknown>;
};

export type Posted<R> = { transactionId: number; replayed: boolean; result: R };

/** The largest amount a movement may carry: JavaScript numbers stay exact below 2^53. */
export const maxAmount = Number.MAX_SAFE_INTEGER;

export class InsufficientBalanceError extends AppError {
  constructor(readonly account: string, readonly asset: Asset) {
    super(asset === 'diamond' || asset === 'gold' ? `wallet.errors.insufficient.${asset}` : 'wallet.errors.insufficient.item');
    this.name = 'InsufficientBalanceError';
  }
}

function bodyHash(body: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Legs merged per account and asset, checked: whole non-zero amounts within 2^53, summing to zero per asset. */
function normaliseLegs(legs: Leg[]): Leg[] {
  const merged = new Map<string, Leg>();
  const totals = new Map<string, number>();
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new AppError('wallet.errors.badAmount');
    const key = `${leg.account}\u0000${leg.asset}`;
    const amount = (merged.get(key)?.amount ?? 0) + leg.amount;
    if (!Number.isSafeInteger(amount)) throw new AppError('wallet.errors.badAmount');
    merged.set(key, { ...leg, amount });
    totals.set(leg.asset, (totals.get(leg.asset) ?? 0) + leg.amount);
  }
  for (const total of totals.values()) if (total !== 0) throw new Error('A ledger movement must sum to zero per asset.');
  // A fixed order of row locks: two movements over the same accounts can never wait on each other in a cycle.
  return [...merged.values()].filter((leg) => leg.amount !== 0).sort((a, b) => (a.account + a.asset < b.account + b.asset ? -1 : 1));
}

/**
 * Posts a movement once per idempotency key. The same key and body returns the first result; the same key with
 * another body is refused; a key whose first request is still running is refused until it finishes.
 * `describe` runs inside the transaction after the balances moved and returns the reply to store for replays.
 */
export async function postMovement<R>(db: Db | Tx, movement: Movement, describe: (tx: Tx, transactionId: number) => Promise<R>): Promise<Posted<R>> {
  const legs = normaliseLegs(movement.legs);
  const hash = bodyHash(movement.body);
  return db.transaction(async (tx) => {
    // The claim, one statement: a try-lock on the key (a request still running holds it); under it, the transaction
    // row (inserted first, so a key committed between this statement's snapshot and its lock conflicts here rather
    // than passing as new); then the first exact leg, most movements' only one (a gift's debit). The other exact
    // legs follow in their sorted order, so row locks are always taken in one order.
    const [first, ...others] = legs.filter((leg) => isExactAccount(leg.account));
    const [claim] = await queryRows<{ locked: boolean; id: string | number | null; moved: string | number }>(tx, sql`
      WITH claim AS MATERIALIZED (SELECT pg_try_advisory_xact_lock(${ledgerLockSpace}, hashtext(${movement.idempotencyKey})) AS locked),
      inserted AS (
        INSERT INTO ledger_transactions (idempotency_key, kind, body_hash, user_id, meta)
        SELECT ${movement.idempotencyKey}, ${movement.kind}, ${hash}, ${movement.userId ?? null}::bigint, ${JSON.stringify(movement.meta ?? {})}::jsonb
        FROM claim WHERE locked
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING id
      ), moved AS (${first ? exactLegStatement(first, sql`EXISTS (SELECT 1 FROM inserted)`) : sql`SELECT 1 WHERE false`})
      SELECT claim.locked, inserted.id, (SELECT count(*) FROM moved) AS moved FROM claim LEFT JOIN inserted ON true`);
    if (!claim.locked) throw new AppError('wallet.errors.inFlight');
    if (claim.id === null) return replay<R>(tx);
    const transactionId = Number(claim.id);
    if (first && Number(claim.moved) === 0) throw new InsufficientBalanceError(first.account, first.asset);
    if (others.length > 1 && others.every((leg) => leg.amount > 0)) {
      // Only credits (a quiz's payouts to thousands of winners): they cannot fail, so one statement adds them all,
      // taking the rows in the same sorted order.
      await queryRows(tx, exactCreditsStatement(others));
    } else {
      for (const leg of others) {
        if ((await queryRows(tx, exactLegStatement(leg))).length === 0) throw new InsufficientBalanceError(leg.account, leg.asset);
      }
    }

    const result = await describe(tx, transactionId);
    await queryRows(tx, sql`
      WITH legs AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) AS leg(account text, asset text, amount bigint)
      ), entries AS (
        INSERT INTO ledger_entries (transaction_id, account, asset, amount)
        SELECT ${transactionId}, account, asset, amount FROM legs
        RETURNING id, account, asset, amount
      ), pending AS (
        INSERT INTO ledger_pending (entry_id, account, asset, amount)
        SELECT id, account, asset, amount FROM entries WHERE account NOT LIKE 'user:%' AND account NOT LIKE 'debt:%'
      )
      UPDATE ledger_transactions SET result = ${JSON.stringify(result ?? null)}::jsonb WHERE id = ${transactionId}`);
    return { transactionId, replayed: false, result };
  });

  /** The key is taken and, as we hold its lock, committed: the same body gets the stored result, another is refused. */
  async function replay<T>(tx: Tx): Promise<Posted<T>> {
    const [existing] = await queryRows<{ id: string | number; body_hash: string; result: unknown }>(tx, sql`
      SELECT id, body_hash, result FROM ledger_transactions WHERE idempotency_key = ${movement.idempotencyKey}`);
    if (existing.body_hash !== hash) throw new AppError('wallet.errors.keyReused');
    return { transactionId: Number(existing.id), replayed: true, result: existing.result as T };
  }
}

/** Namespaces the ledger's advisory locks (the first half of the two-key form). */
const ledgerLockSpace = 21_0001;

/**
 * The statement that adds or takes an amount on an exact account, returning a row when it did; `when` is a further
 * condition. A debit only happens while the balance covers it (`balance >= amount` in the same UPDATE), so
 * concurrent spenders can never drive a user below zero.
 */
function exactLegStatement(leg: Leg, when: SQL = sql`true`): SQL {
  if (leg.amount > 0 || !leg.account.startsWith('user:')) {
    return sql`
      INSERT INTO ledger_balances (account, asset, balance) SELECT ${leg.account}::text, ${leg.asset}::text, ${leg.amount}::bigint WHERE ${when}
      ON CONFLICT (account, asset) DO UPDATE SET balance = ledger_balances.balance + excluded.balance, updated_at = now()
      RETURNING 1`;
  }
  return sql`
    UPDATE ledger_balances SET balance = balance + ${leg.amount}::bigint, updated_at = now()
    WHERE account = ${leg.account} AND asset = ${leg.asset} AND balance >= ${-leg.amount}::bigint AND ${when}
    RETURNING 1`;
}

/** Credits to exact accounts in one upsert, rows taken in sorted order (byte order, as the legs are sorted). */
function exactCreditsStatement(legs: Leg[]): SQL {
  return sql`
    INSERT INTO ledger_balances (account, asset, balance)
    SELECT account, asset, amount FROM jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) AS leg(account text, asset text, amount bigint)
    ORDER BY account COLLATE "C", asset COLLATE "C"
    ON CONFLICT (account, asset) DO UPDATE SET balance = ledger_balances.balance + excluded.balance, updated_at = now()`;
}
