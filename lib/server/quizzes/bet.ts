import 'server-only';
// A stake on a quiz: one ledger movement from the bettor's wallet to the quiz's pool, under the bettor's
// idempotency key, with the bet row and the day's stake in the same transaction. The close time is checked by the
// database clock inside that transaction, so a bet that arrives after it is refused to the millisecond, whatever
// the client showed.
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { quizPoolAccount, userAccount } from '@/lib/server/ledger/accounts';
import { readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement } from '@/lib/server/ledger/post';
import { quizCurrency, type QuizOption } from '@/lib/validation/quiz-constants';
import type { QuizBetReply } from '@/lib/validation/quizzes';
import { announceQuiz } from './announce';

export type BetRequest = { userId: number; quizId: number; option: QuizOption; amount: number; idempotencyKey: string };

/** Namespaced per bettor: two users' keys never meet. */
const ledgerKey = (request: BetRequest) => `quiz.bet:${request.userId}:${request.idempotencyKey}`;

/** The bet row, only while the quiz is open by the database's clock; the quiz row is key-share locked until commit. */
async function insertBet(tx: Tx, request: BetRequest, transactionId: number): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(tx, sql`
    WITH open AS (
      SELECT id FROM quizzes WHERE id = ${request.quizId} AND status = 'in_progress' AND close_at > clock_timestamp() FOR KEY SHARE
    )
    INSERT INTO quiz_bets (quiz_id, user_id, option, amount, transaction_id)
    SELECT id, ${request.userId}, ${request.option}, ${request.amount}, ${transactionId} FROM open
    RETURNING id`);
  if (!row) throw new AppError('quiz.errors.closed');
  return Number(row.id);
}

/** Adds the stake to the user's day, only while the day stays within the cap (one guarded statement). */
async function addToDay(tx: Tx, request: BetRequest): Promise<void> {
  const cap = getEnv().QUIZ_DAILY_STAKE_CAP;
  const rows = await queryRows(tx, sql`
    INSERT INTO quiz_daily_stakes (user_id, day, staked)
    SELECT ${request.userId}, (now() AT TIME ZONE 'UTC')::date, ${request.amount}::bigint WHERE ${request.amount}::bigint <= ${cap}::bigint
    ON CONFLICT (user_id, day) DO UPDATE SET staked = quiz_daily_stakes.staked + excluded.staked
    WHERE quiz_daily_stakes.staked + excluded.staked <= ${cap}::bigint
    RETURNING 1`);
  if (rows.length === 0) throw new AppError('quiz.errors.dailyCap', { cap: (cap / 100).toFixed(2) });
}

/**
 * Places a bet. Refused: an unknown or closed quiz (after its close time, to the millisecond), the anchor betting on
 * their own quiz, a stake below the quiz's minimum, a day's stakes beyond the cap, a balance that cannot pay. The same
 * key and body returns the first reply and moves nothing again.
 */
export async function placeBet(db: Db, request: BetRequest): Promise<QuizBetReply> {
  const [quiz] = await queryRows<{ anchor_id: string | number; min_bet: string | number }>(db, sql`SELECT anchor_id, min_bet FROM quizzes WHERE id = ${request.quizId}`);
  if (!quiz) throw new AppError('quiz.errors.notFound');
  if (Number(quiz.anchor_id) === request.userId) throw new AppError('quiz.errors.ownQuiz');
  if (request.amount < Number(quiz.min_bet)) throw new AppError('quiz.errors.belowMinimum', { min: (Number(quiz.min_bet) / 100).toFixed(2) });

  const posted = await postMovement(
    db,
    {
      idempotencyKey: ledgerKey(request),
      kind: 'quiz.bet',
      body: { guess_id: request.quizId, option: request.option, amount: request.amount },
      legs: [
        { account: userAccount(request.userId), asset: quizCurrency, amount: -request.amount },
        { account: quizPoolAccount(request.quizId), asset: quizCurrency, amount: request.amount },
      ],
      userId: request.userId,
      meta: { quizId: request.quizId, option: request.option },
    },
    async (tx, transactionId): Promise<QuizBetReply> => {
      const betId = await insertBet(tx, request, transactionId);
      await addToDay(tx, request);
      const wallet = await readWallet(tx, request.userId);
      return { bal: { diamond: wallet.diamond, gold: wallet.gold }, bet_id: betId };
    },
  ).catch((error: unknown) => {
    if (error instanceof InsufficientBalanceError) throw new AppError('quiz.errors.insufficient');
    throw error;
  });
  if (!posted.replayed) {
    await announceBalance(request.userId, posted.result.bal);
    announceQuiz(db, request.quizId);
  }
  return posted.result;
}
