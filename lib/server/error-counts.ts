import 'server-only';
// Errors in the last hour, for the operator console's dashboard: every process adds the error lines it wrote
// (lib/server/log.ts) to a per-minute row of its own every 15 s, so the figure covers every process of a cluster and
// outlives a restart. A flush that fails (the database is what is failing) keeps its count for the next one.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { errorLinesWritten, log } from '@/lib/server/log';

const flushEveryMs = 15_000;
const keepDays = 7;

/** Starts adding this process's error lines to `error_counts`; the stop flushes what is left. */
export function startErrorCounting(db: Db, node = `${os.hostname()}:${process.pid}`, everyMs = flushEveryMs): () => Promise<void> {
  let flushed = 0;
  let prunedAt = 0;
  const flush = async () => {
    const written = errorLinesWritten();
    const delta = written - flushed;
    const now = Date.now();
    try {
      if (delta > 0) {
        const minute = new Date(Math.floor(now / 60_000) * 60_000);
        await db.execute(sql`
          INSERT INTO error_counts (minute, node, count) VALUES (${minute}, ${node}, ${delta})
          ON CONFLICT (minute, node) DO UPDATE SET count = error_counts.count + excluded.count`);
        flushed = written;
      }
      if (now - prunedAt > 3_600_000) {
        prunedAt = now;
        await db.execute(sql`DELETE FROM error_counts WHERE minute < now() - make_interval(days => ${keepDays})`);
      }
    } catch (error) {
      // Not logged as an error: that would count itself.
      log.warn('error count not stored', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await flush();
  };
}

/** Error lines written by every process since `since`, to the minute. */
export async function errorsSince(db: Db, since: Date): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(db, sql`SELECT sum(count) AS total FROM error_counts WHERE minute >= ${new Date(Math.floor(since.getTime() / 60_000) * 60_000)}`);
  return Number(row?.total ?? 0);
}
