import 'server-only';
// A quiz's life (spec §4), each transition one transaction followed by its messages:
//
//   not_started ──start──▶ in_progress ──(close time)──▶ to_be_drawn ──draw──▶ prize_drawn ──(payouts)──▶ settled
//        │                     │                              │          └─one-sided pool──▶ closed (refunded)
//        └──cancel (anchor)──▶ cancelled ◀──cancel (operator)─┘
//                                                   prize_drawn ──cancel (operator)──▶ cancelled_after_draw (reversed)
//
// Anchors create quizzes on their own open live and start them; once started a quiz cannot be edited or cancelled
// by the anchor ("contact an administrator"): only operators cancel it. A match-linked quiz closes at kick-off and
// is drawn by the match feed (./match-link.ts); the anchor draws the others.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import type { UserRole } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { findOpenLive } from '@/lib/server/live-state/state';
import type { QuizOption } from '@/lib/validation/quiz-constants';
import type { QuizCreateInput, QuizView } from '@/lib/validation/quizzes';
import { announceQuiz } from './announce';
import { cancelAndRefund, drawQuiz, findQuiz, reverseDraw, settlePayouts } from './settle';
import { readQuiz } from './views';

export type Actor = { id: number; role: UserRole };

const isOperator = (actor: Actor) => actor.role === 'operator';

async function ownedQuiz(db: Db, actor: Actor, quizId: number) {
  const quiz = await findQuiz(db, quizId);
  if (!quiz) throw new AppError('quiz.errors.notFound');
  if (quiz.anchorId !== actor.id && !isOperator(actor)) throw new AppError('quiz.errors.notYours');
  return quiz;
}

async function viewOf(db: Db, quizId: number): Promise<QuizView> {
  const view = await readQuiz(db, quizId);
  if (!view) throw new AppError('quiz.errors.notFound');
  return view;
}

/** The kick-off of a match that has not started yet (a linked quiz closes then). */
async function upcomingKickoff(db: Db, matchId: number): Promise<Date> {
  const [match] = await queryRows<{ kickoff_at: Date | string; status: string }>(db, sql`SELECT kickoff_at, status FROM matches WHERE id = ${matchId}`);
  if (!match) throw new AppError('quiz.validation.badMatch');
  const kickoff = new Date(match.kickoff_at);
  if (match.status !== 'upcoming' || kickoff.getTime() <= Date.now()) throw new AppError('quiz.errors.matchStarted');
  return kickoff;
}

/** Creates a quiz on the anchor's open live (not started yet). */
export async function createQuiz(db: Db, anchorId: number, input: QuizCreateInput): Promise<QuizView> {
  const live = await findOpenLive(db, anchorId);
  if (!live) throw new AppError('quiz.errors.notLive');
  const closeAt = input.match_id !== undefined ? await upcomingKickoff(db, input.match_id) : new Date(input.close_time ?? 0);
  const [row] = await queryRows<{ id: string | number }>(db, sql`
    INSERT INTO quizzes (anchor_id, live_id, question, option_a, option_b, min_bet, close_at, match_id, market, line_tenths)
    VALUES (${anchorId}, ${live.id}, ${input.question}, ${input.option_a}, ${input.option_b}, ${input.min_bet}, ${closeAt.toISOString()},
            ${input.match_id ?? null}, ${input.market ?? null}, ${input.market === 'over_under' ? (input.line_tenths ?? null) : null})
    RETURNING id`);
  return viewOf(db, Number(row.id));
}

/** Opens a quiz for bets at once (spec §4); refused once its close time has passed. */
export async function startQuiz(db: Db, actor: Actor, quizId: number): Promise<QuizView> {
  await ownedQuiz(db, actor, quizId);
  const rows = await queryRows(db, sql`
    UPDATE quizzes SET status = 'in_progress', started_at = now() WHERE id = ${quizId} AND status = 'not_started' AND close_at > now() RETURNING 1`);
  if (rows.length === 0) throw new AppError('quiz.errors.cannotStart');
  announceQuiz(db, quizId);
  return viewOf(db, quizId);
}

/**
 * Cancels a quiz. The anchor may cancel only one not yet started; operators cancel any: an open one (every stake
 * refunded) or a drawn one (cancellation after draw: bonuses clawed back, stakes refunded).
 */
export async function cancelQuiz(db: Db, actor: Actor, quizId: number): Promise<QuizView> {
  const quiz = await ownedQuiz(db, actor, quizId);
  if (quiz.status !== 'not_started' && !isOperator(actor)) throw new AppError('quiz.errors.startedNoCancel');
  if (quiz.status === 'prize_drawn') {
    // The draw's payouts finish first, so the reversal works from what was actually paid.
    await settlePayouts(db, quizId);
    await db.execute(sql`UPDATE quizzes SET status = 'cancelled_after_draw', settled_at = NULL WHERE id = ${quizId} AND status = 'prize_drawn'`);
    await reverseDraw(db, quizId);
    return viewOf(db, quizId);
  }
  if (!(await cancelAndRefund(db, quizId))) throw new AppError('quiz.errors.cannotCancel');
  return viewOf(db, quizId);
}

/**
 * Names the winning option of a quiz whose betting has closed, then pays it out. Drawing again does nothing (settle
 * twice = once); a match-linked quiz is drawn by the feed, or by an operator.
 */
export async function drawAndSettle(db: Db, actor: Actor, quizId: number, winner: QuizOption): Promise<QuizView> {
  const quiz = await ownedQuiz(db, actor, quizId);
  if (quiz.matchId !== null && !isOperator(actor)) throw new AppError('quiz.errors.drawnByMatch');
  if (quiz.status === 'in_progress' && quiz.closeAt.getTime() > Date.now()) throw new AppError('quiz.errors.stillOpen');
  if (quiz.status === 'not_started' || quiz.status === 'cancelled' || quiz.status === 'cancelled_after_draw') throw new AppError('quiz.errors.cannotDraw');
  if (quiz.status !== 'in_progress' && quiz.winner !== winner) throw new AppError('quiz.errors.alreadyDrawn');
  await drawQuiz(db, quizId, winner);
  await settlePayouts(db, quizId);
  return viewOf(db, quizId);
}

/** Operators end a quiz's betting now (a suspicious pool, a result known early): bets are refused from this instant. */
export async function closeBetting(db: Db, quizId: number): Promise<QuizView> {
  const rows = await queryRows(db, sql`UPDATE quizzes SET close_at = least(close_at, now()) WHERE id = ${quizId} AND status = 'in_progress' RETURNING 1`);
  if (rows.length === 0) throw new AppError('quiz.errors.cannotDraw');
  announceQuiz(db, quizId);
  return viewOf(db, quizId);
}
