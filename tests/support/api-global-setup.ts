// Once per API test run: a migrated and seeded database every test file starts from, instead of
// seeding its own (the match import alone takes seconds). PGlite: a dump file; Postgres: a template database.
// Global setup runs outside jest's module mapping: resolve 'server-only' as server.ts does.
import '../../scripts/server-only-shim.cjs';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { dumpPglite, openDatabase } from '@/lib/db/client';
import { runSeeds } from '@/lib/server/seed/run-seeds';
import { demoPassword } from './demo-password';

export default async function globalSetup() {
  // Known demo passwords instead of random ones; lib/env.ts allows them on a loopback host only.
  process.env.DEMO_PASSWORD = demoPassword;
  process.env.HOST = '127.0.0.1';
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `test_template_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ url: url.toString(), dataDir: os.tmpdir() });
    await runSeeds(handle.db, { demo: true });
    await handle.close();
    process.env.TEST_TEMPLATE_DATABASE = template;
  } else {
    const handle = await openDatabase({ url: 'memory://', dataDir: os.tmpdir() });
    await runSeeds(handle.db, { demo: true });
    const file = path.join(os.tmpdir(), `sportcast-test-db-${process.pid}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await dumpPglite(handle)).arrayBuffer()));
    await handle.close();
    process.env.TEST_PGLITE_DUMP = file;
  }
}
