import fs from 'node:fs';
import { Client } from 'pg';

export default async function globalTeardown() {
  if (process.env.TEST_PGLITE_DUMP) fs.rmSync(process.env.TEST_PGLITE_DUMP, { force: true });
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (process.env.TEST_DATABASE_URL && template) {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  }
}
