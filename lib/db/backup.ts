// Backups (docs/operations.md): the embedded database as PGlite's own dump (a tar of its data directory, taken
// inside the process that holds it, so it is consistent), Postgres with pg_dump's custom format. A restore of the
// embedded database sets the old data directory aside instead of deleting it; one of Postgres replaces the
// objects the dump holds in one transaction, so a failed restore changes nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from './client';

function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2_000);
    });
    child.on('error', (error) => reject(new Error(`${program} could not run: ${error.message} (install the PostgreSQL client tools)`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${errors.trim()}`))));
  });
}

/** Writes a backup of the open database to `file`; `postgresUrl` is the database's address when it is Postgres. */
export async function backupDatabase(handle: DatabaseHandle, postgresUrl: string | undefined, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  if (handle.kind === 'pglite') {
    if (!handle.dump) throw new Error('this PGlite database cannot be dumped');
    fs.writeFileSync(partial, Buffer.from(await (await handle.dump()).arrayBuffer()));
  } else {
    if (!postgresUrl) throw new Error('the Postgres address is needed for pg_dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, postgresUrl]);
  }
  // Only a whole backup gets the name: a crash halfway leaves a .partial file, never a short backup.
  fs.renameSync(partial, file);
  return fs.statSync(file).size;
}

/**
 * Restores the embedded database under `dataDir` from a PGlite dump: the current data directory is renamed aside
 * (returned), and a new one is made from the dump and migrated to this version's schema. The server must be
 * stopped: the data directory's lock refuses a second process.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | undefined> {
  const dump = new Blob([fs.readFileSync(file)]);
  const live = path.join(dataDir, 'pglite');
  let setAside: string | undefined;
  if (fs.existsSync(live)) {
    // Taking the lock proves no server has it open; the data directory is renamed only after.
    const current = await openDatabase({ dataDir });
    await current.close();
    setAside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(live, setAside);
  }
  try {
    const restored = await openDatabase({ dataDir, pgliteDump: dump });
    await restored.close();
  } catch (error) {
    fs.rmSync(live, { recursive: true, force: true });
    if (setAside) fs.renameSync(setAside, live);
    throw error;
  }
  return setAside;
}

/** Restores a Postgres database from a pg_dump file: what the dump holds is dropped and made again, in one transaction. */
export async function restorePostgres(postgresUrl: string, file: string): Promise<void> {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${postgresUrl}`, file]);
}
