// Postgres aborts a transaction that deadlocked (40P01) or could not be serialised (40001): nothing of it was
// written, so running it again is safe and almost always succeeds. Every db.transaction of the Postgres handle is
// retried so, a bounded number of times with a short random pause, instead of failing the request. Transaction
// bodies here touch only the database (messages are published after commit), which is what makes a rerun safe.
// A dropped connection is not retried: whether its COMMIT landed is unknown, and the idempotency keys of the
// callers that move money make the client's own retry the safe one (docs/hardening.md "Faults").
import { log } from '@/lib/server/log';

const retryableStates = new Set(['40001', '40P01']);
const maxAttempts = 4;

/** The SQLSTATE of a driver error, which Drizzle wraps in errors of its own (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/** Makes `db.transaction` rerun a transaction Postgres aborted as a deadlock or serialisation failure. */
export function retryAbortedTransactions<T extends Transactional>(db: T): T {
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(...args);
      } catch (error) {
        const state = sqlStateOf(error);
        if (!state || !retryableStates.has(state) || attempt >= maxAttempts) throw error;
        log.warn('transaction aborted by Postgres, running it again', { state, attempt });
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  };
  return Object.assign(db, { transaction: retrying as T['transaction'] });
}
