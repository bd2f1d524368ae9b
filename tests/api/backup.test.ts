// Backups (issue 28, docs/operations.md): `ops db:backup` writes the open database (a PGlite dump, or pg_dump on
// the Postgres run), and a restore brings back exactly what the backup held: a row from before is back, one added
// after is gone; a broken file fails the restore and changes nothing; a restore needs --yes and a stopped server.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { restorePglite, restorePostgres } from '@/lib/db/backup';
import { openDatabase } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { runOps } from '@/lib/server/ops/run';
import { runOpsCommand } from '@/tests/support/ops';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => getDb(), 60_000);

async function addUser(): Promise<number> {
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await (await getDb()).insert(users).values({ id, mobile: `175${String(id).slice(-8)}`, nickName: `Backup${id % 100_000}`, brandId: 'sportcast' });
  return id;
}

const idsIn = async (db: Awaited<ReturnType<typeof getDb>>, ids: number[]) => (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((row) => row.id).sort();

describe('backups', () => {
  it('restores exactly what the backup held', async () => {
    const before = await addUser();
    const file = path.join(scratch, onPostgres ? 'site.pgdump' : 'site.pglite.tar');
    const written = await runOpsCommand('db:backup', '--out', file);
    expect(written).toMatchObject({ code: 0, out: expect.stringMatching(/^Backup written: .+ \(\d+\.\d MB\)\.$/) });
    expect(fs.statSync(file).size).toBeGreaterThan(100_000);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const after = await addUser();

    if (onPostgres) {
      expect(await runOpsCommand('db:restore', file, '--yes')).toMatchObject({ code: 0, out: `Restored ${file} into the Postgres database.` });
      expect(await idsIn(await getDb(), [before, after])).toEqual([before]);
    } else {
      const dataDir = path.join(scratch, 'restored');
      expect(await restorePglite(dataDir, file)).toBeUndefined();
      const restored = await openDatabase({ dataDir });
      try {
        expect(await idsIn(restored.db, [before, after])).toEqual([before]);
      } finally {
        await restored.close();
      }
      // Over an existing one: the old data directory is set aside, not deleted.
      const setAside = await restorePglite(dataDir, file);
      expect(setAside && fs.existsSync(path.join(setAside, 'PG_VERSION'))).toBe(true);
    }
  }, 120_000);

  it('fails on a broken file and changes nothing', async () => {
    const kept = await addUser();
    const broken = path.join(scratch, 'broken.bak');
    fs.writeFileSync(broken, 'this is not a backup');
    if (onPostgres) {
      await expect(restorePostgres(process.env.DATABASE_URL!, broken)).rejects.toThrow(/pg_restore failed/);
      expect(await idsIn(await getDb(), [kept])).toEqual([kept]);
    } else {
      const dataDir = path.join(scratch, 'kept');
      const made = await openDatabase({ dataDir });
      await made.close();
      await expect(restorePglite(dataDir, broken)).rejects.toThrow();
      expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
      const reopened = await openDatabase({ dataDir });
      await reopened.close();
    }
  }, 120_000);

  it('asks for --yes, names a missing file, and is refused by a running server', async () => {
    const file = path.join(scratch, 'any.bak');
    fs.writeFileSync(file, 'x');
    expect(await runOpsCommand('db:restore', file)).toMatchObject({ code: 1, err: expect.stringContaining('add --yes to go ahead') });
    expect(await runOpsCommand('db:restore', path.join(scratch, 'none.bak'), '--yes')).toMatchObject({ code: 1, err: expect.stringContaining('There is no file') });
    const err: string[] = [];
    const code = await runOps(['db:restore', file, '--yes'], { openDatabase: getDb, closeDatabase: async () => undefined, print: () => undefined, printError: (text) => err.push(text), insideServer: true });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('stop the server, then run it again');
  });
});
