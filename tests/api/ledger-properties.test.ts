// The ledger against a model (fast-check): random sequences of recharges, gifts, purchases, ticket grants and
// spends, refunds past the balance (the shortfall booked as debt), replays of earlier requests and folds. After
// every step the balances a user and an anchor would see equal the model's, no user is below zero and the step's
// transaction sums to zero per asset; the books verify at the end of every sequence (and after every step in the
// longer runs).
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db';
import { ledgerTransactions } from '@/lib/db/schema';
import { debtAccount, earningsAccount, itemAsset, systemAccounts, ticketAsset, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readBackpack, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { InsufficientBalanceError, postMovement, type Leg, type Movement } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';

const usersPerRun = 3;
const propAsset = itemAsset(201, 3);

type Op =
  | { kind: 'recharge'; user: number; amount: number }
  | { kind: 'gift'; user: number; price: number }
  | { kind: 'purchase'; user: number; price: number; count: number }
  | { kind: 'ticketGrant'; user: number; count: number }
  | { kind: 'ticketSpend'; user: number }
  | { kind: 'refund'; user: number; amount: number }
  | { kind: 'replay'; step: number }
  | { kind: 'fold' };

const user = fc.nat(usersPerRun - 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('recharge' as const), user, amount: fc.integer({ min: 1, max: 5000 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('gift' as const), user, price: fc.integer({ min: 1, max: 3000 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('purchase' as const), user, price: fc.integer({ min: 1, max: 3000 }), count: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('ticketGrant' as const), user, count: fc.integer({ min: 1, max: 2 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('ticketSpend' as const), user }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), user, amount: fc.integer({ min: 1, max: 6000 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('replay' as const), step: fc.nat(30) }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'fold' as const }), weight: 1 },
);

type World = { run: string; users: number[]; anchor: number };
/** Expected balances by `account|asset`; absent is zero. */
type Model = Map<string, number>;

let lastId = crypto.randomInt(1_000_000, 1_000_000_000);
function freshWorld(): World {
  const ids = Array.from({ length: usersPerRun + 1 }, () => (lastId += 1));
  return { run: crypto.randomBytes(5).toString('hex'), users: ids.slice(1), anchor: ids[0] };
}

const slot = (account: string, asset: Asset) => `${account}|${asset}`;
const held = (model: Model, account: string, asset: Asset) => model.get(slot(account, asset)) ?? 0;

/** The movement a step asks for, built as the product's services would; refunds read the model, which equals the books. */
function movementOf(world: World, step: Exclude<Op, { kind: 'replay' } | { kind: 'fold' }>, index: number, model: Model): Movement {
  const id = world.users[step.user];
  const account = userAccount(id);
  const legs = ((): Leg[] => {
    switch (step.kind) {
      case 'recharge':
        return [{ account: systemAccounts.payments, asset: 'diamond', amount: -step.amount }, { account, asset: 'diamond', amount: step.amount }];
      case 'gift': {
        const share = Math.floor((step.price * 6) / 10);
        const legs: Leg[] = [
          { account, asset: 'diamond', amount: -step.price },
          { account: earningsAccount(world.anchor), asset: 'diamond', amount: share },
          { account: systemAccounts.house, asset: 'diamond', amount: step.price - share },
        ];
        // A gift of 0.01 leaves the anchor nothing: a leg of zero is not booked.
        return legs.filter((leg) => leg.amount !== 0);
      }
      case 'purchase':
        return [
          { account, asset: 'diamond', amount: -step.price },
          { account: systemAccounts.house, asset: 'diamond', amount: step.price },
          { account: systemAccounts.issuer, asset: propAsset, amount: -step.count },
          { account, asset: propAsset, amount: step.count },
        ];
      case 'ticketGrant':
        return [{ account: systemAccounts.issuer, asset: ticketAsset, amount: -step.count }, { account, asset: ticketAsset, amount: step.count }];
      case 'ticketSpend':
        return [{ account, asset: ticketAsset, amount: -1 }, { account: systemAccounts.spent, asset: ticketAsset, amount: 1 }];
      case 'refund': {
        const taken = Math.min(held(model, account, 'diamond'), step.amount);
        return [
          { account: systemAccounts.payments, asset: 'diamond', amount: step.amount },
          ...(taken > 0 ? [{ account, asset: 'diamond' as const, amount: -taken }] : []),
          ...(step.amount > taken ? [{ account: debtAccount(id), asset: 'diamond' as const, amount: -(step.amount - taken) }] : []),
        ];
      }
    }
  })();
  return { idempotencyKey: `prop:${world.run}:${index}`, kind: step.kind, body: { ...step, user: id }, userId: id, legs };
}

/** Whether the model says the movement can be paid: no user account would go below zero. */
function affordable(model: Model, movement: Movement): boolean {
  return movement.legs.every((leg) => !leg.account.startsWith('user:') || held(model, leg.account, leg.asset) + leg.amount >= 0);
}

function book(model: Model, movement: Movement): void {
  for (const leg of movement.legs) model.set(slot(leg.account, leg.asset), held(model, leg.account, leg.asset) + leg.amount);
}

type Attempt = { movement: Movement; executed: boolean };

async function applyStep(world: World, model: Model, attempts: Attempt[], step: Op, index: number): Promise<Movement | undefined> {
  const db = await getDb();
  if (step.kind === 'fold') {
    await foldPendingEntries(db);
    return undefined;
  }
  const earlier = step.kind === 'replay' ? attempts[step.step % Math.max(attempts.length, 1)] : undefined;
  if (step.kind === 'replay' && !earlier) return undefined;
  const movement = earlier ? earlier.movement : movementOf(world, step as Exclude<Op, { kind: 'replay' } | { kind: 'fold' }>, index, model);
  const expectReplay = earlier?.executed ?? false;
  const expectPaid = expectReplay || affordable(model, movement);
  const outcome = await postMovement(db, movement, async (_tx, transactionId) => ({ transactionId })).catch((error: unknown) => error);
  if (!expectPaid) {
    expect(outcome).toBeInstanceOf(InsufficientBalanceError);
  } else {
    expect(outcome).toMatchObject({ replayed: expectReplay });
    if (!expectReplay) book(model, movement);
  }
  const executed = expectPaid && !expectReplay;
  if (earlier) earlier.executed ||= executed;
  else attempts.push({ movement, executed });
  return movement;
}

/** The world's own accounts: its users', their debts, the anchor's earnings (system accounts are shared by every run). */
function accountsOf(world: World): string[] {
  return [...world.users.flatMap((id) => [userAccount(id), debtAccount(id)]), earningsAccount(world.anchor)];
}

/** After every step: the world's balances (stored plus pending, one snapshot) equal the model; the step's transaction sums to zero. */
async function checkStep(world: World, model: Model, movement: Movement | undefined): Promise<void> {
  const db = await getDb();
  const accounts = accountsOf(world);
  const rows = await queryRows<{ account: string; asset: string; balance: string }>(db, sql`
    SELECT account, asset, sum(balance) AS balance FROM (
      SELECT account, asset, balance FROM ledger_balances WHERE account IN ${accounts}
      UNION ALL SELECT account, asset, amount FROM ledger_pending WHERE account IN ${accounts}
    ) AS stored GROUP BY account, asset`);
  const actual = Object.fromEntries(rows.filter((row) => Number(row.balance) !== 0).map((row) => [slot(row.account, row.asset as Asset), Number(row.balance)]));
  const expected = Object.fromEntries([...model].filter(([key, balance]) => balance !== 0 && accounts.includes(key.split('|')[0])));
  expect(actual).toEqual(expected);
  // No user below zero.
  for (const [key, balance] of Object.entries(actual)) if (key.startsWith('user:')) expect({ key, balance: Math.min(balance, 0) }).toEqual({ key, balance: 0 });
  if (movement) {
    // Double entry: the step's transaction (if it was booked) sums to zero per asset.
    const sums = await queryRows<{ asset: string; sum: string }>(db, sql`
      SELECT e.asset, sum(e.amount) AS sum FROM ledger_entries e JOIN ${ledgerTransactions} t ON t.id = e.transaction_id
      WHERE t.idempotency_key = ${movement.idempotencyKey} GROUP BY e.asset`);
    for (const row of sums) expect({ asset: row.asset, sum: Number(row.sum) }).toEqual({ asset: row.asset, sum: 0 });
  }
}

/** At the end of a sequence, what the product shows: wallets, backpacks, debts and the anchor's earnings. */
async function checkReads(world: World, model: Model): Promise<void> {
  const db = await getDb();
  for (const id of world.users) {
    const account = userAccount(id);
    expect(await readWallet(db, id)).toEqual({ diamond: held(model, account, 'diamond'), gold: 0 });
    const expected = [
      { type: 105, props_id: 0, quantity: held(model, account, ticketAsset) },
      { type: 201, props_id: 3, quantity: held(model, account, propAsset) },
    ].filter((entry) => entry.quantity > 0);
    expect(await readBackpack(db, id)).toEqual(expected);
    expect(await readAccountBalance(db, debtAccount(id), 'diamond')).toBe(held(model, debtAccount(id), 'diamond'));
  }
  expect(await readAccountBalance(db, earningsAccount(world.anchor), 'diamond')).toBe(held(model, earningsAccount(world.anchor), 'diamond'));
}

/** `verifyEveryStep`: the books are verified after every step, not only at the end of the sequence. */
async function runSequence(ops: readonly Op[], verifyEveryStep: boolean): Promise<void> {
  const world = freshWorld();
  const model: Model = new Map();
  const attempts: Attempt[] = [];
  for (const [index, step] of ops.entries()) {
    const movement = await applyStep(world, model, attempts, step, index);
    await checkStep(world, model, movement);
    if (verifyEveryStep) expect(await verifyLedger(await getDb())).toMatchObject({ mismatches: 0 });
  }
  await checkReads(world, model);
  expect(await verifyLedger(await getDb())).toMatchObject({ mismatches: 0 });
  // Nothing booked under this run's keys beyond what the model executed.
  const booked = await (await getDb()).select({ key: ledgerTransactions.idempotencyKey }).from(ledgerTransactions).where(sql`${ledgerTransactions.idempotencyKey} LIKE ${`prop:${world.run}:%`}`);
  expect(booked.length).toBe(attempts.filter((attempt) => attempt.executed).length);
}

beforeAll(() => getDb(), 60_000);

describe('the ledger against a model', () => {
  it('keeps every balance equal to the model through 1 000 short random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 4 }), (ops) => runSequence(ops, false)),
      { numRuns: 1000 },
    );
  }, 240_000);

  it('verifies after every step of longer sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 10, maxLength: 30 }), (ops) => runSequence(ops, true)),
      { numRuns: 12 },
    );
  }, 240_000);
});
