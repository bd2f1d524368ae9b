import 'server-only';
// Quizzes that settle themselves from the match feed (docs/quizzes.md). A linked quiz closes at kick-off (a kick-off
// moved earlier moves its close); the job reads the match as the feed (replayer or provider) left it and draws:
//   first_scorer  A home, B away: the first goal of play (own goals count for the side credited; the shoot-out
//                 does not), as soon as it is scored; no goal at full time voids the quiz.
//   full_time     A home win, B away win, at full time; a draw voids it (two options, three outcomes).
//   over_under    A over, B under the half-goal line: "over" as soon as the total passes it, else at full time.
// A match that has not kicked off 3 hours after its time (postponed), or is still unfinished 5 hours after kick-off
// (abandoned), voids its quizzes: every stake is refunded.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import type { MatchMarket, QuizOption } from '@/lib/validation/quiz-constants';
import { cancelAndRefund, drawQuiz, settlePayouts } from './settle';

const postponedAfterMs = 3 * 60 * 60_000;
const abandonedAfterMs = 5 * 60 * 60_000;

type LinkedQuiz = {
  id: string | number;
  status: 'not_started' | 'in_progress';
  market: MatchMarket;
  line_tenths: number | null;
  close_at: Date | string;
  kickoff_at: Date | string;
  match_status: 'upcoming' | 'live' | 'finished';
  home: number | null;
  away: number | null;
  first_side: 'home' | 'away' | null;
};

/** What the match says so far: a winner, a void, or nothing yet. */
export type MatchVerdict = { kind: 'winner'; option: QuizOption } | { kind: 'void' } | { kind: 'pending' };

const pending: MatchVerdict = { kind: 'pending' };
const voided: MatchVerdict = { kind: 'void' };
const winner = (option: QuizOption): MatchVerdict => ({ kind: 'winner', option });

/** The verdict of one market from the match's state (pure: the tests feed it states). */
export function verdictOf(
  market: MatchMarket,
  lineTenths: number | null,
  match: { status: 'upcoming' | 'live' | 'finished'; home: number | null; away: number | null; firstSide: 'home' | 'away' | null; kickoffAt: Date },
  now: Date,
): MatchVerdict {
  const sinceKickoff = now.getTime() - match.kickoffAt.getTime();
  if (match.status === 'upcoming' && sinceKickoff > postponedAfterMs) return voided;
  if (match.status === 'live' && sinceKickoff > abandonedAfterMs) return voided;
  if (match.status === 'upcoming') return pending;
  const home = match.home ?? 0;
  const away = match.away ?? 0;
  const finished = match.status === 'finished';
  switch (market) {
    case 'first_scorer':
      if (match.firstSide) return winner(match.firstSide === 'home' ? 'A' : 'B');
      return finished ? voided : pending;
    case 'full_time':
      if (!finished) return pending;
      return home === away ? voided : winner(home > away ? 'A' : 'B');
    case 'over_under': {
      const goalsTenths = (home + away) * 10;
      if (goalsTenths > (lineTenths ?? 25)) return winner('A');
      return finished ? winner('B') : pending;
    }
  }
}

async function linkedQuizzes(db: Db): Promise<LinkedQuiz[]> {
  return queryRows<LinkedQuiz>(db, sql`
    SELECT q.id, q.status, q.market, q.line_tenths, q.close_at, m.kickoff_at, m.status AS match_status,
           CASE WHEN m.status = 'finished' THEN coalesce(m.ft_home, m.home_score) ELSE m.home_score END AS home,
           CASE WHEN m.status = 'finished' THEN coalesce(m.ft_away, m.away_score) ELSE m.away_score END AS away,
           (SELECT e.side FROM match_events e WHERE e.match_id = m.id AND e.kind IN ('goal', 'own_goal', 'penalty_goal') AND e.period < 5 ORDER BY e.seq LIMIT 1) AS first_side
    FROM quizzes q JOIN matches m ON m.id = q.match_id
    WHERE q.status IN ('not_started', 'in_progress') AND q.match_id IS NOT NULL
    ORDER BY q.id
    LIMIT 500`);
}

/**
 * One pass over the linked quizzes still open: closes them at a kick-off that moved earlier, draws those the match
 * has decided and voids those it never will. Returns how many it drew or voided.
 */
export async function settleFromMatches(db: Db, now = new Date()): Promise<number> {
  let decided = 0;
  for (const quiz of await linkedQuizzes(db)) {
    const quizId = Number(quiz.id);
    const kickoffAt = new Date(quiz.kickoff_at);
    if (kickoffAt < new Date(quiz.close_at)) await db.execute(sql`UPDATE quizzes SET close_at = ${kickoffAt.toISOString()} WHERE id = ${quizId} AND close_at > ${kickoffAt.toISOString()}`);
    const verdict = verdictOf(quiz.market, quiz.line_tenths, { status: quiz.match_status, home: quiz.home, away: quiz.away, firstSide: quiz.first_side, kickoffAt }, now);
    if (verdict.kind === 'pending') continue;
    // A quiz never started, or one the match voids, is cancelled and refunded; the rest are drawn and paid.
    if (verdict.kind === 'void' || quiz.status === 'not_started') {
      if (await cancelAndRefund(db, quizId)) decided += 1;
      continue;
    }
    if ((await drawQuiz(db, quizId, verdict.option)) === 'already') continue;
    await settlePayouts(db, quizId);
    decided += 1;
  }
  return decided;
}
