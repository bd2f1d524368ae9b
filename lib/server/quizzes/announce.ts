import 'server-only';
// What the rooms and the bettors hear of quizzes: a `quiz` message with the pools, bettor counts and odds whenever
// a quiz changes (coalesced per quiz so a burst of bets sends a few messages, not one per bet; quiz frames are
// never batched or shed under chat load), and a `guessSettled` to each bettor with their result.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { getBus, type Bus } from '@/lib/realtime/bus';
import type { QuizMessage } from '@/lib/realtime/protocol';
import { announceBalance } from '@/lib/server/ledger/notify';
import { newMessageId, publishRoomMessage, publishUserMessage } from '@/lib/server/chat/publish';
import { log } from '@/lib/server/log';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import type { BetResult } from '@/lib/validation/quiz-constants';
import type { QuizView } from '@/lib/validation/quizzes';
import { listRoomQuizzes, readQuiz } from './views';

/** At most one `quiz` message per quiz in this window; the last change in it is sent at its end. */
const coalesceMs = 250;

const pending = new Map<number, { dirty: boolean }>();

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function quizMessage(view: QuizView): QuizMessage {
  return { type: 'quiz', groupId: liveRoomKey(view.anchor_id), id: newMessageId(), guess_id: view.guess_id, message: view.question, guess: view, send_time: Date.now() };
}

/** The open quizzes of an anchor's room as `quiz` messages: the login response `guess` and quizPrompt (the chat app). */
export async function openQuizMessages(db: Db, anchorId: number): Promise<QuizMessage[]> {
  return (await listRoomQuizzes(db, anchorId)).map(quizMessage);
}

async function publishNow(db: Db, bus: Bus, quizId: number): Promise<void> {
  const view = await readQuiz(db, quizId);
  if (view) await publishRoomMessage(bus, quizMessage(view));
}

/** Tells the quiz's room its new state: now, or at the end of the current window if one was just sent. */
export function announceQuiz(db: Db, quizId: number, bus: Bus = getBus()): void {
  const window = pending.get(quizId);
  if (window) {
    window.dirty = true;
    return;
  }
  const state = { dirty: false };
  pending.set(quizId, state);
  const send = () => publishNow(db, bus, quizId).catch((error: unknown) => log.warn('quiz message not published', { quizId, error: reason(error) }));
  void send();
  const timer = setTimeout(() => {
    pending.delete(quizId);
    if (state.dirty) announceQuiz(db, quizId, bus);
  }, coalesceMs);
  timer.unref?.();
}

/**
 * Each bettor whose bets were just settled: their result (the best of their bets), stake and payout, and their new
 * balance, read for all of them in one statement (a chunk may hold thousands of bettors).
 */
export async function announceSettled(db: Db, quizId: number, userIds: readonly number[], bus: Bus = getBus()): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await queryRows<{ user_id: string | number; question: string; results: BetResult[]; stake: string | number; payout: string | number; diamond: string | number; gold: string | number }>(db, sql`
    SELECT u.user_id, (SELECT question FROM quizzes WHERE id = ${quizId}) AS question,
           array_agg(DISTINCT b.result) AS results, sum(b.amount) AS stake, sum(b.payout) AS payout,
           (SELECT coalesce(sum(balance), 0) FROM ledger_balances WHERE account = 'user:' || u.user_id AND asset = 'diamond') AS diamond,
           (SELECT coalesce(sum(balance), 0) FROM ledger_balances WHERE account = 'user:' || u.user_id AND asset = 'gold') AS gold
    FROM (SELECT DISTINCT jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::bigint AS user_id) u
    JOIN quiz_bets b ON b.quiz_id = ${quizId} AND b.user_id = u.user_id
    GROUP BY u.user_id`);
  const order: BetResult[] = ['won', 'bonus_withdrawn', 'refunded', 'did_not_win', 'to_be_calculated'];
  // All at once: the bus pipelines them (one round trip per batch on Redis), where one by one would wait for each.
  await Promise.all(
    rows.map(async (row) => {
      const userId = Number(row.user_id);
      const result = order.find((candidate) => row.results.includes(candidate)) ?? 'to_be_calculated';
      await publishUserMessage(bus, userId, {
        type: 'guessSettled', id: newMessageId(), guess_id: quizId, message: row.question, result, stake: Number(row.stake), payout: Number(row.payout), send_time: Date.now(),
      }).catch((error: unknown) => log.warn('guessSettled not published', { quizId, userId, error: reason(error) }));
      await announceBalance(userId, { diamond: Number(row.diamond), gold: Number(row.gold) });
    }),
  );
}
