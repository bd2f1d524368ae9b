// Quizzes on the machine's Postgres: bets per second into ONE quiz from 64 concurrent bettors (each bet a ledger
// movement from the bettor's wallet to the quiz's pool, with the close time, the daily cap and the bet row checked and
// written in its transaction), then the time to draw and settle a quiz holding 100 000 bets in bounded chunks, then
// the books verified and every winner's balance checked against the parimutuel arithmetic. Runs in a database of its
// own, created and dropped here.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { quizPoolAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { postMovement } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { placeBet } from '@/lib/server/quizzes/bet';
import { settle } from '@/lib/server/quizzes/parimutuel';
import { drawQuiz, settlePayouts } from '@/lib/server/quizzes/settle';
import { withBenchDatabase } from './support/bench-database';
import { BenchError, progress, round } from './support/harness';

export const description = 'bets/s into one quiz from 64 bettors, then settling a 100 000-bet quiz in chunks, on Postgres; then verify';

const usage = 'npm run bench -- quiz [--seconds 5] [--bettors 64] [--bets 100000] [--pool 24]  (Postgres: DATABASE_URL or postgres://root@127.0.0.1:5432/test)';

const anchorId = 1;
const stake = 100;
/** The 100 000 bets come from this many bettors, ten bets each, half of them on each side. */
const betsPerBettor = 10;

function readFlags(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { seconds: { type: 'string', default: '5' }, bettors: { type: 'string', default: '64' }, bets: { type: 'string', default: '100000' }, pool: { type: 'string', default: '24' } },
      strict: true,
    }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
  }
  const flags = { seconds: Number(values.seconds), bettors: Number(values.bettors), bets: Number(values.bets), pool: Number(values.pool) };
  if (!Number.isInteger(flags.seconds) || flags.seconds < 1 || flags.seconds > 120) throw new BenchError(`--seconds must be a whole number from 1 to 120.\nUsage: ${usage}`);
  if (!Number.isInteger(flags.bettors) || flags.bettors < 1 || flags.bettors > 1000) throw new BenchError(`--bettors must be a whole number from 1 to 1000.\nUsage: ${usage}`);
  if (!Number.isInteger(flags.bets) || flags.bets < 20 || flags.bets > 2_000_000 || flags.bets % (2 * betsPerBettor) !== 0) {
    throw new BenchError(`--bets must be a multiple of 20 from 20 to 2 000 000.\nUsage: ${usage}`);
  }
  if (!Number.isInteger(flags.pool) || flags.pool < 1 || flags.pool > 90) throw new BenchError(`--pool must be a whole number from 1 to 90.\nUsage: ${usage}`);
  return flags;
}

async function createQuiz(db: Db, question: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(db, sql`
    INSERT INTO quizzes (anchor_id, live_id, question, option_a, option_b, min_bet, close_at, status, started_at)
    VALUES (${anchorId}, 1, ${question}, 'Home', 'Away', ${stake}, now() + interval '1 hour', 'in_progress', now())
    RETURNING id`);
  return Number(row.id);
}

/** `bettors` loops each placing bets of 1.00 for `seconds`. */
async function betPhase(db: Db, quizId: number, bettors: number, seconds: number): Promise<{ bets: number; failures: number; bets_per_s: number }> {
  let bets = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: bettors }, async (_, index) => {
      const userId = 1_000 + index;
      for (let n = 0; performance.now() < deadline; n += 1) {
        try {
          await placeBet(db, { userId, quizId, option: index % 2 ? 'A' : 'B', amount: stake, idempotencyKey: `bench-${quizId}-${n}` });
          bets += 1;
        } catch (error) {
          failures += 1;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const phase = { bets, failures, bets_per_s: round(bets / elapsed, 0) };
  progress(`${bettors} bettors: ${bets} bets in ${round(elapsed, 1)} s = ${phase.bets_per_s}/s, ${failures} failed${firstFailure ? ` (first: ${firstFailure})` : ''}`);
  return phase;
}

/**
 * A quiz holding `count` bets of 1.00, written in bulk: one movement puts the whole pool on the quiz's account (from
 * the promotions account), and the bet rows point at it; bettor i bets ten times on side A when i is even.
 */
async function bulkQuiz(db: Db, count: number): Promise<number> {
  const quizId = await createQuiz(db, 'Settlement benchmark');
  const posted = await postMovement(
    db,
    {
      idempotencyKey: `bench:pool:${quizId}`,
      kind: 'bench.pool',
      body: { quizId, count },
      legs: [
        { account: systemAccounts.promotions, asset: 'gold', amount: -count * stake },
        { account: quizPoolAccount(quizId), asset: 'gold', amount: count * stake },
      ],
    },
    async () => null,
  );
  await db.execute(sql`
    INSERT INTO quiz_bets (quiz_id, user_id, option, amount, transaction_id)
    SELECT ${quizId}, 100000 + (n / ${betsPerBettor}), CASE WHEN (n / ${betsPerBettor}) % 2 = 0 THEN 'A' ELSE 'B' END, ${stake}, ${posted.transactionId}
    FROM generate_series(0, ${count - 1}) AS n`);
  return quizId;
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const flags = readFlags(args);
  // Bettors here stake far beyond a day's default cap.
  process.env.QUIZ_DAILY_STAKE_CAP = String(Number.MAX_SAFE_INTEGER);
  return withBenchDatabase('quiz', flags.pool, usage, async (db) => {
    progress(`${flags.bettors} bettors for ${flags.seconds} s, then a quiz of ${flags.bets} bets`);
    await db.execute(sql`INSERT INTO users (id, mobile, nick_name, role, brand_id) VALUES (${anchorId}, '13800000001', 'Bench anchor', 'anchor', 'sportcast')`);

    for (let index = 0; index < flags.bettors; index += 1) {
      const userId = 1_000 + index;
      await postMovement(
        db,
        {
          idempotencyKey: `seed:${userId}`,
          kind: 'grant',
          body: { userId },
          legs: [
            { account: systemAccounts.promotions, asset: 'gold', amount: -1e12 },
            { account: userAccount(userId), asset: 'gold', amount: 1e12 },
          ],
        },
        async () => null,
      );
    }
    const liveQuiz = await createQuiz(db, 'Bets benchmark');
    // A second of bets first, not counted: it opens the pool's connections and warms the caches.
    await betPhase(db, await createQuiz(db, 'Warm-up'), flags.bettors, 1);
    const bets = await betPhase(db, liveQuiz, flags.bettors, flags.seconds);
    const [counted] = await queryRows<{ count: string; total: string | null }>(db, sql`SELECT count(*) AS count, sum(amount) AS total FROM quiz_bets WHERE quiz_id = ${liveQuiz}`);
    const betsExact = Number(counted.count) === bets.bets && Number(counted.total ?? 0) === bets.bets * stake;

    const bulk = await bulkQuiz(db, flags.bets);
    progress(`quiz ${bulk} holds ${flags.bets} bets from ${flags.bets / betsPerBettor} bettors; settling in chunks of ${getEnv().QUIZ_SETTLE_CHUNK}`);
    const started = performance.now();
    await drawQuiz(db, bulk, 'A');
    const paid = await settlePayouts(db, bulk);
    const settleMs = round(performance.now() - started, 0);
    progress(`drawn and settled in ${settleMs} ms (${paid} winning bets paid)`);

    while ((await foldPendingEntries(db)) > 0);
    const report = await verifyLedger(db);
    for (const detail of report.details.slice(0, 20)) progress(`mismatch: ${JSON.stringify(detail)}`);
    // Every winner holds ten payouts of the parimutuel share of a 1.00 stake; the pool is empty.
    const expected = settle(flags.bets * stake, Array.from({ length: flags.bets / 2 }, () => stake), getEnv().QUIZ_HOUSE_CUT_BPS);
    const [wrong] = await queryRows<{ count: string }>(db, sql`
      SELECT count(*) AS count FROM generate_series(0, ${flags.bets / betsPerBettor - 1}) AS i
      LEFT JOIN ledger_balances b ON b.account = 'user:' || (100000 + i) AND b.asset = 'gold'
      WHERE coalesce(b.balance, 0) <> CASE WHEN i % 2 = 0 THEN ${expected.payouts[0] * betsPerBettor} ELSE 0 END`);
    const poolLeft = await readAccountBalance(db, quizPoolAccount(bulk), 'gold');
    progress(`verify: ${report.accounts} accounts, ${report.entries} entries, ${report.mismatches} mismatches; ${wrong.count} bettors off the arithmetic; pool left ${poolLeft}`);

    return {
      bets_per_s: bets.bets_per_s,
      settle_ms_100k: settleMs,
      mismatches: report.mismatches + Number(wrong.count) + (poolLeft === 0 ? 0 : 1) + (betsExact ? 0 : 1),
      bettors: flags.bettors,
      bets: bets.bets,
      bet_failures: bets.failures,
      settled_bets: flags.bets,
      chunk: getEnv().QUIZ_SETTLE_CHUNK,
      house_cut: expected.houseCut,
      rounding_remainder: expected.remainder,
      pool: flags.pool,
      cpus: os.cpus().length,
      load_average: round(os.loadavg()[0], 1),
    };
  });
}
