import 'server-only';
// Settling a quiz through the ledger (docs/quizzes.md). The draw fixes the numbers in one transaction (pool, house
// cut, winning stake; losers marked "did not win"); then the winning bets are paid in bounded chunks, each one ledger
// movement that also marks its bets, so a crash between chunks resumes at the first unpaid bet and pays nobody
// twice; the last movement takes the house cut and the rounding remainder, leaving the pool at zero. Refunds
// (cancellation, a one-sided pool, a void match) run through the same chunks. Cancelling after the draw reverses
// each bettor's net in one movement per bettor, and what a bettor already spent becomes recorded debt.
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import type { Quiz } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { debtAccount, quizPoolAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { postMovement, type Leg } from '@/lib/server/ledger/post';
import { quizCurrency, type QuizOption } from '@/lib/validation/quiz-constants';
import { announceQuiz, announceSettled } from './announce';
import { houseCutOf, isOneSided, payoutOf, type PoolTotals } from './parimutuel';

/** Raised inside a chunk whose bets another process paid first; the chunk rolls back and the next one is read. */
class ChunkTakenError extends Error {}

type ChunkBet = { id: string | number; user_id: string | number; amount: string | number };

export type SettleOptions = {
  /** Bets per chunk; QUIZ_SETTLE_CHUNK unless given. */
  chunkSize?: number;
  /** Called after each committed chunk (tests stop the settlement there to prove a resume pays once). */
  onChunk?: (chunk: { quizId: number; paid: number }) => void | Promise<void>;
};

const nonZero = (legs: Leg[]) => legs.filter((leg) => leg.amount !== 0);

async function lockQuiz(tx: Tx, quizId: number): Promise<Quiz | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(tx, sql`SELECT * FROM quizzes WHERE id = ${quizId} FOR UPDATE`);
  return row ? toQuiz(row) : undefined;
}

function toQuiz(row: Record<string, unknown>): Quiz {
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    id: Number(row.id),
    anchorId: Number(row.anchor_id),
    liveId: Number(row.live_id),
    question: row.question as string,
    optionA: row.option_a as string,
    optionB: row.option_b as string,
    minBet: Number(row.min_bet),
    closeAt: new Date(row.close_at as string),
    status: row.status as Quiz['status'],
    winner: row.winner as Quiz['winner'],
    matchId: num(row.match_id),
    market: row.market as Quiz['market'],
    lineTenths: num(row.line_tenths),
    pool: num(row.pool),
    houseCut: num(row.house_cut),
    winningStake: num(row.winning_stake),
    createdAt: new Date(row.created_at as string),
    startedAt: date(row.started_at),
    drawnAt: date(row.drawn_at),
    settledAt: date(row.settled_at),
  };
}

export async function findQuiz(db: Db | Tx, quizId: number): Promise<Quiz | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM quizzes WHERE id = ${quizId}`);
  return row ? toQuiz(row) : undefined;
}

/**
 * The draw, in one transaction under the quiz's row lock (which waits for bets still committing): the winner, the
 * pool and the cut are fixed and the losing bets marked. A one-sided pool is closed instead and every stake refunded.
 * Returns whether this call drew it (false: it was already drawn or closed, and nothing changes).
 */
export async function drawQuiz(db: Db, quizId: number, winner: QuizOption): Promise<'drawn' | 'closed' | 'already'> {
  const outcome = await db.transaction(async (tx) => {
    const quiz = await lockQuiz(tx, quizId);
    if (!quiz || quiz.status !== 'in_progress') return 'already' as const;
    const [totals] = await queryRows<{ pool: string | number | null; winning: string | number | null }>(tx, sql`
      SELECT sum(amount) AS pool, sum(amount) FILTER (WHERE option = ${winner}) AS winning FROM quiz_bets WHERE quiz_id = ${quizId}`);
    const pool = Number(totals.pool ?? 0);
    const winningStake = Number(totals.winning ?? 0);
    if (isOneSided({ pool, winningStake })) {
      await tx.execute(sql`UPDATE quizzes SET status = 'closed', winner = ${winner}, pool = ${pool}, house_cut = 0, winning_stake = ${winningStake}, drawn_at = now() WHERE id = ${quizId}`);
      return 'closed' as const;
    }
    const houseCut = houseCutOf(pool, getEnv().QUIZ_HOUSE_CUT_BPS);
    await tx.execute(sql`
      UPDATE quizzes SET status = 'prize_drawn', winner = ${winner}, pool = ${pool}, house_cut = ${houseCut}, winning_stake = ${winningStake}, drawn_at = now()
      WHERE id = ${quizId}`);
    await tx.execute(sql`UPDATE quiz_bets SET result = 'did_not_win' WHERE quiz_id = ${quizId} AND option <> ${winner} AND result = 'to_be_calculated'`);
    return 'drawn' as const;
  });
  if (outcome === 'already') return outcome;
  announceQuiz(db, quizId);
  return outcome;
}

/**
 * Cancels a quiz not yet drawn and refunds every stake (in chunks). The row lock waits for bets still committing, so
 * none is left behind. False when the quiz was already past that.
 */
export async function cancelAndRefund(db: Db, quizId: number): Promise<boolean> {
  const cancelled = await db.transaction(async (tx) => {
    if (!(await lockQuiz(tx, quizId))) return false;
    const rows = await queryRows(tx, sql`UPDATE quizzes SET status = 'cancelled' WHERE id = ${quizId} AND status IN ('not_started', 'in_progress') RETURNING 1`);
    return rows.length > 0;
  });
  if (cancelled) await settlePayouts(db, quizId);
  return cancelled;
}

/** The next chunk of bets to pay: winners of a drawn quiz, every bet of a refunded one. */
async function nextChunk(db: Db, quiz: Quiz, size: number): Promise<ChunkBet[]> {
  const which = quiz.status === 'prize_drawn' ? sql`AND option = ${quiz.winner}` : sql``;
  return queryRows<ChunkBet>(db, sql`
    SELECT id, user_id, amount FROM quiz_bets WHERE quiz_id = ${quiz.id} AND result = 'to_be_calculated' ${which} ORDER BY id LIMIT ${size}`);
}

/**
 * One chunk as one movement: the pool pays each bet (its share, or its stake back) and the bets are marked in the
 * same transaction. Keyed by the chunk's first bet: two processes resuming at once post the same chunk once.
 */
async function payChunk(db: Db, quiz: Quiz, bets: ChunkBet[]): Promise<number[]> {
  const refund = quiz.status !== 'prize_drawn';
  const totals: PoolTotals = { pool: quiz.pool ?? 0, houseCut: quiz.houseCut ?? 0, winningStake: quiz.winningStake ?? 0 };
  const paid = bets.map((bet) => ({ id: Number(bet.id), userId: Number(bet.user_id), payout: refund ? Number(bet.amount) : payoutOf(Number(bet.amount), totals) }));
  const total = paid.reduce((sum, bet) => sum + bet.payout, 0);
  const legs = nonZero([
    { account: quizPoolAccount(quiz.id), asset: quizCurrency, amount: -total },
    ...paid.map((bet) => ({ account: userAccount(bet.userId), asset: quizCurrency, amount: bet.payout })),
  ]);
  const result = refund ? 'refunded' : 'won';
  await postMovement(
    db,
    {
      idempotencyKey: `quiz.${refund ? 'refund' : 'payout'}:${quiz.id}:${paid[0].id}`,
      kind: refund ? 'quiz.refund' : 'quiz.payout',
      body: { guess_id: quiz.id, bets: paid.map((bet) => [bet.id, bet.payout]) },
      legs,
      meta: { quizId: quiz.id, bets: paid.length },
    },
    async (tx) => {
      const rows = await queryRows(tx, sql`
        UPDATE quiz_bets SET result = ${result}, payout = paid.payout
        FROM jsonb_to_recordset(${JSON.stringify(paid)}::jsonb) AS paid(id bigint, payout bigint)
        WHERE quiz_bets.id = paid.id AND quiz_bets.result = 'to_be_calculated'
        RETURNING 1`);
      // Another process paid some of these bets since they were read: nothing of this chunk is posted.
      if (rows.length !== paid.length) throw new ChunkTakenError();
    },
  );
  return [...new Set(paid.map((bet) => bet.userId))];
}

/** The last movement of a drawn quiz: the house cut, and what rounding each share down left, out of the pool. */
async function closePool(db: Db, quiz: Quiz): Promise<void> {
  const [row] = await queryRows<{ paid: string | number | null }>(db, sql`SELECT sum(payout) AS paid FROM quiz_bets WHERE quiz_id = ${quiz.id} AND result = 'won'`);
  const cut = quiz.houseCut ?? 0;
  const remainder = (quiz.pool ?? 0) - cut - Number(row.paid ?? 0);
  if (remainder < 0) throw new Error(`Quiz ${quiz.id} paid out more than its pool.`);
  const legs = nonZero([
    { account: quizPoolAccount(quiz.id), asset: quizCurrency, amount: -(cut + remainder) },
    { account: systemAccounts.house, asset: quizCurrency, amount: cut },
    { account: systemAccounts.quizRounding, asset: quizCurrency, amount: remainder },
  ]);
  if (legs.length === 0) return;
  await postMovement(db, { idempotencyKey: `quiz.close:${quiz.id}`, kind: 'quiz.close', body: { guess_id: quiz.id, cut, remainder }, legs, meta: { quizId: quiz.id } }, async () => null);
}

/**
 * Pays (or refunds) every bet still "to be calculated" of a drawn, closed or cancelled quiz, chunk by chunk, then
 * closes the pool and marks the quiz settled. Safe to call again at any time, from any process: what was paid is not
 * paid again. Returns the number of bets paid by this call.
 */
export async function settlePayouts(db: Db, quizId: number, options: SettleOptions = {}): Promise<number> {
  const quiz = await findQuiz(db, quizId);
  if (!quiz || quiz.settledAt || !['prize_drawn', 'closed', 'cancelled'].includes(quiz.status)) return 0;
  const size = options.chunkSize ?? getEnv().QUIZ_SETTLE_CHUNK;
  let paid = 0;
  for (;;) {
    const bets = await nextChunk(db, quiz, size);
    if (bets.length === 0) break;
    const users = await payChunk(db, quiz, bets).catch((error: unknown) => {
      if (error instanceof ChunkTakenError) return undefined;
      throw error;
    });
    if (!users) continue;
    paid += bets.length;
    await announceSettled(db, quizId, users);
    await options.onChunk?.({ quizId, paid });
  }
  if (quiz.status === 'prize_drawn') {
    await closePool(db, quiz);
    await announceLosers(db, quizId, size);
  }
  await db.execute(sql`UPDATE quizzes SET settled_at = now() WHERE id = ${quizId} AND settled_at IS NULL`);
  announceQuiz(db, quizId);
  return paid;
}

/** Bettors with nothing won (their bets were marked at the draw) hear their result once the payouts are done. */
async function announceLosers(db: Db, quizId: number, size: number): Promise<void> {
  const rows = await queryRows<{ user_id: string | number }>(db, sql`
    SELECT user_id FROM quiz_bets WHERE quiz_id = ${quizId} GROUP BY user_id HAVING bool_and(result = 'did_not_win')`);
  const users = rows.map((row) => Number(row.user_id));
  for (let start = 0; start < users.length; start += size) await announceSettled(db, quizId, users.slice(start, start + size));
}

/** The bettors of a drawn quiz not yet reversed, a page at a time. */
async function unreversedBettors(db: Db, quizId: number, size: number): Promise<number[]> {
  const rows = await queryRows<{ user_id: string | number }>(db, sql`
    SELECT DISTINCT user_id FROM quiz_bets WHERE quiz_id = ${quizId} AND result IN ('won', 'did_not_win') ORDER BY user_id LIMIT ${size}`);
  return rows.map((row) => Number(row.user_id));
}

/**
 * One bettor's reversal after a cancelled draw, one movement: every stake comes back and every payout goes back.
 * When that nets a loss the wallet gives what it holds (its row locked) and the rest is booked as debt on
 * `debt:<id>`, never as a negative balance.
 */
async function reverseBettor(db: Db, quizId: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [sums] = await queryRows<{ stake: string | number; payout: string | number }>(tx, sql`
      SELECT coalesce(sum(amount), 0) AS stake, coalesce(sum(payout) FILTER (WHERE result = 'won'), 0) AS payout
      FROM quiz_bets WHERE quiz_id = ${quizId} AND user_id = ${userId} AND result IN ('won', 'did_not_win')`);
    // Reversed meanwhile by another process (two operators cancelling at once): nothing is left to move.
    if (Number(sums.stake) === 0) return;
    const net = Number(sums.stake) - Number(sums.payout);
    let legs: Leg[];
    if (net >= 0) {
      legs = [{ account: quizPoolAccount(quizId), asset: quizCurrency, amount: -net }, { account: userAccount(userId), asset: quizCurrency, amount: net }];
    } else {
      const [wallet] = await queryRows<{ balance: string | number }>(tx, sql`
        SELECT balance FROM ledger_balances WHERE account = ${userAccount(userId)} AND asset = ${quizCurrency} FOR UPDATE`);
      const taken = Math.min(Number(wallet?.balance ?? 0), -net);
      legs = [
        { account: quizPoolAccount(quizId), asset: quizCurrency, amount: -net },
        { account: userAccount(userId), asset: quizCurrency, amount: -taken },
        { account: debtAccount(userId), asset: quizCurrency, amount: net + taken },
      ];
    }
    await postMovement(
      tx,
      { idempotencyKey: `quiz.reverse:${quizId}:${userId}`, kind: 'quiz.reverse', body: { guess_id: quizId, net }, legs: nonZero(legs), userId, meta: { quizId } },
      async (inner) => {
        await inner.execute(sql`
          UPDATE quiz_bets SET result = CASE result WHEN 'won' THEN 'bonus_withdrawn' ELSE 'refunded' END, payout = amount
          WHERE quiz_id = ${quizId} AND user_id = ${userId} AND result IN ('won', 'did_not_win')`);
      },
    );
  });
}

/**
 * Cancellation after the draw (operators only): the house cut and the rounding remainder go back to the pool, then
 * each bettor is reversed. Resumable like the payouts: a reversed bettor is never reversed again.
 */
export async function reverseDraw(db: Db, quizId: number): Promise<void> {
  const quiz = await findQuiz(db, quizId);
  if (!quiz || quiz.status !== 'cancelled_after_draw' || quiz.settledAt) return;
  const size = getEnv().QUIZ_SETTLE_CHUNK;
  const [closed] = await queryRows<{ cut: string | number | null; remainder: string | number | null }>(db, sql`
    SELECT sum(amount) FILTER (WHERE account = ${systemAccounts.house}) AS cut, sum(amount) FILTER (WHERE account = ${systemAccounts.quizRounding}) AS remainder
    FROM ledger_entries WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE idempotency_key = ${`quiz.close:${quizId}`})`);
  const cut = Number(closed?.cut ?? 0);
  const remainder = Number(closed?.remainder ?? 0);
  const back = nonZero([
    { account: quizPoolAccount(quizId), asset: quizCurrency, amount: cut + remainder },
    { account: systemAccounts.house, asset: quizCurrency, amount: -cut },
    { account: systemAccounts.quizRounding, asset: quizCurrency, amount: -remainder },
  ]);
  if (back.length > 0) {
    await postMovement(db, { idempotencyKey: `quiz.unclose:${quizId}`, kind: 'quiz.unclose', body: { guess_id: quizId, cut, remainder }, legs: back, meta: { quizId } }, async () => null);
  }
  for (;;) {
    const users = await unreversedBettors(db, quizId, size);
    if (users.length === 0) break;
    for (const userId of users) await reverseBettor(db, quizId, userId);
    await announceSettled(db, quizId, users);
  }
  await db.execute(sql`UPDATE quizzes SET settled_at = now() WHERE id = ${quizId} AND settled_at IS NULL`);
  announceQuiz(db, quizId);
}

/**
 * Finishes the payouts, refunds or reversals a crash (or a request that ended early) left unfinished; run by the
 * quiz job. Running beside a settlement still going is safe: each bet is paid once.
 */
export async function resumeSettlements(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string | number; status: Quiz['status'] }>(db, sql`
    SELECT id, status FROM quizzes WHERE settled_at IS NULL AND status IN ('prize_drawn', 'closed', 'cancelled', 'cancelled_after_draw') ORDER BY id LIMIT 100`);
  for (const row of rows) {
    if (row.status === 'cancelled_after_draw') await reverseDraw(db, Number(row.id));
    else await settlePayouts(db, Number(row.id));
  }
  return rows.length;
}
