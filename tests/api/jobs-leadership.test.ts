// Jobs exactly once (issue 28, docs/operations.md): with Postgres one process of several with the `jobs` role leads,
// the others wait; killing the leader's session hands over within 10 s, and a leader that lost its session stops
// its jobs. With the embedded database the one process leads at once. Each test takes its own lock key, so two runs
// of this suite on one server never meet.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { leadJobs, type JobsLeadership } from '@/lib/server/jobs/leadership';
import { itNeeding } from '@/tests/support/needs-tool';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const postgresUp = spawnSync('pg_isready', ['-d', postgresUrl, '-q']).status === 0;
// The handover is a time limit (10 s), so it is measured in CI's Postgres pass, which runs alone on the machine; in
// the PGlite pass, beside the e2e lane on 2 cores, starved child processes once took 12 s. That pass counts them as
// skipped; `TEST_DATABASE_URL=… npm run test:api` runs them by hand.
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);
const itWithPostgres = postgresPass ? itNeeding('a Postgres server', postgresUp, 'start one on 127.0.0.1:5432 with a database "test", as .ci/run does') : it.skip;

/** Counts how often it was made to lead, how many of its leads run now, and when it last took the lead. */
function worker() {
  const counts = { started: 0, running: 0, takenAt: 0 };
  const lead = () => {
    counts.started += 1;
    counts.running += 1;
    counts.takenAt = Date.now();
    return async () => {
      counts.running -= 1;
    };
  };
  return { counts, lead };
}

async function waitFor(check: () => boolean, withinMs: number, describeState?: () => Promise<string>): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > withinMs) throw new Error(`not within ${withinMs} ms${describeState ? `: ${await describeState()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What Postgres sees of the contenders, for a failure's message. */
async function contenders(lockKey: number): Promise<string> {
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const sessions = await admin.query(`SELECT pid, state FROM pg_stat_activity WHERE application_name = 'jobs-leader'`);
    const locks = await admin.query(
      `SELECT pid, granted FROM pg_locks WHERE locktype = 'advisory' AND classid = 210002 AND objid = $1`,
      [lockKey],
    );
    return JSON.stringify({ sessions: sessions.rows, locks: locks.rows });
  } finally {
    await admin.end();
  }
}

/** Ends the database session that holds the lock, as a killed process or a dropped network would. */
async function killLockHolder(lockKey: number): Promise<void> {
  const admin = new Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 210002 AND objid = $1 AND granted`,
      [lockKey],
    );
    expect(rowCount).toBe(1);
  } finally {
    await admin.end();
  }
}

describe('the jobs leader', () => {
  const running: JobsLeadership[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((leadership) => leadership.stop()));
  });

  it('is this process at once with the embedded database', async () => {
    const one = worker();
    const leadership = leadJobs({ lead: one.lead });
    expect(leadership.isLeader()).toBe(true);
    expect(one.counts).toMatchObject({ started: 1, running: 1 });
    await leadership.stop();
    expect(one.counts.running).toBe(0);
  });

  itWithPostgres('is one of three processes; killing its session hands over within 10 s and the old leader stops', async () => {
    const lockKey = crypto.randomInt(1_000, 2_000_000_000);
    const workers = [worker(), worker(), worker()];
    running.push(...workers.map((each) => leadJobs({ postgresUrl, lead: each.lead, lockKey })));
    await waitFor(() => running.some((leadership) => leadership.isLeader()), 5_000);
    // Give the others several tries: none of them may lead as well.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(running.filter((leadership) => leadership.isLeader())).toHaveLength(1);
    expect(workers.reduce((sum, each) => sum + each.counts.started, 0)).toBe(1);
    const first = running.findIndex((leadership) => leadership.isLeader());

    const killedAt = Date.now();
    await killLockHolder(lockKey);
    // The wait is longer than the promise so that a starved test machine reports the time taken, not a timeout.
    const tookOver = () => running.some((leadership, index) => index !== first && leadership.isLeader());
    await waitFor(tookOver, 20_000, () => contenders(lockKey));
    const handover = Math.max(...workers.map((each, index) => (index === first ? 0 : each.counts.takenAt))) - killedAt;
    expect(handover).toBeLessThanOrEqual(10_000);
    await waitFor(() => !running[first].isLeader(), 5_000);
    expect(workers[first].counts.running).toBe(0);
    expect(workers.reduce((sum, each) => sum + each.counts.running, 0)).toBe(1);
    console.log(`jobs leadership handed over in ${handover} ms`);
  }, 40_000);

  itWithPostgres('hands over at once when the leader stops (a clean shutdown)', async () => {
    const lockKey = crypto.randomInt(1_000, 2_000_000_000);
    const [a, b] = [worker(), worker()];
    const leaderA = leadJobs({ postgresUrl, lead: a.lead, lockKey, retryMs: 200 });
    await waitFor(() => leaderA.isLeader(), 5_000);
    const leaderB = leadJobs({ postgresUrl, lead: b.lead, lockKey, retryMs: 200 });
    running.push(leaderB);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(leaderB.isLeader()).toBe(false);
    await leaderA.stop();
    expect(a.counts.running).toBe(0);
    await waitFor(() => leaderB.isLeader(), 2_000);
    expect(b.counts).toMatchObject({ started: 1, running: 1 });
  }, 15_000);
});
