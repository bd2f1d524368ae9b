// A guard against hangs, not a measure: a test's own time bounds are its assertions. Beside the e2e journeys and the
// Postgres pass, a file's first test (which loads the routes it calls) has taken more than 30 s.
jest.setTimeout(60_000);

// Each API test file gets its own database, a copy of the one api-global-setup migrated and seeded:
// an in-memory PGlite loaded from its dump, or with TEST_DATABASE_URL a database created from its
// template and dropped afterwards. TEST_REDIS_URL switches the bus to Redis.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb } from '@/lib/db';
import { openDatabase } from '@/lib/db/client';
import { closeBus } from '@/lib/realtime/bus';
import { closeRateLimiterConnection, rateLimitStoreReady } from '@/lib/server/rate-limit';
import { demoPassword } from './demo-password';

const serverUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;

function urlFor(database: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

// Set before the test file is imported: a module that reads getEnv() at load time must see the test's settings. One
// folder per test file: the files of a worker share its process, and every file's database hands out the same ids, so
// a shared folder let one file's leftovers (a recording of live 42) land in another's.
const dataDir = path.join(os.tmpdir(), `sportcast-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = 'test-secret-that-is-long-enough-for-iron';
process.env.LOG_LEVEL = 'error';
process.env.DEMO_PASSWORD = demoPassword;
process.env.HOST = '127.0.0.1';
if (process.env.TEST_REDIS_URL) {
  process.env.REDIS_URL = process.env.TEST_REDIS_URL;
  // Test files run side by side against one Redis and every file's database hands out the same ids: without a
  // prefix of its own, one file's rooms, rate limits and rankings were another's (a fuzz of getUserSig spent a
  // gift test's guest identities).
  process.env.REDIS_KEY_PREFIX = `t${crypto.randomBytes(4).toString('hex')}:`;
}
if (serverUrl) {
  databaseName = `test_${crypto.randomBytes(6).toString('hex')}`;
  process.env.DATABASE_URL = urlFor(databaseName);
} else {
  process.env.DATABASE_URL = 'memory://';
}

beforeAll(async () => {
  if (serverUrl) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    const template = process.env.TEST_TEMPLATE_DATABASE;
    await admin.query(`create database ${databaseName}${template ? ` template ${template}` : ''}`);
    await admin.end();
  } else {
    const dump = process.env.TEST_PGLITE_DUMP;
    if (dump) {
      // Installed where lib/db looks for the process-wide database (lib/db/index.ts), already seeded.
      const holder = globalThis as Record<symbol, unknown>;
      holder[Symbol.for('sportcast.database')] = openDatabase({
        url: 'memory://',
        dataDir,
        pgliteDump: new Blob([fs.readFileSync(dump)]),
      });
    }
  }
});

// As server.ts does before it listens: with Redis, the first limits would otherwise count in memory.
beforeAll(() => rateLimitStoreReady());

// With Redis, counters keyed by an account id (ID-photo uploads, feedback) outlive a test file, and every file's
// database hands out the same ids: each file's new accounts start at an id of their own instead.
beforeAll(async () => {
  if (!process.env.TEST_REDIS_URL) return;
  const db = await getDb();
  await db.execute(sql`select setval('users_id_seq', ${20_000_000 + crypto.randomInt(0, 900_000_000)})`);
}, 60_000);

afterAll(async () => {
  await closeRateLimiterConnection();
  await closeBus();
  await closeDatabase();
  if (serverUrl && databaseName) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});
