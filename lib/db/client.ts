// Opens the database once per process: PGlite (embedded, the default) or Postgres, migrated on open.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { PoolConfig } from 'pg';
import { defaultDatabaseTimeouts, type DatabaseTimeouts } from '@/lib/env';
import { createPool } from './pool';
import { retryAbortedTransactions } from './transaction-retry';
import { observeGauge } from '@/lib/server/metrics';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  dump?: () => Promise<Blob>;
}

export interface OpenOptions {
  /** postgres://…, memory://, or undefined for PGlite under dataDir. */
  url?: string;
  dataDir: string;
  /** An in-memory PGlite starts from this dump (`dumpPglite`) instead of empty: tests seed once, load many. */
  pgliteDump?: Blob;
  /** Postgres only (PGlite has one connection and no other sessions to wait for). */
  timeouts?: DatabaseTimeouts;
}

const migrationsFolder = path.join(process.cwd(), 'drizzle');

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url?.startsWith('postgres')) return openPostgres(options.url, options.timeouts ?? defaultDatabaseTimeouts);
  return openPglite(options.url === 'memory://' ? undefined : path.join(options.dataDir, 'pglite'), options.pgliteDump);
}

/** A PGlite database as a tarball, for `pgliteDump`. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (!handle.dump) throw new Error('only a PGlite database can be dumped');
  return handle.dump();
}

/**
 * The pool's settings: how long to wait for a connection, and the server-side limits every session starts with
 * (statement, lock wait, idle in a transaction), so no query or forgotten transaction holds a connection for ever.
 */
export function postgresPoolConfig(url: string, timeouts: DatabaseTimeouts): PoolConfig {
  return {
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  };
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = await createPool(postgresPoolConfig(url, timeouts));
  const db = retryAbortedTransactions(drizzle(pool, { schema }));
  // Several processes may start at once against one database: migrate under an advisory lock.
  const client = await pool.connect();
  try {
    // Another process may hold the lock for a whole migration, and a migration may run long: no limits here.
    await client.query('set statement_timeout = 0; set lock_timeout = 0');
    await client.query('select pg_advisory_lock(727001)');
    await migrate(db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    // Back to the pool's limits before the connection serves anything else.
    await client.query('reset statement_timeout; reset lock_timeout').catch(() => undefined);
    client.release();
  }
  const unobserve = [
    observeGauge('db_pool_connections', 'Open connections of the Postgres pool', () => pool.totalCount),
    observeGauge('db_pool_idle_connections', 'Idle connections of the Postgres pool', () => pool.idleCount),
    observeGauge('db_pool_waiting_requests', 'Queries waiting for a connection of the Postgres pool', () => pool.waitingCount),
  ];
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => {
      unobserve.forEach((stop) => stop());
      return pool.end();
    },
  };
}

async function openPglite(dir: string | undefined, dump?: Blob): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const releaseLock = dir ? lockDataDirectory(dir) : () => undefined;
  try {
    const client = await PGlite.create(dir, dump ? { loadDataDir: dump } : {});
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
  ) {
    super(
      `The database in ${dir} is already open in process ${holderPid}. Stop that process, or set DATABASE_URL to a Postgres server to run several.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/** PGlite loses writes if two processes open one directory, so a second process is refused. */
function lockDataDirectory(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  try {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) throw new DatabaseLockedError(dir, holder);
  } catch (error) {
    if (error instanceof DatabaseLockedError || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function checkDatabase(db: Db): Promise<'ok' | string> {
  try {
    await db.execute(sql`select 1`);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The rows of a raw SQL query. Both drivers (node-postgres and PGlite) answer `{ rows }`; bigint columns come back as strings. */
export async function queryRows<Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
