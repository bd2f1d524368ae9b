// The process-wide database. Next's bundle and server.ts load separate module copies,
// so the handle lives on globalThis: one PGlite per process, never two.
import { getEnv } from '@/lib/env';
import { openDatabase, type DatabaseHandle, type Db } from './client';

const key = Symbol.for('sportcast.database');
type Holder = { [key]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

/** Opens and migrates on first call; later calls share the same handle. Seeding is the caller's (lib/server/seed). */
export function getDatabase(): Promise<DatabaseHandle> {
  holder[key] ??= (async () => {
    const env = getEnv();
    return openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.dataDir,
      timeouts: {
        connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
        idleInTransactionMs: env.DATABASE_IDLE_TX_TIMEOUT_MS,
      },
    });
  })();
  holder[key].catch(() => {
    delete holder[key];
  });
  return holder[key];
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder[key];
  delete holder[key];
  if (pending) await (await pending).close();
}

export type { Db, Tx } from './client';
export { queryRows } from './client';
