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
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement } from '@/lib/server/ledger/post';
import { quizCurrency, type QuizOption } from '@/lib/validation/quiz-constants';
import type { QuizBetReply } from '@/lib/validation/quizzes';
import { announceQuiz } from './announce';

export type BetRequest = { userId: number; quizId: number; option: QuizOption; amount: number; idempotencyKey: string };

/** Namespaced per bettor: two users' keys never meet. */
const ledgerKey = (request: BetRequest) => `quiz.bet:${request.userId}:${request.idempotencyKey}`;

/**
 * In one statement (a bet costs few round trips): the bet row, only while the quiz is open by the database's clock
 * (the quiz row key-share locked until commit, so a draw waits for it); the stake added to the user's day, only
 * while the day stays within the cap (a guarded upsert); and the wallet after the debit. Refused: closed or over the cap.
 */
async function recordBet(tx: Tx, request: BetRequest, transactionId: number): Promise<QuizBetReply> {
  const cap = getEnv().QUIZ_DAILY_STAKE_CAP;
  const account = userAccount(request.userId);
  const [row] = await queryRows<{ open: string | number; day: string | number; bet_id: string | number | null; diamond: string | number; gold: string | number }>(tx, sql`
    WITH open AS (
      SELECT id FROM quizzes WHERE id = ${request.quizId} AND status = 'in_progress' AND close_at > clock_timestamp() FOR KEY SHARE
    ), day AS (
      INSERT INTO quiz_daily_stakes (user_id, day, staked)
      SELECT ${request.userId}, (now() AT TIME ZONE 'UTC')::date, ${request.amount}::bigint FROM open WHERE ${request.amount}::bigint <= ${cap}::bigint
      ON CONFLICT (user_id, day) DO UPDATE SET staked = quiz_daily_stakes.staked + excluded.staked
      WHERE quiz_daily_stakes.staked + excluded.staked <= ${cap}::bigint
      RETURNING 1
    ), bet AS (
      INSERT INTO quiz_bets (quiz_id, user_id, option, amount, transaction_id)
      SELECT id, ${request.userId}, ${request.option}, ${request.amount}, ${transactionId} FROM open WHERE EXISTS (SELECT 1 FROM day)
      RETURNING id
    )
    SELECT (SELECT count(*) FROM open) AS open, (SELECT count(*) FROM day) AS day, (SELECT id FROM bet) AS bet_id,
           coalesce((SELECT balance FROM ledger_balances WHERE account = ${account} AND asset = 'diamond'), 0) AS diamond,
           coalesce((SELECT balance FROM ledger_balances WHERE account = ${account} AND asset = 'gold'), 0) AS gold`);
  if (Number(row.open) === 0) throw new AppError('quiz.errors.closed');
  if (Number(row.day) === 0 || row.bet_id === null) throw new AppError('quiz.errors.dailyCap', { cap: (cap / 100).toFixed(2) });
  return { bal: { diamond: Number(row.diamond), gold: Number(row.gold) }, bet_id: Number(row.bet_id) };
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
    (tx, transactionId) => recordBet(tx, request, transactionId),
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
