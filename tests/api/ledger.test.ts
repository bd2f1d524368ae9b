// The ledger's promises under load: a key executes once (replays get the first result, another body or a key in
// flight is refused), guarded debits never overdraw however many arrive at once, bad amounts are refused with the
// user's message, and the books verify while credits are appended and folded concurrently. On PGlite
// transactions run one at a time; TEST_DATABASE_URL runs the same against Postgres, where they really overlap.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { ledgerBalances, ledgerEntries, ledgerPending, ledgerTransactions } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { startIntervalJobs, intervalJobs } from '@/lib/server/jobs';
import { earningsAccount, systemAccounts, userAccount, type Currency } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { InsufficientBalanceError, postMovement, type Leg, type Movement } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Accounts are names: a fresh id per test is a fresh, empty account.
let lastId = crypto.randomInt(1_000_000, 1_000_000_000);
const freshId = () => (lastId += 1);
const freshKey = (label: string) => `${label}:${crypto.randomUUID()}`;

async function fund(userId: number, amount: number, currency: Currency = 'diamond') {
  await grantCurrency(await getDb(), { userId, currency, amount, idempotencyKey: freshKey('fund'), note: 'test' });
}

/** A gift-like movement: the sender pays `price`; the anchor gets 60%, the house the rest. */
function gift(sender: number, anchor: number, price: number, idempotencyKey = freshKey('gift')): Movement {
  const share = Math.floor((price * 6) / 10);
  const legs: Leg[] = [
    { account: userAccount(sender), asset: 'diamond', amount: -price },
    { account: earningsAccount(anchor), asset: 'diamond', amount: share },
    { account: systemAccounts.house, asset: 'diamond', amount: price - share },
  ];
  return { idempotencyKey, kind: 'gift', body: { sender, anchor, price }, userId: sender, legs };
}

async function entriesOfKey(key: string) {
  return (await getDb())
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.idempotencyKey, key));
}

beforeAll(() => getDb(), 60_000);

describe('idempotency keys', () => {
  it('replays the first result for the same key and body, whatever the key order of the body, and refuses another body', async () => {
    const db = await getDb();
    const [sender, anchor] = [freshId(), freshId()];
    await fund(sender, 1000);
    const movement = gift(sender, anchor, 300);
    const first = await postMovement(db, movement, async (tx) => ({ wallet: await readWallet(tx, sender) }));
    expect(first).toMatchObject({ replayed: false, result: { wallet: { diamond: 700, gold: 0 } } });

    const reordered = { ...movement, body: { price: 300, anchor, sender } };
    const replay = await postMovement(db, reordered, async () => ({ wallet: 'not asked again' }));
    expect(replay).toEqual({ transactionId: first.transactionId, replayed: true, result: { wallet: { diamond: 700, gold: 0 } } });

    await expect(postMovement(db, { ...gift(sender, anchor, 200), idempotencyKey: movement.idempotencyKey }, async () => null)).rejects.toMatchObject({
      key: 'wallet.errors.keyReused',
    });
    expect(await readWallet(db, sender)).toEqual({ diamond: 700, gold: 0 });
    expect(await entriesOfKey(movement.idempotencyKey)).toHaveLength(3);
  });

  describe('a key whose first request is still running', () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    afterAll(() => release());

    it(onPostgres ? 'is refused until the first finishes, then replays it' : 'waits for the first (PGlite runs one transaction at a time), then replays it', async () => {
      const db = await getDb();
      const [sender, anchor] = [freshId(), freshId()];
      await fund(sender, 500);
      const movement = gift(sender, anchor, 100);
      let entered: () => void = () => undefined;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const first = postMovement(db, movement, async () => {
        entered();
        await held;
        return 'first';
      });
      await inside;
      const second = postMovement(db, movement, async () => 'second');
      if (onPostgres) {
        await expect(second).rejects.toMatchObject({ key: 'wallet.errors.inFlight' });
        release();
        expect(await first).toMatchObject({ replayed: false, result: 'first' });
        expect(await postMovement(db, movement, async () => 'third')).toMatchObject({ replayed: true, result: 'first' });
      } else {
        let settled = false;
        void second.finally(() => (settled = true));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(settled).toBe(false);
        release();
        expect(await first).toMatchObject({ replayed: false, result: 'first' });
        expect(await second).toMatchObject({ replayed: true, result: 'first' });
      }
      expect(await readWallet(db, sender)).toEqual({ diamond: 400, gold: 0 });
    });
  });

  it('executes once when 50 copies of one request arrive at once', async () => {
    const db = await getDb();
    const [sender, anchor] = [freshId(), freshId()];
    await fund(sender, 10_000);
    const movement = gift(sender, anchor, 250);
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => postMovement(db, movement, async (_tx, id) => ({ id }))));
    const executed = outcomes.filter((outcome) => outcome.status === 'fulfilled' && !outcome.value.replayed);
    expect(executed).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ key: 'wallet.errors.inFlight' });
      else expect(outcome.value.result).toEqual(executed[0].status === 'fulfilled' && executed[0].value.result);
    }
    if (!onPostgres) expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await readWallet(db, sender)).toEqual({ diamond: 9750, gold: 0 });
    expect(await entriesOfKey(movement.idempotencyKey)).toHaveLength(3);
    expect(await readAccountBalance(db, earningsAccount(anchor), 'diamond')).toBe(150);
  });
});

describe('guarded debits', () => {
  it('lets exactly 400 of 1 000 concurrent 1.00 debits through a balance of 400.00', async () => {
    const db = await getDb();
    const [sender, anchor] = [freshId(), freshId()];
    await fund(sender, 40_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1000 }, () =>
        postMovement(
          db,
          {
            idempotencyKey: freshKey('debit'),
            kind: 'gift',
            body: {},
            userId: sender,
            legs: [
              { account: userAccount(sender), asset: 'diamond', amount: -100 },
              { account: earningsAccount(anchor), asset: 'diamond', amount: 100 },
            ],
          },
          async () => null,
        ),
      ),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(outcomes.length - refused.length).toBe(400);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(InsufficientBalanceError);
      expect(reason).toMatchObject({ key: 'wallet.errors.insufficient.diamond' });
    }
    expect(await readWallet(db, sender)).toEqual({ diamond: 0, gold: 0 });
    expect(await readAccountBalance(db, earningsAccount(anchor), 'diamond')).toBe(40_000);
    await foldPendingEntries(db);
    expect(await readAccountBalance(db, earningsAccount(anchor), 'diamond')).toBe(40_000);
    expect(await verifyLedger(db)).toMatchObject({ mismatches: 0 });
  }, 120_000);
});

describe('amounts', () => {
  const en = serverTranslator('en-US');
  const zh = serverTranslator('zh-CN');

  it.each([[0], [-1], [1.5], [2 ** 53], [Number.NaN]])('refuses a grant of %p with the user’s message, booking nothing', async (amount) => {
    const db = await getDb();
    const userId = freshId();
    const refusal = await grantCurrency(db, { userId, currency: 'gold', amount, idempotencyKey: freshKey('bad'), note: 'test' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    const key = (refusal as AppError).key;
    expect(en(key)).toBe('The amount must be a whole number of hundredths above zero.');
    expect(zh(key)).toBe('金额必须是大于零的整数（以分计）。');
    expect(await readWallet(db, userId)).toEqual({ diamond: 0, gold: 0 });
  });

  it.each([[0], [1.5], [2 ** 53], [Number.NaN]])('refuses a leg of %p', async (amount) => {
    const userId = freshId();
    const movement: Movement = {
      idempotencyKey: freshKey('bad-leg'),
      kind: 'grant',
      body: {},
      legs: [
        { account: systemAccounts.promotions, asset: 'gold', amount: -amount },
        { account: userAccount(userId), asset: 'gold', amount },
      ],
    };
    await expect(postMovement(await getDb(), movement, async () => null)).rejects.toMatchObject({ key: 'wallet.errors.badAmount' });
    expect(await entriesOfKey(movement.idempotencyKey)).toEqual([]);
  });

  it('refuses legs that do not sum to zero per asset', async () => {
    const userId = freshId();
    const movement: Movement = {
      idempotencyKey: freshKey('unbalanced'),
      kind: 'grant',
      body: {},
      legs: [
        { account: systemAccounts.promotions, asset: 'gold', amount: -100 },
        { account: userAccount(userId), asset: 'diamond', amount: 100 },
      ],
    };
    await expect(postMovement(await getDb(), movement, async () => null)).rejects.toThrow('A ledger movement must sum to zero per asset.');
    expect(await entriesOfKey(movement.idempotencyKey)).toEqual([]);
    expect(await readWallet(await getDb(), userId)).toEqual({ diamond: 0, gold: 0 });
  });
});

describe('verifying the books', () => {
  it('reads without folding: pending credits stay pending and are counted', async () => {
    const db = await getDb();
    const [sender, anchor] = [freshId(), freshId()];
    await fund(sender, 1000);
    await postMovement(db, gift(sender, anchor, 500), async () => null);
    const pendingOfAnchor = () => db.select().from(ledgerPending).where(eq(ledgerPending.account, earningsAccount(anchor)));
    expect(await pendingOfAnchor()).toHaveLength(1);
    expect(await verifyLedger(db)).toMatchObject({ mismatches: 0 });
    expect(await pendingOfAnchor()).toHaveLength(1);
    expect(await readAccountBalance(db, earningsAccount(anchor), 'diamond')).toBe(300);
  });

  it('names a balance row that no longer matches its entries', async () => {
    const db = await getDb();
    const userId = freshId();
    await fund(userId, 700, 'gold');
    const row = and(eq(ledgerBalances.account, userAccount(userId)), eq(ledgerBalances.asset, 'gold'));
    await db.update(ledgerBalances).set({ balance: 701 }).where(row);
    try {
      const report = await verifyLedger(db);
      expect(report.details).toContainEqual({ kind: 'account', account: userAccount(userId), asset: 'gold', balance: 701, entries: 700 });
      expect(report.mismatches).toBeGreaterThanOrEqual(1);
    } finally {
      await db.update(ledgerBalances).set({ balance: 700 }).where(row);
    }
    expect(await verifyLedger(db)).toMatchObject({ mismatches: 0 });
  });

  it('stays clean, and an anchor’s balance stays right, while gifts to one anchor are posted and the fold job runs', async () => {
    const db = await getDb();
    const anchor = freshId();
    const senders = Array.from({ length: 8 }, freshId);
    for (const sender of senders) await fund(sender, 10_000);
    const foldJob = intervalJobs.find((job) => job.name === 'ledger-fold');
    expect(foldJob?.everyMs).toBeLessThanOrEqual(1000);
    // The registered job, at a faster pace so that many folds overlap the posts.
    const stopFolding = startIntervalJobs(db, [{ ...foldJob!, everyMs: 5 }]);
    const seen: number[] = [];
    const reports: number[] = [];
    let posting = true;
    const watcher = (async () => {
      while (posting) {
        seen.push(await readAccountBalance(db, earningsAccount(anchor), 'diamond'));
        reports.push((await verifyLedger(db)).mismatches);
      }
    })();
    try {
      await Promise.all(senders.map(async (sender) => {
        for (let index = 0; index < 25; index += 1) await postMovement(db, gift(sender, anchor, 100), async () => null);
      }));
    } finally {
      posting = false;
      await watcher;
      await stopFolding();
    }
    // A reader never saw the balance go back or past what was sent; every snapshot verified.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBeLessThanOrEqual(senders.length * 25 * 60);
    expect(reports.every((mismatches) => mismatches === 0)).toBe(true);
    await foldPendingEntries(db);
    expect(await readAccountBalance(db, earningsAccount(anchor), 'diamond')).toBe(senders.length * 25 * 60);
    const [stored] = await db.select({ balance: ledgerBalances.balance }).from(ledgerBalances).where(and(eq(ledgerBalances.account, earningsAccount(anchor)), eq(ledgerBalances.asset, 'diamond')));
    expect(stored.balance).toBe(senders.length * 25 * 60);
    expect(await verifyLedger(db)).toMatchObject({ mismatches: 0 });
  }, 120_000);
});
