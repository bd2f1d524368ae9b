// Demo accounts, one per role, with levels, VIP levels and balances so the user card and role checks show
// something real. Their passwords are made at first start, shown once on the console and kept in
// DATA_DIR/demo-accounts.txt (owner-only): no demo account, staff included, has a password anyone else knows.
// Tests set DEMO_PASSWORD instead (lib/env.ts refuses it on a server others can reach).
import crypto from 'node:crypto';
import path from 'node:path';
import type { Db } from '@/lib/db/client';
import { users, type UserRole } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { hashPassword } from '@/lib/server/auth/passwords';
import { replacePrivateFile } from '@/lib/server/files/private-file';
import { currencies } from '@/lib/server/ledger/accounts';
import { grantCurrency } from '@/lib/server/ledger/grants';
import type { SeedStep } from './seed-step';

type DemoAccount = {
  mobile: string;
  nickName: string;
  role: UserRole;
  level: number;
  experience: number;
  vipLevel: number;
  brandId: string;
  /** Hundredths. */
  diamond: number;
  gold: number;
};

export const demoAccounts: readonly DemoAccount[] = [
  { mobile: '18800000001', nickName: 'Kevin_88', role: 'user', level: 6, experience: 2_600, vipLevel: 1, brandId: 'sportcast', diamond: 128_800, gold: 56_000 },
  { mobile: '18800000002', nickName: '老K说球', role: 'anchor', level: 18, experience: 71_000, vipLevel: 3, brandId: 'qiuba', diamond: 5_200_000, gold: 880_000 },
  { mobile: '18800000003', nickName: 'Coach Li', role: 'anchor', level: 14, experience: 25_500, vipLevel: 2, brandId: 'sportcast', diamond: 1_530_000, gold: 245_000 },
  { mobile: '18800000004', nickName: '房管小美', role: 'manager', level: 10, experience: 8_200, vipLevel: 0, brandId: 'qiuba', diamond: 30_000, gold: 10_000 },
  { mobile: '18800000005', nickName: 'Ops Amy', role: 'operator', level: 3, experience: 820, vipLevel: 0, brandId: 'sportcast', diamond: 0, gold: 0 },
];

export const demoAccountsFileName = 'demo-accounts.txt';

// No look-alike characters (0/O, 1/l/I): the password is read off a screen and typed.
const passwordAlphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 12 characters (about 70 bits) with letters and digits both, as the login form requires. */
function randomDemoPassword(): string {
  for (;;) {
    const password = Array.from({ length: 12 }, () => passwordAlphabet[crypto.randomInt(passwordAlphabet.length)]).join('');
    if (/[A-Za-z]/.test(password) && /\d/.test(password)) return password;
  }
}

function accountsSheet(passwords: readonly string[]): string {
  const rows = demoAccounts.map((account, index) => `${account.mobile}  ${account.role.padEnd(8)}  ${passwords[index]}  ${account.nickName}`);
  return [
    `# Demo accounts of this install, made ${new Date().toISOString()}. Only this system user can read this file.`,
    '# Change a password in the user centre, or sign in with an SMS code instead (codes: sms-outbox.jsonl).',
    '# phone        role      password      nickname',
    ...rows,
    '',
  ].join('\n');
}

/** Creates the demo accounts; without a given password each gets a random one, written to `dataDir` and shown once. */
export async function seedDemoAccounts(db: Db, options: { dataDir: string; password?: string }): Promise<void> {
  const passwords = demoAccounts.map(() => options.password ?? randomDemoPassword());
  // Hashes first and side by side (argon2 runs on the thread pool): the database waits less.
  const passwordHashes = await Promise.all(passwords.map((password) => hashPassword(password)));
  for (const [index, account] of demoAccounts.entries()) {
    const { diamond, gold, ...fields } = account;
    const [user] = await db
      .insert(users)
      .values({ ...fields, passwordHash: passwordHashes[index], passwordChangedAt: new Date() })
      .returning({ id: users.id });
    for (const currency of currencies) {
      const amount = currency === 'diamond' ? diamond : gold;
      if (amount > 0) await grantCurrency(db, { userId: user.id, currency, amount, idempotencyKey: `seed:demo-balance:${user.id}:${currency}`, note: 'demo balance' });
    }
  }
  if (options.password) return;
  const file = path.join(options.dataDir, demoAccountsFileName);
  const sheet = accountsSheet(passwords);
  replacePrivateFile(file, sheet);
  // Once, for whoever started the server; the file keeps them.
  process.stdout.write(`\nDemo accounts (kept in ${file}, readable by this user only):\n${sheet.split('\n').slice(2).join('\n')}\n`);
}

export const demoAccountsStep: SeedStep = {
  name: 'demo-accounts',
  run: (db: Db) => seedDemoAccounts(db, { dataDir: getEnv().dataDir, password: getEnv().DEMO_PASSWORD }),
};
