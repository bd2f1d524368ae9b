// Runs one `npm run ops` command line in-process against the test database and returns what the operator would see.
import { getDb } from '@/lib/db';
import { runOps, type OpsIo } from '@/lib/server/ops/run';

export async function runOpsCommand(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: OpsIo = { openDatabase: getDb, closeDatabase: async () => undefined, print: (text) => out.push(text), printError: (text) => err.push(text) };
  const code = await runOps(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
