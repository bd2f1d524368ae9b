// The Postgres pool the site runs on: node-postgres's Pool, made safe for connections the server drops (a restart,
// a failover, an administrator's terminate) while the site holds them.
import type { PoolClient, PoolConfig } from 'pg';
import { log } from '@/lib/server/log';

/**
 * A pool whose checked-out connections go back (and are discarded) the moment the server ends them, even when their
 * holder never releases them: drizzle's pooled transaction releases its client only once `begin` has succeeded, so a
 * connection dropped between checkout and `begin` would otherwise be lost to the pool for good (one per failover,
 * until the pool is empty and `end()` never returns). Release is idempotent, so a holder releasing it later is fine.
 */
export async function createPool(config: PoolConfig) {
  const { Pool } = await import('pg');

  const pool = new Pool(config);
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<PoolClient> | void;
  // Only the promise form is guarded: the callback form is pool.query's own, which always releases.
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : (connect() as Promise<PoolClient>).then(releaseWhenDropped))) as typeof pool.connect;
  // An idle connection the server drops is an 'error' event on the pool; unhandled it would end the process. The
  // pool discards that client and opens a new one when needed.
  pool.on('error', (error) => log.warn('database connection lost', { error: error.message }));
  // A connection dropped while checked out is an 'error' on the client, with no listener of the pool's: it too
  // would end the process. The work in flight fails on its own.
  pool.on('connect', (client) => client.on('error', (error) => log.warn('database connection lost while in use', { error: error.message })));
  return pool;
}

function releaseWhenDropped(client: PoolClient): PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  const onEnd = () => releaseOnce(new Error('connection ended while checked out'));
  client.once('end', onEnd);
  client.release = releaseOnce;
  return client;
}
