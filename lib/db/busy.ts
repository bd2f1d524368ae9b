// The database turning work away because it is saturated, not because the work is wrong: no pooled connection came
// free within DATABASE_CONNECT_TIMEOUT_MS, the server is at max_connections (53300), or a row stayed locked past
// lock_timeout (55P03). The failing statement's transaction was rolled back, and what moves money carries an
// idempotency key, so the caller is told to try again rather than shown an internal fault.
import { sqlStateOf } from './transaction-retry';

const busyStates = new Set(['53300', '55P03']);

/** pg-pool's own error when a connection could not be checked out in time (it has no SQLSTATE). */
const poolTimeout = 'timeout exceeded when trying to connect';

export function isDatabaseBusy(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state) return busyStates.has(state);
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current.message === poolTimeout) return true;
  }
  return false;
}
