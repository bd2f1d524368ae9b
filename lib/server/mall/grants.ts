import 'server-only';
// Props given away rather than bought (the demo accounts' starter props): from the issuer, through the ledger.
import type { Db } from '@/lib/db';
import { systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import { postMovement } from '@/lib/server/ledger/post';

export async function grantItems(db: Db, input: { userId: number; asset: Asset; count: number; idempotencyKey: string; note: string }): Promise<void> {
  await postMovement(
    db,
    {
      idempotencyKey: input.idempotencyKey,
      kind: 'grant',
      body: { userId: input.userId, asset: input.asset, count: input.count },
      userId: input.userId,
      meta: { note: input.note },
      legs: [
        { account: systemAccounts.issuer, asset: input.asset, amount: -input.count },
        { account: userAccount(input.userId), asset: input.asset, amount: input.count },
      ],
    },
    async () => null,
  );
}
