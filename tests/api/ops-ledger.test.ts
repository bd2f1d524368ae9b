// Operator commands on the ledger: wallet:grant (idempotent with --key), ledger:verify (exit 1 and a readable
// line per mismatch, last line JSON) and ledger:export (CSV with RFC 4180 quoting, to stdout or a file).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { ledgerBalances, users } from '@/lib/db/schema';
import { systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readWallet } from '@/lib/server/ledger/balances';
import { postMovement } from '@/lib/server/ledger/post';
import { runOpsCommand } from '@/tests/support/ops';

async function createUser(): Promise<{ id: number; mobile: string }> {
  const mobile = `137${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const [user] = await (await getDb()).insert(users).values({ mobile, nickName: `Ledger ${mobile.slice(-4)}`, brandId: 'sportcast' }).returning({ id: users.id });
  return { id: user.id, mobile };
}

const lastLine = (text: string) => JSON.parse(text.trim().split('\n').at(-1) ?? '') as unknown;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(() => getDb(), 60_000);

describe('wallet:grant', () => {
  it('adds currency from the promotions account and grants once per --key', async () => {
    const user = await createUser();
    const key = `grant-${crypto.randomUUID()}`;
    const first = await runOpsCommand('wallet:grant', `+${user.mobile}`, 'diamond', '1250', '--key', key);
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toBe(`User ${user.id} (${user.mobile}) received 12.50 diamond; they now hold 12.50 diamond, 0.00 gold.`);
    const again = await runOpsCommand('wallet:grant', user.mobile, 'diamond', '1250', '--key', key);
    expect(again.code).toBe(0);
    expect(again.out).toBe(`The grant with key ${key} was already made; user ${user.id} (${user.mobile}) holds 12.50 diamond, 0.00 gold.`);
    expect(await readWallet(await getDb(), user.id)).toEqual({ diamond: 1250, gold: 0 });

    await runOpsCommand('wallet:grant', user.mobile, 'gold', '7');
    expect(await readWallet(await getDb(), user.id)).toEqual({ diamond: 1250, gold: 7 });
  });

  it('refuses a key reused for another grant, booking nothing', async () => {
    const user = await createUser();
    const key = `grant-${crypto.randomUUID()}`;
    expect((await runOpsCommand('wallet:grant', user.mobile, 'gold', '100', '--key', key)).code).toBe(0);
    const reused = await runOpsCommand('wallet:grant', user.mobile, 'gold', '200', '--key', key);
    expect(reused).toMatchObject({ code: 1, out: '', err: `The key ${key} was already used for another grant; choose another --key.` });
    expect(await readWallet(await getDb(), user.id)).toEqual({ diamond: 0, gold: 100 });
  });

  it.each([
    ['0', 'The amount is in whole hundredths (500 is 5.00), from 1 to 9007199254740991; "0" is not.'],
    ['1.5', 'The amount is in whole hundredths (500 is 5.00), from 1 to 9007199254740991; "1.5" is not.'],
    ['12abc', 'The amount is in whole hundredths (500 is 5.00), from 1 to 9007199254740991; "12abc" is not.'],
    [String(2 ** 53), 'The amount is in whole hundredths (500 is 5.00), from 1 to 9007199254740991; "9007199254740992" is not.'],
    // A negative number reads as an option: refused with the usage line.
    ['-3', "Unknown option '-3'"],
  ])('refuses the amount %s', async (amount, message) => {
    const user = await createUser();
    const result = await runOpsCommand('wallet:grant', user.mobile, 'diamond', amount);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(await readWallet(await getDb(), user.id)).toEqual({ diamond: 0, gold: 0 });
  });

  it('names an unknown currency or phone number', async () => {
    expect(await runOpsCommand('wallet:grant', '13700000000', 'ruby', '100')).toMatchObject({ code: 1, err: 'Unknown currency "ruby". Use one of: diamond, gold.' });
    expect(await runOpsCommand('wallet:grant', '10000000001', 'gold', '100')).toMatchObject({
      code: 1,
      err: 'No account has the phone number 10000000001. The user must log in once to create it.',
    });
  });
});

describe('ledger:verify', () => {
  it('proves clean books and ends with the figures as JSON', async () => {
    const user = await createUser();
    await runOpsCommand('wallet:grant', user.mobile, 'diamond', '500');
    const result = await runOpsCommand('ledger:verify');
    expect(result).toMatchObject({ code: 0, err: '' });
    const figures = lastLine(result.out) as { accounts: number; entries: number; mismatches: number };
    expect(Object.keys(figures)).toEqual(['accounts', 'entries', 'mismatches']);
    expect(figures.mismatches).toBe(0);
    expect(figures.entries).toBeGreaterThanOrEqual(2);
    expect(result.out).toContain('The books balance');
  });

  it('names a balance that differs from its entries and exits 1', async () => {
    const user = await createUser();
    await runOpsCommand('wallet:grant', user.mobile, 'gold', '300');
    const db = await getDb();
    const row = and(eq(ledgerBalances.account, userAccount(user.id)), eq(ledgerBalances.asset, 'gold'));
    await db.update(ledgerBalances).set({ balance: 450 }).where(row);
    try {
      const result = await runOpsCommand('ledger:verify');
      expect(result.code).toBe(1);
      expect(result.out).toContain(`account user:${user.id} gold: balance 450 (4.50), but its entries sum to 300 (3.00)`);
      expect(lastLine(result.out)).toMatchObject({ mismatches: 1 });
    } finally {
      await db.update(ledgerBalances).set({ balance: 300 }).where(row);
    }
    expect((await runOpsCommand('ledger:verify')).code).toBe(0);
  });
});

describe('ledger:export', () => {
  it('writes the entries of a period as CSV, quoting what needs it and defusing formulas', async () => {
    const user = await createUser();
    const db = await getDb();
    const key = `=cmd|"export, test"|${crypto.randomUUID()}`;
    const posted = await postMovement(
      db,
      {
        idempotencyKey: key,
        kind: 'grant',
        body: { test: 'export' },
        userId: user.id,
        legs: [
          { account: systemAccounts.promotions, asset: 'diamond', amount: -1205 },
          { account: userAccount(user.id), asset: 'diamond', amount: 1205 },
        ],
      },
      async () => null,
    );
    const result = await runOpsCommand('ledger:export', '--from', today(), '--to', today(), '--account', userAccount(user.id));
    expect(result).toMatchObject({ code: 0, err: '' });
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('transaction_id,idempotency_key,kind,time,account,asset,amount,shown');
    expect(lines).toHaveLength(2);
    const quotedKey = `"'${key.replace(/"/g, '""')}"`;
    expect(lines[1]).toMatch(new RegExp(`^${posted.transactionId},${quotedKey.replace(/[|()[\]"']/g, '\\$&')},grant,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,user:${user.id},diamond,1205,12\\.05$`));

    // Both sides of the movement without --account; the promotions side is negative.
    const all = await runOpsCommand('ledger:export', '--from', today(), '--to', today());
    const mine = all.out.split('\n').filter((line) => line.startsWith(`${posted.transactionId},`));
    expect(mine.map((line) => line.split(',').slice(-3).join(','))).toEqual(expect.arrayContaining(['diamond,-1205,-12.05', 'diamond,1205,12.05']));
    expect(mine).toHaveLength(2);
  });

  it('writes to --out and leaves out what happened outside the period', async () => {
    const user = await createUser();
    await runOpsCommand('wallet:grant', user.mobile, 'gold', '99');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-export-')), 'entries.csv');
    const written = await runOpsCommand('ledger:export', '--from', today(), '--to', today(), '--account', userAccount(user.id), '--out', file);
    expect(written).toMatchObject({ code: 0, out: `Wrote 1 entries to ${file}.` });
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`,user:${user.id},gold,99,0\\.99$`));

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await runOpsCommand('ledger:export', '--from', yesterday, '--to', yesterday, '--account', userAccount(user.id));
    expect(before.out).toBe('transaction_id,idempotency_key,kind,time,account,asset,amount,shown');
  });

  it('refuses a missing or malformed period', async () => {
    expect(await runOpsCommand('ledger:export', '--from', today())).toMatchObject({ code: 1, err: expect.stringContaining('ledger:export needs --from and --to.') });
    expect(await runOpsCommand('ledger:export', '--from', 'yesterday', '--to', today())).toMatchObject({
      code: 1,
      err: '--from takes a date (2026-11-01) or an ISO time (2026-11-01T08:00:00Z); "yesterday" is neither.',
    });
    expect(await runOpsCommand('ledger:export', '--from', '2026-02-01', '--to', '2026-01-01')).toMatchObject({ code: 1, err: '--from must come before --to.' });
  });
});
