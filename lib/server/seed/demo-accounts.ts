// Demo accounts with known phones and passwords (listed in docs/accounts.md), one per role,
// with levels, VIP levels and balances so the user card and role checks show something real.
import type { Db } from '@/lib/db/client';
import { userBalances, users, type UserRole } from '@/lib/db/schema';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { SeedStep } from './steps';

type DemoAccount = {
  mobile: string;
  password: string;
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
  { mobile: '18800000001', password: 'viewer2026', nickName: 'Kevin_88', role: 'user', level: 6, experience: 2_600, vipLevel: 1, brandId: 'sportcast', diamond: 128_800, gold: 56_000 },
  { mobile: '18800000002', password: 'anchor2026', nickName: '老K说球', role: 'anchor', level: 18, experience: 71_000, vipLevel: 3, brandId: 'qiuba', diamond: 5_200_000, gold: 880_000 },
  { mobile: '18800000003', password: 'anchor2026', nickName: 'Coach Li', role: 'anchor', level: 14, experience: 25_500, vipLevel: 2, brandId: 'sportcast', diamond: 1_530_000, gold: 245_000 },
  { mobile: '18800000004', password: 'manager2026', nickName: '房管小美', role: 'manager', level: 10, experience: 8_200, vipLevel: 0, brandId: 'qiuba', diamond: 30_000, gold: 10_000 },
  { mobile: '18800000005', password: 'operator2026', nickName: 'Ops Amy', role: 'operator', level: 3, experience: 820, vipLevel: 0, brandId: 'sportcast', diamond: 0, gold: 0 },
];

export const demoAccountsStep: SeedStep = {
  name: 'demo-accounts',
  run: async (db: Db) => {
    // Hashes first and side by side (argon2 runs on the thread pool): the database waits less.
    const passwordHashes = await Promise.all(demoAccounts.map((account) => hashPassword(account.password)));
    for (const [index, account] of demoAccounts.entries()) {
      const { password, diamond, gold, ...fields } = account;
      const [user] = await db
        .insert(users)
        .values({ ...fields, passwordHash: passwordHashes[index], passwordChangedAt: new Date() })
        .returning({ id: users.id });
      await db.insert(userBalances).values({ userId: user.id, diamond, gold });
    }
  },
};
