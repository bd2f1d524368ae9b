import 'server-only';
// Currency given away rather than paid for: operator grants (`ops wallet:grant`), demo balances, and later
// check-in rewards. It comes out of the promotions account, so the books show what was given.
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/server/http/errors';
import { systemAccounts, userAccount, type Currency } from './accounts';
import { readWallet, type Wallet } from './balances';
import { maxAmount, postMovement } from './post';

export async function grantCurrency(
  db: Db,
  input: { userId: number; currency: Currency; amount: number; idempotencyKey: string; note: string },
): Promise<{ granted: boolean; wallet: Wallet }> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > maxAmount) throw new AppError('wallet.errors.badAmount');
  const posted = await postMovement(
    db,
    {
      idempotencyKey: input.idempotencyKey,
      kind: 'grant',
      body: { userId: input.userId, currency: input.currency, amount: input.amount },
      userId: input.userId,
      meta: { note: input.note },
      legs: [
        { account: systemAccounts.promotions, asset: input.currency, amount: -input.amount },
        { account: userAccount(input.userId), asset: input.currency, amount: input.amount },
      ],
    },
    async () => null,
  );
  return { granted: !posted.replayed, wallet: await readWallet(db, input.userId) };
}
