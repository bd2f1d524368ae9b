// Which process runs the jobs (docs/operations.md): with Postgres, any number of processes may have the `jobs` role
// and exactly one of them leads, the one holding a session advisory lock on a connection of its own. The others try
// for it every `retryMs`; a leader that dies drops its connection, Postgres frees the lock at once, and the next try
// takes over (within 2 s by default). The leader checks its connection each `retryMs` and stops leading as soon as
// it fails, so two leaders overlap at most that long, and the jobs claim their rows in the database besides. With
// the embedded database one process owns DATA_DIR, so it leads from the start.
import type { Client } from 'pg';
import { log } from '@/lib/server/log';

/** The advisory lock's namespace (the first of its two keys; the second says which lock: 1, the jobs leader). */
const lockSpace = 21_0002;
const jobsLeaderLock = 1;

/** Starts the leader's work and returns how to stop it. */
type Lead = () => () => Promise<void>;

export type JobsLeadership = { isLeader(): boolean; stop(): Promise<void> };

export function leadJobs(options: { postgresUrl?: string; lead: Lead; retryMs?: number; lockKey?: number }): JobsLeadership {
  if (!options.postgresUrl) {
    const stopLeading = options.lead();
    return { isLeader: () => true, stop: stopLeading };
  }
  const url = options.postgresUrl;
  const retryMs = options.retryMs ?? 2_000;
  const lock = [lockSpace, options.lockKey ?? jobsLeaderLock];
  let client: Client | undefined;
  let stopLeading: (() => Promise<void>) | undefined;
  let stopped = false;
  let busy = false;
  // Said once when the tries start failing (Postgres down, connections exhausted), not every retryMs.
  let unreachable = false;

  async function dropConnection(): Promise<void> {
    const closing = client;
    client = undefined;
    await closing?.end().catch(() => undefined);
  }

  async function resign(reason: string): Promise<void> {
    if (stopLeading) {
      const stopping = stopLeading;
      stopLeading = undefined;
      log.warn('jobs leadership lost', { reason });
      await stopping();
    }
    await dropConnection();
  }

  async function tick(): Promise<void> {
    if (busy || stopped) return;
    busy = true;
    try {
      if (stopLeading) {
        // Still ours while the session lives: a round trip proves it.
        await client!.query('SELECT 1');
        return;
      }
      if (!client) {
        const { Client: PgClient } = await import('pg');
        const fresh = new PgClient({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: 'jobs-leader' });
        fresh.on('error', (error) => void resign(error.message));
        await fresh.connect();
        if (stopped) {
          await fresh.end();
          return;
        }
        client = fresh;
      }
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', lock);
      unreachable = false;
      if (rows[0]?.locked && !stopped) {
        log.info('jobs leadership taken');
        stopLeading = options.lead();
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!unreachable && !stopLeading) log.warn('jobs leadership: cannot try for the lock', { reason });
      unreachable = true;
      await resign(reason);
    } finally {
      busy = false;
    }
  }

  void tick();
  const timer = setInterval(() => void tick(), retryMs);
  timer.unref();
  return {
    isLeader: () => stopLeading !== undefined,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (stopLeading) {
        const stopping = stopLeading;
        stopLeading = undefined;
        await stopping();
      }
      // Closing the session frees the lock for the next process at once.
      await dropConnection();
    },
  };
}
