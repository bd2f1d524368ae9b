// Moving the books onto the ledger (drizzle/0008_ledger.sql): a database at the previous version, holding
// currencies, backpack items and ticket movements in the old tables, comes out with the same balances on the
// ledger, books that verify, and ticket grant keys that still replay instead of granting twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '@/lib/db';
import * as schema from '@/lib/db/schema';
import { ticketAsset } from '@/lib/server/ledger/accounts';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { grantTickets } from '@/lib/server/tickets/ledger';

const migrations = path.join(process.cwd(), 'drizzle');

/** A copy of the migrations folder that ends before the ledger. */
function migrationsBeforeLedger(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const entries = journal.entries.filter((entry) => entry.tag < '0008');
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await PGlite.create();
  const drizzled = drizzle(client, { schema });
  await migrate(drizzled, { migrationsFolder: migrationsBeforeLedger() });
  await client.exec(`
    INSERT INTO users (id, mobile, nick_name, brand_id) VALUES (1, '13900000001', 'a', 'sportcast'), (2, '13900000002', 'b', 'sportcast'), (3, '13900000003', 'anchor', 'sportcast');
    INSERT INTO lives (id, anchor_id, stream, title, category_id, child_category_id, status) VALUES (7, 3, 'old-stream', 'Old live', 2, 201, 'ended');
    INSERT INTO user_balances (user_id, diamond, gold) VALUES (1, 128800, 56000), (2, 0, 0), (3, 5000, 0);
    INSERT INTO backpack_items (user_id, item_type, quantity) VALUES (1, 105, 2), (2, 105, 0), (2, 101, 3);
    INSERT INTO ticket_ledger (idempotency_key, account, user_id, delta, reason, note) VALUES
      ('ops:first', 'issuer', NULL, -3, 'grant', 'operator'), ('ops:first', 'user:1', 1, 3, 'grant', 'operator'),
      ('spend:1:7', 'user:1', 1, -1, 'spend', ''), ('spend:1:7', 'spent', NULL, 1, 'spend', '');
    UPDATE ticket_ledger SET live_id = 7 WHERE reason = 'spend';
    INSERT INTO ticket_grants (user_id, live_id) VALUES (1, 7);
  `);
  await migrate(drizzled, { migrationsFolder: migrations });
  db = drizzled as unknown as Db;
}, 60_000);

afterAll(() => client.close());

it('keeps every balance and item the old tables held', async () => {
  expect(await readWallet(db, 1)).toEqual({ diamond: 128_800, gold: 56_000 });
  expect(await readWallet(db, 3)).toEqual({ diamond: 5_000, gold: 0 });
  expect(await readWallet(db, 2)).toEqual({ diamond: 0, gold: 0 });
  expect(await readItemCount(db, 1, ticketAsset)).toBe(2);
  expect(await readItemCount(db, 2, 'item:101')).toBe(3);
});

it('books the old ticket movements as ledger transactions and verifies', async () => {
  const report = await verifyLedger(db);
  expect(report.details).toEqual([]);
  expect(report.mismatches).toBe(0);
  const kinds = await client.query<{ idempotency_key: string; kind: string }>(`SELECT idempotency_key, kind FROM ledger_transactions ORDER BY idempotency_key`);
  expect(kinds.rows).toEqual([
    { idempotency_key: 'migration:0008:opening', kind: 'opening' },
    { idempotency_key: 'ops:first', kind: 'ticket.grant' },
    { idempotency_key: 'spend:1:7', kind: 'ticket.spend' },
  ]);
});

it('replays a grant made before the move instead of granting again, and refuses its key for another grant', async () => {
  expect(await grantTickets(db, { userId: 1, count: 3, idempotencyKey: 'ops:first' })).toEqual({ granted: false, quantity: 2 });
  await expect(grantTickets(db, { userId: 2, count: 3, idempotencyKey: 'ops:first' })).rejects.toMatchObject({ key: 'live.ticket.keyReused' });
});

it('leaves no old table behind', async () => {
  const tables = await client.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_name IN ('user_balances', 'backpack_items', 'ticket_ledger')`);
  expect(tables.rows).toEqual([]);
});
