// A benchmark's own database on the machine's Postgres (DATABASE_URL, else the CI's): created, migrated as the server
// migrates, handed over with a pool of the benchmark's size, and dropped afterwards whatever happened.
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client, Pool } from 'pg';
import { openDatabase, postgresPoolConfig, type Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { defaultDatabaseTimeouts } from '@/lib/env';
import { BenchError, progress } from './harness';

export async function withBenchDatabase<T>(name: string, poolSize: number, usage: string, use: (db: Db) => Promise<T>): Promise<T> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  if (!serverUrl.startsWith('postgres')) throw new BenchError(`The ${name} benchmark needs Postgres; DATABASE_URL is ${serverUrl}.\nUsage: ${usage}`);
  const database = `${name}_bench_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const admin = new Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new BenchError(`Cannot reach Postgres at ${serverUrl}: ${error instanceof Error ? error.message : String(error)}`);
  }
  await admin.query(`create database ${database}`);
  progress(`database ${database} created; pool of ${poolSize}`);
  let pool: Pool | undefined;
  try {
    await (await openDatabase({ url: url.toString(), dataDir: os.tmpdir() })).close();
    pool = new Pool({ ...postgresPoolConfig(url.toString(), defaultDatabaseTimeouts), max: poolSize });
    // Dropping the database at the end ends any connection left; that is not a failure of the run.
    pool.on('error', () => undefined);
    return await use(drizzle(pool, { schema }) as unknown as Db);
  } finally {
    await pool?.end();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    progress(`database ${database} dropped`);
  }
}
