import 'server-only';
// How quizzes and bets are read: one quiz as every list and the room show it (pools, bettors and implied odds per
// side, the status as the spec names it), the guess list, the anchor's management list and a user's bet history.
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import type { Quiz } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import type { QuizStatus } from '@/lib/validation/quiz-constants';
import type { BetHistory, QuizList, QuizView } from '@/lib/validation/quizzes';
import { basisPoints } from './parimutuel';

type QuizRow = {
  id: string | number;
  anchor_id: string | number;
  anchor_name: string | null;
  question: string;
  option_a: string;
  option_b: string;
  min_bet: string | number;
  close_at: Date | string;
  status: Quiz['status'];
  winner: 'A' | 'B' | null;
  match_id: number | null;
  market: Quiz['market'];
  line_tenths: number | null;
  pool_a: string | number;
  pool_b: string | number;
  bettors_a: string | number;
  bettors_b: string | number;
  bettors: string | number;
};

/** Spec §4: an open quiz whose close time has passed is "to be drawn". */
function shownStatus(status: Quiz['status'], closeAt: Date, now = Date.now()): QuizStatus {
  return status === 'in_progress' && closeAt.getTime() <= now ? 'to_be_drawn' : status;
}

/** What 1.00 on a side would pay back if that side won now (0 while the side is empty), two decimals. */
function impliedOdds(sidePool: number, pool: number): number {
  if (sidePool === 0) return 0;
  const share = (pool * (basisPoints - getEnv().QUIZ_HOUSE_CUT_BPS)) / basisPoints / sidePool;
  return Math.floor(share * 100) / 100;
}

function toView(row: QuizRow): QuizView {
  const poolA = Number(row.pool_a);
  const poolB = Number(row.pool_b);
  const pool = poolA + poolB;
  return {
    guess_id: Number(row.id),
    anchor_id: Number(row.anchor_id),
    anchor_name: row.anchor_name ?? '',
    question: row.question,
    a: { text: row.option_a, pool: poolA, bettors: Number(row.bettors_a), odds: impliedOdds(poolA, pool) },
    b: { text: row.option_b, pool: poolB, bettors: Number(row.bettors_b), odds: impliedOdds(poolB, pool) },
    min_bet: Number(row.min_bet),
    close_time: new Date(row.close_at).getTime(),
    status: shownStatus(row.status, new Date(row.close_at)),
    winner: row.winner,
    pool,
    bettors: Number(row.bettors),
    match_id: row.match_id,
    market: row.market,
    line_tenths: row.line_tenths,
  };
}

/** The quizzes chosen by `where` with their pools, newest first. */
async function readQuizzes(db: Db | Tx, where: ReturnType<typeof sql>, page: { limit: number; offset: number }): Promise<QuizView[]> {
  const rows = await queryRows<QuizRow>(db, sql`
    SELECT q.id, q.anchor_id, u.nick_name AS anchor_name, q.question, q.option_a, q.option_b, q.min_bet, q.close_at, q.status, q.winner,
           q.match_id, q.market, q.line_tenths,
           coalesce(s.pool_a, 0) AS pool_a, coalesce(s.pool_b, 0) AS pool_b,
           coalesce(s.bettors_a, 0) AS bettors_a, coalesce(s.bettors_b, 0) AS bettors_b, coalesce(s.bettors, 0) AS bettors
    FROM quizzes q
    LEFT JOIN users u ON u.id = q.anchor_id
    LEFT JOIN LATERAL (
      SELECT sum(amount) FILTER (WHERE option = 'A') AS pool_a, sum(amount) FILTER (WHERE option = 'B') AS pool_b,
             count(DISTINCT user_id) FILTER (WHERE option = 'A') AS bettors_a, count(DISTINCT user_id) FILTER (WHERE option = 'B') AS bettors_b,
             count(DISTINCT user_id) AS bettors
      FROM quiz_bets WHERE quiz_id = q.id
    ) s ON true
    WHERE ${where}
    ORDER BY q.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return rows.map(toView);
}

async function countQuizzes(db: Db, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ total: string | number }>(db, sql`SELECT count(*) AS total FROM quizzes q WHERE ${where}`);
  return Number(row.total);
}

export async function readQuiz(db: Db | Tx, quizId: number): Promise<QuizView | undefined> {
  const [view] = await readQuizzes(db, sql`q.id = ${quizId}`, { limit: 1, offset: 0 });
  return view;
}

/** The quizzes a room's viewers can bet on or are waiting on: started and not yet settled, on the anchor's lives. */
export async function listRoomQuizzes(db: Db, anchorId: number): Promise<QuizView[]> {
  return readQuizzes(db, sql`q.anchor_id = ${anchorId} AND q.status = 'in_progress'`, { limit: 20, offset: 0 });
}

const pageOf = (page: number, size: number) => ({ limit: size, offset: (page - 1) * size });

/** /guessList: open quizzes across rooms, or (settled) the finished ones. */
export async function listQuizzes(db: Db, input: { anchorId: number; settled: boolean; page: number; size: number }): Promise<QuizList> {
  const statuses = input.settled ? sql`q.status IN ('prize_drawn', 'cancelled', 'cancelled_after_draw', 'closed')` : sql`q.status = 'in_progress'`;
  const where = input.anchorId ? sql`${statuses} AND q.anchor_id = ${input.anchorId}` : statuses;
  return { list: await readQuizzes(db, where, pageOf(input.page, input.size)), total: await countQuizzes(db, where) };
}

/** /user-center/guessing-management: every quiz of the anchor with its pools. */
export async function listAnchorQuizzes(db: Db, anchorId: number, page: number, size: number): Promise<QuizList> {
  const where = sql`q.anchor_id = ${anchorId}`;
  return { list: await readQuizzes(db, where, pageOf(page, size)), total: await countQuizzes(db, where) };
}

const ofBrand = (brandId: string) => sql`q.anchor_id IN (SELECT id FROM users WHERE brand_id = ${brandId})`;

/** The operator console's list: how many quizzes the brand's anchors have. */
export function countBrandQuizzes(db: Db, brandId: string): Promise<number> {
  return countQuizzes(db, ofBrand(brandId));
}

/** The operator console's list: one page of the brand's anchors' quizzes, newest first. */
export function readBrandQuizzes(db: Db, brandId: string, page: number, size: number): Promise<QuizView[]> {
  return readQuizzes(db, ofBrand(brandId), pageOf(page, size));
}

/** /user-center/betHistory: the user's bets, newest first, with result and payout. */
export async function listBets(db: Db, userId: number, page: number, size: number): Promise<BetHistory> {
  const rows = await queryRows<{
    id: string | number;
    quiz_id: string | number;
    question: string;
    option: 'A' | 'B';
    option_text: string;
    amount: string | number;
    result: BetHistory['list'][number]['result'];
    payout: string | number;
    status: Quiz['status'];
    close_at: Date | string;
    created_at: Date | string;
  }>(db, sql`
    SELECT b.id, b.quiz_id, q.question, b.option, CASE b.option WHEN 'A' THEN q.option_a ELSE q.option_b END AS option_text,
           b.amount, b.result, b.payout, q.status, q.close_at, b.created_at
    FROM quiz_bets b JOIN quizzes q ON q.id = b.quiz_id
    WHERE b.user_id = ${userId}
    ORDER BY b.id DESC
    LIMIT ${size} OFFSET ${(page - 1) * size}`);
  const [count] = await queryRows<{ total: string | number }>(db, sql`SELECT count(*) AS total FROM quiz_bets WHERE user_id = ${userId}`);
  return {
    list: rows.map((row) => ({
      bet_id: Number(row.id),
      guess_id: Number(row.quiz_id),
      question: row.question,
      option: row.option,
      option_text: row.option_text,
      amount: Number(row.amount),
      result: row.result,
      payout: Number(row.payout),
      status: shownStatus(row.status, new Date(row.close_at)),
      created_at: new Date(row.created_at).getTime(),
    })),
    total: Number(count.total),
  };
}
