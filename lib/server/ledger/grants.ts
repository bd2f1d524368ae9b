import 'server-only';
// Value given away rather than paid for: operator grants (`ops wallet:grant`), demo balances and props, viewing
// tickets, and later check-in rewards. Currency comes out of the promotions account and items out of the issuer,
// so the books show what was given.
import type { Db, Tx } from '@/lib/db';
import { AppError } from '@/lib/server/http/errors';
import { systemAccounts, userAccount, type Asset, type Currency } from './accounts';
import { readWallet, type Wallet } from './balances';
import { maxAmount, postMovement, type Posted } from './post';

/** One grant: `amount` of `asset` from `from` to the user, under the caller's key; `body` is what a replay must repeat. */
export function postGrant(
  db: Db | Tx,
  input: { from: string; userId: number; asset: Asset; amount: number; kind: string; body: unknown; idempotencyKey: string; note: string },
): Promise<Posted<null>> {
  return postMovement(
    db,
    {
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      body: input.body,
      userId: input.userId,
      meta: { note: input.note },
      legs: [
        { account: input.from, asset: input.asset, amount: -input.amount },
        { account: userAccount(input.userId), asset: input.asset, amount: input.amount },
      ],
    },
    async () => null,
  );
}

export async function grantCurrency(
  db: Db,
  input: { userId: number; currency: Currency; amount: number; idempotencyKey: string; note: string },
): Promise<{ granted: boolean; wallet: Wallet }> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > maxAmount) throw new AppError('wallet.errors.badAmount');
  const posted = await postGrant(db, {
    from: systemAccounts.promotions,
    userId: input.userId,
    asset: input.currency,
    amount: input.amount,
    kind: 'grant',
    body: { userId: input.userId, currency: input.currency, amount: input.amount },
    idempotencyKey: input.idempotencyKey,
    note: input.note,
  });
  return { granted: !posted.replayed, wallet: await readWallet(db, input.userId) };
}

/** Items given away (the demo accounts' starter props). */
export async function grantItems(db: Db, input: { userId: number; asset: Asset; count: number; idempotencyKey: string; note: string }): Promise<void> {
  await postGrant(db, {
    from: systemAccounts.issuer,
    userId: input.userId,
    asset: input.asset,
    amount: input.count,
    kind: 'grant',
    body: { userId: input.userId, asset: input.asset, count: input.count },
    idempotencyKey: input.idempotencyKey,
    note: input.note,
  });
}
