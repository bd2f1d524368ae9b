import 'server-only';
// Props in the chat (spec §3): a speaker or a colourful bubble is one backpack item of exactly that type and
// props id, spent in the same transaction that publishes the line, under a key per message: without the item
// nothing is published, and a line is never paid twice.
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/server/http/errors';
import { itemAsset, systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import { InsufficientBalanceError, postMovement } from '@/lib/server/ledger/post';

/** The backpack item a paid prop spends. */
export function chatPropAsset(propsType: number, propsId: number): Asset {
  return itemAsset(propsType, propsId);
}

/**
 * Spends one `asset` of the sender for message `messageId` and runs `publish` inside the same transaction, so a
 * failed publish gives the item back and a missing item publishes nothing.
 */
export async function spendPropAndPublish<R>(db: Db, input: { userId: number; messageId: string; asset: Asset }, publish: () => Promise<R>): Promise<R> {
  const posted = await postMovement(
    db,
    {
      idempotencyKey: `chat.prop:${input.userId}:${input.messageId}`,
      kind: 'chat.prop',
      body: { messageId: input.messageId, asset: input.asset },
      userId: input.userId,
      meta: { messageId: input.messageId },
      legs: [
        { account: userAccount(input.userId), asset: input.asset, amount: -1 },
        { account: systemAccounts.spent, asset: input.asset, amount: 1 },
      ],
    },
    () => publish(),
  ).catch((error: unknown) => {
    if (error instanceof InsufficientBalanceError) throw new AppError('chat.restrictions.noProp');
    throw error;
  });
  return posted.result;
}
