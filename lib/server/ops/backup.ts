import 'server-only';
// Operator commands for backups (docs/operations.md): `db:backup` writes one of the open database (through the
// running server's ops socket too, which holds the embedded database), `db:restore` puts one back (the server
// stopped for the embedded database; `--yes` because it replaces the data).
import fs from 'node:fs';
import path from 'node:path';
import { getDatabase } from '@/lib/db';
import { backupDatabase, restorePglite, restorePostgres } from '@/lib/db/backup';
import { getEnv } from '@/lib/env';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const dbBackupCommand: OpsCommand = {
  name: 'db:backup',
  usage: '[--out <file>]',
  summary: 'write a backup of the database (pg_dump for Postgres, a PGlite dump for the embedded one); default under DATA_DIR/backups',
  async run(args, database) {
    const { values } = parseCommandArgs(dbBackupCommand, args, { out: { type: 'string' } });
    const env = getEnv();
    await database();
    const handle = await getDatabase();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(values.out ?? path.join(env.dataDir, 'backups', `sportcast-${stamp}.${handle.kind === 'pglite' ? 'pglite.tar' : 'pgdump'}`));
    const bytes = await backupDatabase(handle, handle.kind === 'postgres' ? env.DATABASE_URL : undefined, file).catch((error: unknown) => {
      throw new OpsError(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return `Backup written: ${file} (${megabytes(bytes)}).`;
  },
};

export const dbRestoreCommand: OpsCommand = {
  name: 'db:restore',
  usage: '<file> --yes',
  summary: 'replace the database with a backup (the embedded one: with the server stopped; the old data directory is kept)',
  needsStoppedServer: true,
  async run(args) {
    const { positionals, values } = parseCommandArgs(dbRestoreCommand, args, { yes: { type: 'boolean' } }, ['file']);
    const file = path.resolve(positionals[0]);
    if (!fs.existsSync(file)) throw new OpsError(`There is no file ${file}.`);
    if (!values.yes) throw new OpsError('A restore replaces every row of the database with the backup\'s: add --yes to go ahead.');
    const env = getEnv();
    try {
      if (env.DATABASE_URL?.startsWith('postgres')) {
        await restorePostgres(env.DATABASE_URL, file);
        return `Restored ${file} into the Postgres database.`;
      }
      const setAside = await restorePglite(env.dataDir, file);
      return `Restored ${file} into the embedded database.${setAside ? ` The previous data directory is kept at ${setAside}.` : ''}`;
    } catch (error) {
      throw new OpsError(`The restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};
