// `npm run ops -- <command> [args]`: the operator CLI. The commands live in lib/server/ops/.
// With the embedded database and a running server, the command runs inside the server (ops socket).
import { closeDatabase, getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { runOps } from '@/lib/server/ops/run';
import { runSeeds } from '@/lib/server/seed/run-seeds';
import { opsSocketPath, sendToOpsSocket } from '@/lib/server/ops/socket';

async function main(argv: string[]): Promise<number> {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    const reply = await sendToOpsSocket(opsSocketPath(env.dataDir), argv);
    if (reply) {
      reply.out.forEach((text) => console.log(text));
      reply.err.forEach((text) => console.error(text));
      return reply.code;
    }
  }
  return runOps(argv, {
    // A first command on a new database finds it as the server would: base data (and demo content) in place.
    openDatabase: async () => {
      const db = await getDb();
      await runSeeds(db, { demo: env.SEED_DEMO });
      return db;
    },
    closeDatabase,
    print: (text) => console.log(text),
    printError: (text) => console.error(text),
  });
}

main(process.argv.slice(2))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  })
  .then((code) => process.exit(code));
