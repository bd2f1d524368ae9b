import 'server-only';
// Sending a gift (spec §3 gift message, §4 combo and balance update, §8 error 10152): one ledger movement debits
// the sender price × count under their idempotency key, credits the anchor's earnings and the house append-only,
// adds the sender's experience and advances the combo, all in one transaction; after it commits, the room sees the
// gift and the sender's other sessions their new balance.
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { getBrand } from '@/lib/brand/registry';
import { getEnv } from '@/lib/env';
import { getBus, type Bus } from '@/lib/realtime/bus';
import type { GiftMessage } from '@/lib/realtime/protocol';
import { siteRoutes } from '@/lib/routes';
import { AppError, envelopeStatus } from '@/lib/server/http/errors';
import { earningsAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement, type Leg } from '@/lib/server/ledger/post';
import { findOpenLive } from '@/lib/server/live-state/state';
import { awardSpendingExperience } from '@/lib/server/users/experience';
import { loadChatSender } from '@/lib/server/chat/chat-users';
import { newMessageId, publishRoomMessage } from '@/lib/server/chat/publish';
import { log } from '@/lib/server/log';
import { recordGiftContribution } from '@/lib/server/rankings/record';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import { giftComboWindowMs, giftCountMax } from '@/lib/validation/gift-constants';
import type { GiftSendInput, GiftSendReply } from '@/lib/validation/gifts';
import type { GiftRow } from '@/lib/db/schema';
import { anchorBrand, findOfferedGift } from './catalogue';

type GiftSend = { senderId: number; anchorId: number; giftId: number; count: number; idempotencyKey: string };

/** How long a send waits for the first request of its key to finish (a retry racing the original). */
const inFlightWaitMs = 5000;
const inFlightPollMs = 25;

/** The anchor's part of a gift's cost (rounded down: the house never pays out more than came in). */
function anchorShareOf(cost: number): number {
  return Number((BigInt(cost) * BigInt(getEnv().GIFT_ANCHOR_SHARE_PERCENT)) / 100n);
}

function giftLegs(input: GiftSend, gift: GiftRow, cost: number): Leg[] {
  const anchorShare = anchorShareOf(cost);
  const legs: Leg[] = [{ account: userAccount(input.senderId), asset: gift.currency, amount: -cost }];
  if (anchorShare > 0) legs.push({ account: earningsAccount(input.anchorId), asset: gift.currency, amount: anchorShare });
  if (cost - anchorShare > 0) legs.push({ account: systemAccounts.house, asset: gift.currency, amount: cost - anchorShare });
  return legs;
}

/**
 * Spec §4 gift combo: `hit` adds up while the same sender sends the same gift to the same anchor within 3 s of the
 * last one, and starts again from this count after a pause (or always, for a gift that does not combo).
 */
async function advanceCombo(tx: Tx, input: GiftSend, combo: boolean): Promise<number> {
  const windowSeconds = combo ? giftComboWindowMs / 1000 : 0;
  const [row] = await queryRows<{ hit: number }>(tx, sql`
    INSERT INTO gift_combos (sender_id, anchor_id, gift_id, hit, last_at)
    VALUES (${input.senderId}, ${input.anchorId}, ${input.giftId}, ${input.count}, clock_timestamp())
    ON CONFLICT (sender_id, anchor_id, gift_id) DO UPDATE SET
      hit = CASE WHEN gift_combos.last_at > clock_timestamp() - make_interval(secs => ${windowSeconds}) THEN gift_combos.hit + excluded.hit ELSE excluded.hit END,
      last_at = excluded.last_at
    RETURNING hit`);
  return Number(row.hit);
}

/** Insufficient balance is spec §8's 10152, with the way to the recharge page. */
function insufficient(gift: GiftRow): AppError {
  return new AppError(`gifts.errors.insufficient.${gift.currency}`, {}, envelopeStatus.insufficientBalance, { recharge: siteRoutes.recharge });
}

/** Namespaced per sender: two users' keys never meet, and a key names one send of one user. */
const ledgerKey = (input: GiftSend) => `gift:${input.senderId}:${input.idempotencyKey}`;

async function keyUsed(db: Db, idempotencyKey: string): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM ledger_transactions WHERE idempotency_key = ${idempotencyKey}`);
  return rows.length > 0;
}

async function postGift(db: Db, input: GiftSend, gift: GiftRow): Promise<{ reply: GiftSendReply; replayed: boolean }> {
  const cost = gift.price * input.count;
  if (!Number.isSafeInteger(cost)) throw new AppError('gifts.validation.badCount');
  const posted = await postMovement(
    db,
    {
      idempotencyKey: ledgerKey(input),
      kind: 'gift',
      body: { anchor_id: input.anchorId, gift_id: input.giftId, count: input.count },
      legs: giftLegs(input, gift, cost),
      userId: input.senderId,
      meta: { anchorId: input.anchorId, giftId: input.giftId, count: input.count },
    },
    async (tx): Promise<GiftSendReply> => {
      await awardSpendingExperience(tx, input.senderId, cost);
      const hit = await advanceCombo(tx, input, gift.combo);
      const wallet = await readWallet(tx, input.senderId);
      return { bal: { diamond: wallet.diamond, gold: wallet.gold }, hit };
    },
  ).catch((error: unknown) => {
    if (error instanceof InsufficientBalanceError) throw insufficient(gift);
    throw error;
  });
  return { reply: posted.result, replayed: posted.replayed };
}

/** Waits out the first request of the same key, so a retry gets the first reply instead of an error. */
async function postGiftOnce(db: Db, input: GiftSend, gift: GiftRow): Promise<{ reply: GiftSendReply; replayed: boolean }> {
  const deadline = Date.now() + inFlightWaitMs;
  for (;;) {
    try {
      return await postGift(db, input, gift);
    } catch (error) {
      if (!(error instanceof AppError) || error.key !== 'wallet.errors.inFlight' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, inFlightPollMs));
    }
  }
}

async function broadcastGift(db: Db, bus: Bus, input: GiftSend, gift: GiftRow, reply: GiftSendReply, brandId: string): Promise<void> {
  const sender = await loadChatSender(db, input.senderId);
  if (!sender) return;
  const locale = getBrand(brandId)?.locale ?? 'en-US';
  const message: GiftMessage = {
    type: 'gift',
    groupId: liveRoomKey(input.anchorId),
    id: newMessageId(),
    ...sender,
    giftid: gift.id,
    gift_name: gift.name[locale] || gift.name['en-US'],
    icon: gift.icon,
    animation: gift.animation,
    animat_type: gift.animatType,
    duration: gift.durationMs,
    count: input.count,
    hit: reply.hit,
    send_time: Date.now(),
  };
  await publishRoomMessage(bus, message);
}

/**
 * Sends `count` of a gift from the sender to an anchor who is live. The same idempotency key with the same gift
 * returns the first reply without paying twice. Refused: a self-gift, an anchor not live, a gift the anchor's brand
 * does not offer, a count outside 1–9999, and a balance that cannot pay (10152).
 */
export async function sendGift(db: Db, bus: Bus | undefined, input: GiftSend): Promise<GiftSendReply> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > giftCountMax) throw new AppError('gifts.validation.badCount');
  if (input.senderId === input.anchorId) throw new AppError('gifts.errors.selfGift');
  const brandId = await anchorBrand(db, input.anchorId);
  if (!(await findOpenLive(db, input.anchorId))) throw new AppError('gifts.errors.notLive');
  const gift = await findOfferedGift(db, brandId, input.giftId);
  if (!gift) throw new AppError('gifts.errors.noSuchGift');

  // A balance that plainly cannot pay is refused before taking the sender's row lock, so a burst of sends beyond
  // the balance does not queue behind the ones that pay. The guarded debit still decides; a key already used
  // goes on to be replayed whatever the balance is now.
  const cost = gift.price * input.count;
  if (Number.isSafeInteger(cost) && (await readWallet(db, input.senderId))[gift.currency] < cost && !(await keyUsed(db, ledgerKey(input)))) throw insufficient(gift);

  const { reply, replayed } = await postGiftOnce(db, input, gift);
  if (!replayed) {
    // Committed: the notices are best effort, a lost one is corrected by the next read or the next gift.
    await announceBalance(input.senderId, reply.bal);
    await broadcastGift(db, bus ?? getBus(), input, gift, reply, brandId).catch((error: unknown) =>
      log.warn('gift message not published', { anchorId: input.anchorId, error: error instanceof Error ? error.message : String(error) }),
    );
    await recordGiftContribution(db, { anchorId: input.anchorId, senderId: input.senderId, value: cost, currency: gift.currency, at: new Date() });
  }
  return reply;
}

/** A send as POST /api/gift/send and the giftFeed frame carry it. */
export function sendGiftInput(db: Db, bus: Bus | undefined, senderId: number, input: GiftSendInput): Promise<GiftSendReply> {
  return sendGift(db, bus, { senderId, anchorId: input.anchor_id, giftId: input.gift_id, count: input.count, idempotencyKey: input.idempotency_key });
}

/** What the chat's giftFeed frame sends through (server.ts hands it to the chat app). */
export function giftFeedSender(bus: Bus): (db: Db, senderId: number, input: GiftSendInput) => Promise<GiftSendReply> {
  return (db, senderId, input) => sendGiftInput(db, bus, senderId, input);
}
