// The ticket ledger's invariants under any mix of grants and HD spends (fast-check), run one by one and all at
// once: every movement's entries sum to zero, a backpack holds exactly what its account's entries add up to and
// never less than nothing, a viewer pays for a live's HD at most once, a retried grant grants once, and a grant
// key used again for another grant is refused without booking anything.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { eq, inArray, or, like } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { ledgerEntries, ledgerTransactions, lives, ticketGrants, users } from '@/lib/db/schema';
import { ticketAsset } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { AppError } from '@/lib/server/http/errors';
import { grantTickets, spendTicketForLive } from '@/lib/server/tickets/ledger';

beforeAll(() => getDb(), 60_000);

type Op =
  | { kind: 'grant'; user: number; count: number; key: number }
  | { kind: 'spend'; user: number; live: number };

const viewersPerRun = 3;
const livesPerRun = 3;

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('grant' as const), user: fc.nat(viewersPerRun - 1), count: fc.integer({ min: 1, max: 3 }), key: fc.nat(4) }),
  fc.record({ kind: fc.constant('spend' as const), user: fc.nat(viewersPerRun - 1), live: fc.nat(livesPerRun - 1) }),
);

/** Fresh viewers and ended lives of a fresh anchor, so that each run starts from empty backpacks. */
async function freshWorld(): Promise<{ viewers: number[]; liveIds: number[]; run: string }> {
  const db = await getDb();
  const run = crypto.randomBytes(5).toString('hex');
  const phone = () => `139${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const people = await db
    .insert(users)
    .values(Array.from({ length: viewersPerRun + 1 }, (_, index) => ({ mobile: phone(), nickName: `ledger ${run} ${index}`, brandId: 'sportcast', role: index === 0 ? ('anchor' as const) : ('user' as const) })))
    .returning({ id: users.id });
  const [anchor, ...viewers] = people.map((person) => person.id);
  const created = await db
    .insert(lives)
    .values(Array.from({ length: livesPerRun }, (_, index) => ({ anchorId: anchor, stream: `ledger-${run}-${index}`, title: 'Ledger test', categoryId: 2, childCategoryId: 201, status: 'ended' as const })))
    .returning({ id: lives.id });
  return { viewers, liveIds: created.map((live) => live.id), run };
}

/** Runs one operation; a refusal the rules call for is an outcome, anything else fails the property. */
async function apply(world: Awaited<ReturnType<typeof freshWorld>>, step: Op): Promise<void> {
  const db = await getDb();
  try {
    if (step.kind === 'grant') {
      await grantTickets(db, { userId: world.viewers[step.user], count: step.count, idempotencyKey: `prop:${world.run}:${step.key}` });
    } else {
      await spendTicketForLive(db, world.viewers[step.user], world.liveIds[step.live]);
    }
  } catch (error) {
    if (error instanceof AppError && (error.key === 'live.ticket.noTickets' || error.key === 'live.ticket.keyReused' || error.key === 'wallet.errors.inFlight')) return;
    throw error;
  }
}

/** `ordered`: the operations ran one by one, so a reused key's first grant is known; at once, any one of them may win. */
async function checkBooks(world: Awaited<ReturnType<typeof freshWorld>>, ops: readonly Op[], ordered: boolean): Promise<void> {
  const db = await getDb();
  const keyPrefix = `prop:${world.run}:%`;
  const spendKeys = world.viewers.flatMap((viewer) => world.liveIds.map((liveId) => `ticket.spend:${viewer}:${liveId}`));
  const entries = await db
    .select({ idempotencyKey: ledgerTransactions.idempotencyKey, kind: ledgerTransactions.kind, meta: ledgerTransactions.meta, account: ledgerEntries.account, delta: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(or(like(ledgerTransactions.idempotencyKey, keyPrefix), inArray(ledgerTransactions.idempotencyKey, spendKeys)));

  // Double entry: each movement's entries sum to zero.
  const byKey = new Map<string, number>();
  for (const entry of entries) byKey.set(entry.idempotencyKey, (byKey.get(entry.idempotencyKey) ?? 0) + entry.delta);
  for (const [key, sum] of byKey) expect({ key, sum }).toEqual({ key, sum: 0 });

  for (const viewer of world.viewers) {
    const held = await readItemCount(db, viewer, ticketAsset);
    const booked = entries.filter((entry) => entry.account === `user:${viewer}`).reduce((sum, entry) => sum + entry.delta, 0);
    // The backpack is the account's balance, never below zero.
    expect({ viewer, held }).toEqual({ viewer, held: booked });
    expect(booked).toBeGreaterThanOrEqual(0);
    // One HD payment per live at most, and one per grant row of HD.
    const grants = await db.select().from(ticketGrants).where(eq(ticketGrants.userId, viewer));
    const spends = entries.filter((entry) => entry.account === `user:${viewer}` && entry.kind === 'ticket.spend');
    expect(spends).toHaveLength(grants.length);
    expect(new Set(spends.map((entry) => entry.meta.liveId)).size).toBe(spends.length);
  }

  // A grant key grants once: to the user and count it first came with, or under concurrency to one of its grants.
  const grantsByKey = new Map<number, { account: string; delta: number }[]>();
  for (const step of ops) {
    if (step.kind !== 'grant') continue;
    grantsByKey.set(step.key, [...(grantsByKey.get(step.key) ?? []), { account: `user:${world.viewers[step.user]}`, delta: step.count }]);
  }
  for (const [key, candidates] of grantsByKey) {
    const granted = entries.filter((entry) => entry.idempotencyKey === `prop:${world.run}:${key}` && entry.account.startsWith('user:'));
    expect(granted).toHaveLength(1);
    const booked = { account: granted[0].account, delta: granted[0].delta };
    if (ordered) expect(booked).toEqual(candidates[0]);
    else expect(candidates).toContainEqual(booked);
  }
}

describe('the ticket ledger', () => {
  it('keeps its books through any sequence of grants and spends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const world = await freshWorld();
        for (const step of ops) await apply(world, step);
        await checkBooks(world, ops, true);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('keeps its books when the same operations arrive all at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 14 }), async (ops) => {
        const world = await freshWorld();
        // Grants first, then every spend at once: concurrent clicks against one backpack row.
        await Promise.all(ops.filter((step) => step.kind === 'grant').map((step) => apply(world, step)));
        await Promise.all(ops.filter((step) => step.kind === 'spend').map((step) => apply(world, step)));
        await checkBooks(world, ops, false);
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('refuses a grant key used again for another user or count, booking nothing', async () => {
    const world = await freshWorld();
    const db = await getDb();
    const [first, second] = world.viewers;
    const key = `prop:${world.run}:reused`;
    expect(await grantTickets(db, { userId: first, count: 2, idempotencyKey: key })).toEqual({ granted: true, quantity: 2 });
    expect(await grantTickets(db, { userId: first, count: 2, idempotencyKey: key })).toEqual({ granted: false, quantity: 2 });
    await expect(grantTickets(db, { userId: second, count: 2, idempotencyKey: key })).rejects.toMatchObject({ key: 'live.ticket.keyReused' });
    await expect(grantTickets(db, { userId: first, count: 5, idempotencyKey: key })).rejects.toMatchObject({ key: 'live.ticket.keyReused' });
    const rows = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.idempotencyKey, key));
    expect(rows.map((row) => row.amount).sort()).toEqual([-2, 2]);
  });
});
