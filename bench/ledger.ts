// Gifts per second through the ledger on the machine's Postgres: senders posting gift movements (sender −price,
// the anchor's earnings +share, the house +rest) to ONE hot anchor, then spread over 10 000 anchors, while the
// fold job runs every second; then the same movement written the naive way (the anchor's balance row taken
// with SELECT … FOR UPDATE and updated in the sender's transaction). Ends by folding everything and verifying
// the books. Runs in a database of its own, created and dropped here.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db/client';
import { earningsAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { postMovement, type Leg } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { withBenchDatabase } from './support/bench-database';
import { BenchError, progress, round } from './support/harness';

export const description = 'gifts/s to one hot anchor vs 10 000 anchors (append-only credits folded every second) vs SELECT … FOR UPDATE, on Postgres; then verify';

const usage = 'npm run bench -- ledger [--seconds 5] [--rounds 2] [--pool 24] [--senders 16,64]  (Postgres: DATABASE_URL or postgres://root@127.0.0.1:5432/test)';

/** A gift of 1.00 diamond: 0.60 to the anchor, 0.40 to the house. */
const price = 100;
const anchorShare = 60;
const spreadAnchors = 10_000;
/** The spread anchors are the next 10 000 ids, so the hot anchor's balance counts hot gifts only. */
const hotAnchor = 1;
/** Far from the spread anchors' ids, so its row is its own. */
const naiveAnchor = 1_000_000;
const foldEveryMs = 1000;

function readFlags(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '2' }, pool: { type: 'string', default: '24' }, senders: { type: 'string', default: '16,64' } },
      strict: true,
    }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
  }
  const seconds = Number(values.seconds);
  const pool = Number(values.pool);
  const senders = values.senders.split(',').map(Number);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new BenchError(`--rounds must be a whole number from 1 to 10.\nUsage: ${usage}`);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new BenchError(`--seconds must be a whole number from 1 to 120.\nUsage: ${usage}`);
  if (!Number.isInteger(pool) || pool < 1 || pool > 90) throw new BenchError(`--pool must be a whole number from 1 to 90.\nUsage: ${usage}`);
  if (senders.length === 0 || senders.some((count) => !Number.isInteger(count) || count < 1 || count > 1000)) throw new BenchError(`--senders takes whole numbers from 1 to 1000, comma-separated.\nUsage: ${usage}`);
  return { seconds, rounds, pool, senders };
}

function giftLegs(sender: number, anchor: number): Leg[] {
  return [
    { account: userAccount(sender), asset: 'diamond', amount: -price },
    { account: earningsAccount(anchor), asset: 'diamond', amount: anchorShare },
    { account: systemAccounts.house, asset: 'diamond', amount: price - anchorShare },
  ];
}

type GiftFn = (db: Db, sender: number, key: string) => Promise<void>;

/** The ledger's way: the sender's debit exact and guarded, the anchor's and house's credits appended. */
const ledgerGift =
  (pickAnchor: () => number): GiftFn =>
  async (db, sender, key) => {
    const anchor = pickAnchor();
    await postMovement(db, { idempotencyKey: key, kind: 'gift', body: { sender, anchor, price }, userId: sender, legs: giftLegs(sender, anchor) }, async () => null);
  };

/** The naive way: every sender's transaction locks and updates the one anchor row (the house stays append-only, so only the anchor row differs). */
const naiveGift: GiftFn = async (db, sender, key) => {
  const legs = giftLegs(sender, naiveAnchor);
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`SELECT balance FROM ledger_balances WHERE account = ${earningsAccount(naiveAnchor)} AND asset = 'diamond' FOR UPDATE`);
    await queryRows(tx, sql`UPDATE ledger_balances SET balance = balance + ${anchorShare}, updated_at = now() WHERE account = ${earningsAccount(naiveAnchor)} AND asset = 'diamond'`);
    const debited = await queryRows(tx, sql`
      UPDATE ledger_balances SET balance = balance - ${price}, updated_at = now()
      WHERE account = ${userAccount(sender)} AND asset = 'diamond' AND balance >= ${price} RETURNING balance`);
    if (debited.length === 0) throw new Error('insufficient balance');
    const [inserted] = await queryRows<{ id: string }>(tx, sql`
      INSERT INTO ledger_transactions (idempotency_key, kind, body_hash, user_id) VALUES (${key}, 'gift', '', ${sender}) RETURNING id`);
    await queryRows(tx, sql`
      WITH legs AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(legs)}::jsonb) AS leg(account text, asset text, amount bigint)),
      entries AS (INSERT INTO ledger_entries (transaction_id, account, asset, amount) SELECT ${Number(inserted.id)}, account, asset, amount FROM legs RETURNING id, account, asset, amount)
      INSERT INTO ledger_pending (entry_id, account, asset, amount) SELECT id, account, asset, amount FROM entries WHERE account = ${systemAccounts.house}`);
  });
};

let phaseCount = 0;

type Phase = { name: string; gifts: number; failures: number; gifts_per_s: number; node_cpu_percent: number };

/** `senders` loops each posting gifts for `seconds`, with the fold job running beside them as in the jobs role. */
async function runPhase(db: Db, name: string, senders: number, seconds: number, gift: GiftFn): Promise<Phase> {
  let folding: Promise<unknown> | undefined;
  const fold = setInterval(() => {
    folding ??= foldPendingEntries(db).finally(() => (folding = undefined));
  }, foldEveryMs);
  // Keys unique across phases and rounds: a key used twice would be a replay, not a gift.
  const phaseId = (phaseCount += 1);
  let gifts = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: senders }, async (_, index) => {
      const sender = index + 1;
      for (let n = 0; performance.now() < deadline; n += 1) {
        try {
          await gift(db, sender, `${name}:${phaseId}:${sender}:${n}`);
          gifts += 1;
        } catch (error) {
          failures += 1;
          firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(fold);
  await folding;
  const phase = { name, gifts, failures, gifts_per_s: round(gifts / elapsed, 0), node_cpu_percent: round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100, 0) };
  progress(
    `${name}: ${gifts} gifts in ${round(elapsed, 1)} s = ${phase.gifts_per_s}/s (this process used ${phase.node_cpu_percent}% of a core), ${failures} failed` +
      (firstFailure ? ` (first: ${firstFailure})` : ''),
  );
  return phase;
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const { seconds, rounds, pool: poolSize, senders } = readFlags(args);
  return withBenchDatabase('ledger', poolSize, usage, async (db) => {
    progress(`${senders.join(' and ')} senders, ${seconds} s per phase, fold every ${foldEveryMs} ms`);

    const most = Math.max(...senders);
    for (let sender = 1; sender <= most; sender += 1) {
      await postMovement(
        db,
        {
          idempotencyKey: `seed:${sender}`,
          kind: 'grant',
          body: { sender },
          legs: [
            { account: systemAccounts.promotions, asset: 'diamond', amount: -1e12 },
            { account: userAccount(sender), asset: 'diamond', amount: 1e12 },
          ],
        },
        async () => null,
      );
    }
    await queryRows(db, sql`INSERT INTO ledger_balances (account, asset, balance) VALUES (${earningsAccount(naiveAnchor)}, 'diamond', 0)`);
    progress(`${most} senders seeded with 10 000 000 000.00 diamonds each`);

    // A second of gifts first, not counted: it opens the pool's connections and warms the caches, which would
    // otherwise weigh on whichever phase came first.
    await runPhase(db, 'warm-up', most, 1, ledgerGift(() => hotAnchor + 1 + Math.floor(Math.random() * spreadAnchors)));
    const phases: Phase[] = [];
    // The three ways side by side for each number of senders, in rounds, so that a change in the machine's load
    // (it may be shared) weighs on the ratios as little as possible; each figure is the best of its rounds.
    for (let round = 1; round <= rounds; round += 1) {
      for (const count of senders) {
        phases.push(await runPhase(db, `hot-${count}`, count, seconds, ledgerGift(() => hotAnchor)));
        phases.push(await runPhase(db, `spread-${count}`, count, seconds, ledgerGift(() => hotAnchor + 1 + Math.floor(Math.random() * spreadAnchors))));
        phases.push(await runPhase(db, `for-update-${count}`, count, seconds, naiveGift));
      }
    }

    const folded = await foldPendingEntries(db);
    const report = await verifyLedger(db);
    for (const detail of report.details) progress(`mismatch: ${JSON.stringify(detail)}`);
    // Every hot gift that succeeded reached the hot anchor exactly once, through the fold.
    const hotGifts = phases.filter((phase) => phase.name.startsWith('hot-')).reduce((sum, phase) => sum + phase.gifts, 0);
    const hotBalance = await readAccountBalance(db, earningsAccount(hotAnchor), 'diamond');
    progress(`folded the last ${folded} entries; verify: ${report.accounts} accounts, ${report.entries} entries, ${report.mismatches} mismatches; hot anchor holds ${hotBalance} for ${hotGifts} gifts`);

    const figure = (name: string) => {
      const runs = phases.filter((phase) => phase.name === name).map((phase) => phase.gifts_per_s);
      return runs.length ? Math.max(...runs) : null;
    };
    const ratio = (value: number | null, base: number | null) => (value !== null && base ? round(value / base, 2) : null);
    const hot = figure(`hot-${most}`);
    const spread = figure(`spread-${most}`);
    const naive = figure(`for-update-${most}`);
    return {
      senders: most,
      hot_gifts_per_s: hot,
      spread_gifts_per_s: spread,
      for_update_gifts_per_s: naive,
      ratio_hot_vs_spread: ratio(hot, spread),
      ratio_vs_for_update: ratio(hot, naive),
      mismatches: report.mismatches,
      hot_anchor_exact: hotBalance === hotGifts * anchorShare,
      failures: phases.reduce((sum, phase) => sum + phase.failures, 0),
      ...Object.fromEntries(senders.filter((count) => count !== most).flatMap((count) => [
        [`hot_gifts_per_s_${count}`, figure(`hot-${count}`)],
        [`spread_gifts_per_s_${count}`, figure(`spread-${count}`)],
        [`for_update_gifts_per_s_${count}`, figure(`for-update-${count}`)],
      ])),
      pool: poolSize,
      seconds,
      rounds,
      entries: report.entries,
      cpus: os.cpus().length,
      load_average: round(os.loadavg()[0], 1),
      phases,
    };
  });
}
