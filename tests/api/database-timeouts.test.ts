// Postgres sessions start with limits: a stuck statement, a lock wait or an idle transaction ends with an error
// instead of holding a pooled connection for ever (DATABASE_*_TIMEOUT_MS).
import { sql } from 'drizzle-orm';
import { openDatabase, postgresPoolConfig } from '@/lib/db/client';
import { defaultDatabaseTimeouts, parseEnv } from '@/lib/env';

it('configures every pool limit, with documented defaults', () => {
  const env = parseEnv({});
  expect([env.DATABASE_CONNECT_TIMEOUT_MS, env.DATABASE_STATEMENT_TIMEOUT_MS, env.DATABASE_LOCK_TIMEOUT_MS, env.DATABASE_IDLE_TX_TIMEOUT_MS]).toEqual([
    10_000, 30_000, 10_000, 60_000,
  ]);
  expect(postgresPoolConfig('postgres://db/x', defaultDatabaseTimeouts)).toMatchObject({
    connectionTimeoutMillis: 10_000,
    statement_timeout: 30_000,
    lock_timeout: 10_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
});

// Runs in the suite's Postgres pass (.ci/run sets TEST_DATABASE_URL); the embedded PGlite has no pool to limit, so the
// PGlite pass skips it (and counts it as skipped).
const postgresTest = process.env.TEST_DATABASE_URL ? it : it.skip;

postgresTest('ends a statement that runs past the limit, and starts each session with the lock and idle limits', async () => {
  const handle = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: '/tmp',
    timeouts: { connectMs: 5000, statementMs: 300, lockMs: 200, idleInTransactionMs: 1000 },
  });
  try {
    await expect(handle.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: expect.objectContaining({ message: expect.stringMatching(/statement timeout/) }) });
    const shown = (await handle.db.execute(sql`select current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle`)) as unknown as { rows: unknown[] };
    expect(shown.rows[0]).toEqual({ lock: '200ms', idle: '1s' });
  } finally {
    await handle.close();
  }
});
