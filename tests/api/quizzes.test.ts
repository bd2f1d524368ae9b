// Quizzes over HTTP (spec §3 quiz, §4 statuses and bet results, §5 limits): anchors create and start quizzes on their
// own live, viewers stake through the ledger until the close time (to the millisecond), and the draw pays the winners
// their parimutuel share in chunks that survive a crash, exactly once, with the books verified after each story.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { POST as betRoute } from '@/app/api/guess/bet/route';
import { POST as betHistoryRoute } from '@/app/api/guess/betHistory/route';
import { POST as cancelRoute } from '@/app/api/guess/cancel/route';
import { POST as createRoute } from '@/app/api/guess/create/route';
import { POST as drawRoute } from '@/app/api/guess/draw/route';
import { POST as listRoute } from '@/app/api/guess/list/route';
import { POST as manageRoute } from '@/app/api/guess/manage/route';
import { POST as startRoute } from '@/app/api/guess/start/route';
import { getDb, queryRows } from '@/lib/db';
import { getBus, userChannel } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import type { QuizMessage } from '@/lib/realtime/protocol';
import { openQuizMessages } from '@/lib/server/quizzes/announce';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import { lives, users } from '@/lib/db/schema';
import { debtAccount, quizPoolAccount, systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { postMovement } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { settle } from '@/lib/server/quizzes/parimutuel';
import { placeBet } from '@/lib/server/quizzes/bet';
import { drawQuiz, settlePayouts } from '@/lib/server/quizzes/settle';
import { createSession } from '@/lib/server/session/sessions';
import { betHistoryReply, quizBetReply, quizListReply, quizViewSchema, type BetHistory, type QuizBetReply, type QuizList, type QuizView } from '@/lib/validation/quizzes';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';
import { expectReplyShape } from '@/tests/support/reply-shape';

// Read at the first getEnv(): a cap small enough to reach in a test, the 5% default cut made explicit.
process.env.QUIZ_DAILY_STAKE_CAP = '500000';
process.env.QUIZ_HOUSE_CUT_BPS = '500';

type Person = { id: number; credential: string; role: 'user' | 'anchor' | 'operator' };

beforeAll(() => getDb(), 60_000);

async function person(role: Person['role'] = 'user', gold = 0): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `172${String(id).slice(-8)}`, nickName: `Quizzer${id % 100_000}`, role, brandId: 'sportcast' });
  if (gold > 0) await grantCurrency(db, { userId: id, currency: 'gold', amount: gold, idempotencyKey: `test:quiz:${id}`, note: 'test' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, role };
}

async function liveAnchor(): Promise<Person> {
  const anchor = await person('anchor');
  await (await getDb()).insert(lives).values({ anchorId: anchor.id, stream: `quiz-${anchor.id}`, title: 'Quiz test', categoryId: 2, childCategoryId: 201, status: 'live' });
  return anchor;
}

const inMinutes = (minutes: number) => Date.now() + minutes * 60_000;
const key = () => crypto.randomUUID();

const question = { question: 'Who wins tonight?', option_a: 'Home', option_b: 'Away', min_bet: 100 };

async function openQuiz(anchor: Person, body: Record<string, unknown> = {}): Promise<QuizView> {
  const created = await callRoute<QuizView>(createRoute, { credential: anchor.credential, body: { ...question, close_time: inMinutes(30), ...body } });
  expect(created.status).toBe(0);
  const started = await callRoute<QuizView>(startRoute, { credential: anchor.credential, body: { guess_id: created.data.guess_id } });
  expect(started.status).toBe(0);
  return started.data;
}

function bet(who: Person, quizId: number, option: 'A' | 'B', amount: number, idempotencyKey = key(), lang?: string) {
  return callRoute<QuizBetReply>(betRoute, { credential: who.credential, body: { guess_id: quizId, option, amount, idempotency_key: idempotencyKey }, headers: lang ? { lang } : {} });
}

/** Moves the close time into the past, as the clock would. */
async function closeNow(quizId: number): Promise<void> {
  await (await getDb()).execute(sql`UPDATE quizzes SET close_at = now() - interval '1 millisecond' WHERE id = ${quizId}`);
}

async function gold(userId: number): Promise<number> {
  return (await readWallet(await getDb(), userId)).gold;
}

async function expectBooksClean(quizId?: number): Promise<void> {
  const db = await getDb();
  while ((await foldPendingEntries(db)) > 0);
  const report = await verifyLedger(db);
  expect(report.details).toEqual([]);
  expect(report.mismatches).toBe(0);
  if (quizId !== undefined) expect(await readAccountBalance(db, quizPoolAccount(quizId), 'gold')).toBe(0);
}

async function betsOf(quizId: number) {
  return queryRows<{ user_id: string; option: string; amount: string; result: string; payout: string }>(
    await getDb(),
    sql`SELECT user_id, option, amount, result, payout FROM quiz_bets WHERE quiz_id = ${quizId} ORDER BY id`,
  );
}

describe('creating and starting a quiz', () => {
  it('lets the anchor create a quiz on their live and start it; it opens at once', async () => {
    const anchor = await liveAnchor();
    const created = await callRoute<QuizView>(createRoute, { credential: anchor.credential, body: { ...question, close_time: inMinutes(15) } });
    expect(created.status).toBe(0);
    expectReplyShape(quizViewSchema, created.data);
    expect(created.data).toMatchObject({ anchor_id: anchor.id, question: 'Who wins tonight?', status: 'not_started', pool: 0, a: { text: 'Home', pool: 0, bettors: 0 } });

    const started = await callRoute<QuizView>(startRoute, { credential: anchor.credential, body: { guess_id: created.data.guess_id } });
    expect(started.data.status).toBe('in_progress');
    const again = await callRoute(startRoute, { credential: anchor.credential, body: { guess_id: created.data.guess_id } });
    expect(again).toMatchObject({ status: 1, msg: 'This quiz cannot be started: it has started already, or its close time has passed.' });
  });

  it('refuses a viewer, an anchor who is not live, and another anchor starting the quiz', async () => {
    const viewer = await person('user');
    const refused = await callRoute(createRoute, { credential: viewer.credential, body: { ...question, close_time: inMinutes(15) } });
    expect(refused.status).toBe(1);
    const offline = await person('anchor');
    expect(await callRoute(createRoute, { credential: offline.credential, body: { ...question, close_time: inMinutes(15) } })).toMatchObject({ status: 1, msg: 'Start your live before creating a quiz.' });

    const anchor = await liveAnchor();
    const other = await liveAnchor();
    const created = await callRoute<QuizView>(createRoute, { credential: anchor.credential, body: { ...question, close_time: inMinutes(15) } });
    expect(await callRoute(startRoute, { credential: other.credential, body: { guess_id: created.data.guess_id } })).toMatchObject({ status: 1, msg: 'Only the quiz\'s anchor can do this.' });
  });

  it('applies spec §5 in both languages: 16 words, 8 words, 10 minutes, a minimum bet', async () => {
    const anchor = await liveAnchor();
    const long = Array.from({ length: 17 }, (_, index) => `w${index}`).join(' ');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ question: long }, 'The question may have at most 16 words.', '问题最多16个字。'],
      [{ question: '这是一个超过十六个字的竞猜问题请问谁会赢得今晚的比赛' }, 'The question may have at most 16 words.', '问题最多16个字。'],
      [{ option_a: 'one two three four five six seven eight nine' }, 'An option may have at most 8 words.', '选项最多8个字。'],
      [{ close_time: inMinutes(9) }, 'The close time must be at least 10 minutes from now.', '截止时间不能少于10分钟。'],
      [{ min_bet: 50 }, 'The minimum bet is at least 1.00.', '最低投注不能少于1.00。'],
    ];
    for (const [change, english, chinese] of cases) {
      const body = { ...question, close_time: inMinutes(15), ...change };
      expect(await callRoute(createRoute, { credential: anchor.credential, body })).toMatchObject({ status: 1, msg: english });
      expect(await callRoute(createRoute, { credential: anchor.credential, body, headers: { lang: 'zh_cn' } })).toMatchObject({ status: 1, msg: chinese });
    }
    const [{ count }] = await queryRows<{ count: string }>(await getDb(), sql`SELECT count(*) AS count FROM quizzes WHERE anchor_id = ${anchor.id}`);
    expect(Number(count)).toBe(0);
  });
});

describe('betting', () => {
  it('debits the stake into the pool and shows it in the pools, odds and bet history', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const viewer = await person('user', 10_000);
    const placed = await bet(viewer, quiz.guess_id, 'A', 2_500);
    expect(placed.status).toBe(0);
    expectReplyShape(quizBetReply, placed.data);
    expect(placed.data.bal.gold).toBe(7_500);

    const listed = await callRoute<QuizList>(listRoute, { body: { anchor_id: anchor.id } });
    expectReplyShape(quizListReply, listed.data);
    expect(listed.data.list[0]).toMatchObject({ guess_id: quiz.guess_id, pool: 2_500, bettors: 1, a: { pool: 2_500, bettors: 1, odds: 0.95 }, b: { pool: 0, odds: 0 } });

    const history = await callRoute<BetHistory>(betHistoryRoute, { credential: viewer.credential, body: {} });
    expectReplyShape(betHistoryReply, history.data);
    expect(history.data.list).toEqual([expect.objectContaining({ guess_id: quiz.guess_id, option: 'A', option_text: 'Home', amount: 2_500, result: 'to_be_calculated', payout: 0, status: 'in_progress' })]);
    const managed = await callRoute<QuizList>(manageRoute, { credential: anchor.credential, body: {} });
    expect(managed.data.list.map((item) => item.guess_id)).toEqual([quiz.guess_id]);
  });

  it('replays the same key without paying twice, and refuses below the minimum, the anchor and an empty wallet', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor, { min_bet: 500 });
    const viewer = await person('user', 1_000);
    const same = key();
    const first = await bet(viewer, quiz.guess_id, 'B', 600, same);
    const second = await bet(viewer, quiz.guess_id, 'B', 600, same);
    expect(second.data).toEqual(first.data);
    expect(await gold(viewer.id)).toBe(400);
    expect(await bet(viewer, quiz.guess_id, 'B', 400)).toMatchObject({ status: 1, msg: 'The minimum bet is 5.00.' });
    expect(await bet(viewer, quiz.guess_id, 'B', 600)).toMatchObject({ status: 1, msg: 'Not enough diamonds for this bet.' });
    expect(await bet(viewer, quiz.guess_id, 'B', 600, key(), 'zh_cn')).toMatchObject({ status: 1, msg: '钻石不足，无法投注。' });
    expect(await bet(anchor, quiz.guess_id, 'A', 600)).toMatchObject({ status: 1, msg: 'You cannot bet on your own quiz.' });
    expect((await betsOf(quiz.guess_id)).length).toBe(1);
    await expectBooksClean();
  });

  it('refuses a bet that arrives after the close time, even by a millisecond, and moves nothing', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const viewer = await person('user', 5_000);
    await closeNow(quiz.guess_id);
    expect(await bet(viewer, quiz.guess_id, 'A', 1_000)).toMatchObject({ status: 1, msg: 'Betting on this quiz has closed.' });
    expect(await gold(viewer.id)).toBe(5_000);
    const listed = await callRoute<QuizList>(manageRoute, { credential: anchor.credential, body: {} });
    expect(listed.data.list[0].status).toBe('to_be_drawn');
    await expectBooksClean();
  });

  it('holds a user to the daily stake cap', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const viewer = await person('user', 900_000);
    expect((await bet(viewer, quiz.guess_id, 'A', 300_000)).status).toBe(0);
    expect(await bet(viewer, quiz.guess_id, 'A', 200_001)).toMatchObject({ status: 1, msg: "You have reached today's betting limit of 5000.00." });
    expect((await bet(viewer, quiz.guess_id, 'A', 200_000)).status).toBe(0);
    expect(await gold(viewer.id)).toBe(400_000);
  });

  it('takes 64 parallel bets into one quiz: never below zero, every accepted stake in the pool, the books clean', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const bettors = await Promise.all(Array.from({ length: 8 }, () => person('user', 2_000)));
    // Each bettor fires 8 stakes of 5.00 against a balance of 20.00: exactly 4 of each may pass.
    const replies = await Promise.all(bettors.flatMap((who, index) => Array.from({ length: 8 }, () => bet(who, quiz.guess_id, index % 2 ? 'A' : 'B', 500))));
    expect(replies.filter((reply) => reply.status === 0)).toHaveLength(32);
    expect(replies.filter((reply) => reply.status !== 0).every((reply) => reply.msg === 'Not enough diamonds for this bet.')).toBe(true);
    for (const who of bettors) expect(await gold(who.id)).toBe(0);
    const bets = await betsOf(quiz.guess_id);
    expect(bets.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(16_000);
    await expectBooksClean();
    expect(await readAccountBalance(await getDb(), quizPoolAccount(quiz.guess_id), 'gold')).toBe(16_000);
  });
});

describe('settlement', () => {
  async function bettingStory(stakes: { a: number[]; b: number[] }) {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const a = await Promise.all(stakes.a.map((amount) => person('user', amount)));
    const b = await Promise.all(stakes.b.map((amount) => person('user', amount)));
    for (const [index, who] of a.entries()) expect((await bet(who, quiz.guess_id, 'A', stakes.a[index])).status).toBe(0);
    for (const [index, who] of b.entries()) expect((await bet(who, quiz.guess_id, 'B', stakes.b[index])).status).toBe(0);
    await closeNow(quiz.guess_id);
    return { anchor, quiz, a, b };
  }

  it('pays winners their parimutuel share; cut and remainder go to named accounts; drawing twice pays once', async () => {
    const db = await getDb();
    const houseBefore = await readAccountBalance(db, systemAccounts.house, 'gold');
    const roundingBefore = await readAccountBalance(db, systemAccounts.quizRounding, 'gold');
    const { anchor, quiz, a, b } = await bettingStory({ a: [100, 300], b: [600] });
    expect(await callRoute(drawRoute, { credential: b[0].credential, body: { guess_id: quiz.guess_id, winner: 'A' } })).toMatchObject({ status: 1 });

    const drawn = await callRoute<QuizView>(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } });
    expect(drawn.data).toMatchObject({ status: 'prize_drawn', winner: 'A', pool: 1_000 });
    const expected = settle(1_000, [100, 300], 500);
    expect(await gold(a[0].id)).toBe(expected.payouts[0]);
    expect(await gold(a[1].id)).toBe(expected.payouts[1]);
    expect(await gold(b[0].id)).toBe(0);
    expect((await betsOf(quiz.guess_id)).map((row) => [row.result, Number(row.payout)])).toEqual([
      ['won', expected.payouts[0]],
      ['won', expected.payouts[1]],
      ['did_not_win', 0],
    ]);

    const again = await callRoute<QuizView>(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } });
    expect(again.status).toBe(0);
    expect(await drawQuiz(db, quiz.guess_id, 'A')).toBe('already');
    expect(await settlePayouts(db, quiz.guess_id)).toBe(0);
    expect(await gold(a[1].id)).toBe(expected.payouts[1]);
    expect(await callRoute(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'B' } })).toMatchObject({
      status: 1,
      msg: 'This quiz has already been drawn with the other option.',
    });

    await expectBooksClean(quiz.guess_id);
    expect((await readAccountBalance(db, systemAccounts.house, 'gold')) - houseBefore).toBeGreaterThanOrEqual(expected.houseCut);
    expect((await readAccountBalance(db, systemAccounts.quizRounding, 'gold')) - roundingBefore).toBeGreaterThanOrEqual(expected.remainder);
    const history = await callRoute<BetHistory>(betHistoryRoute, { credential: b[0].credential, body: {} });
    expect(history.data.list[0]).toMatchObject({ result: 'did_not_win', status: 'prize_drawn' });
  });

  it('refuses to draw before the close time and refunds a one-sided pool (closed)', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    expect(await callRoute(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } })).toMatchObject({
      status: 1,
      msg: 'Betting is still open: draw the quiz after its close time.',
    });
    const one = await person('user', 700);
    const two = await person('user', 300);
    await bet(one, quiz.guess_id, 'B', 700);
    await bet(two, quiz.guess_id, 'B', 300);
    await closeNow(quiz.guess_id);
    const drawn = await callRoute<QuizView>(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } });
    expect(drawn.data.status).toBe('closed');
    expect(await gold(one.id)).toBe(700);
    expect(await gold(two.id)).toBe(300);
    expect((await betsOf(quiz.guess_id)).map((row) => row.result)).toEqual(['refunded', 'refunded']);
    await expectBooksClean(quiz.guess_id);
  });

  it('resumes after a crash between chunks and pays each winner once', async () => {
    const db = await getDb();
    const winners = Array.from({ length: 7 }, (_, index) => 100 * (index + 1));
    const { quiz, a } = await bettingStory({ a: winners, b: [1_000, 2_000] });
    expect(await drawQuiz(db, quiz.guess_id, 'A')).toBe('drawn');
    const crash = new Error('process killed');
    await expect(
      settlePayouts(db, quiz.guess_id, {
        chunkSize: 3,
        onChunk: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect((await betsOf(quiz.guess_id)).filter((row) => row.result === 'won')).toHaveLength(3);

    // Two resumes at once (two processes after a restart): still once.
    await Promise.all([settlePayouts(db, quiz.guess_id, { chunkSize: 3 }), settlePayouts(db, quiz.guess_id, { chunkSize: 2 })].map((run) => run.catch(() => 0)));
    await settlePayouts(db, quiz.guess_id, { chunkSize: 3 });
    const expected = settle(2_800 + 3_000, winners, 500);
    for (const [index, who] of a.entries()) expect(await gold(who.id)).toBe(expected.payouts[index]);
    const [{ count }] = await queryRows<{ count: string }>(db, sql`SELECT count(*) AS count FROM ledger_transactions WHERE kind = 'quiz.payout' AND meta->>'quizId' = ${String(quiz.guess_id)}`);
    expect(Number(count)).toBeGreaterThanOrEqual(3);
    await expectBooksClean(quiz.guess_id);
  });
});

describe('settlement through the database, as a property', () => {
  it('pays every winner the model\'s share, empties the pool and keeps the books, for any stakes and chunk size', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ side: fc.constantFrom<'A' | 'B'>('A', 'B'), amount: fc.integer({ min: 100, max: 50_000 }) }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (stakes, chunkSize) => {
          const quiz = await openQuiz(anchor);
          const bettors = await Promise.all(stakes.map((stake) => person('user', stake.amount)));
          for (const [index, stake] of stakes.entries()) {
            await placeBet(db, { userId: bettors[index].id, quizId: quiz.guess_id, option: stake.side, amount: stake.amount, idempotencyKey: key() });
          }
          await closeNow(quiz.guess_id);
          await drawQuiz(db, quiz.guess_id, 'A');
          await settlePayouts(db, quiz.guess_id, { chunkSize });
          const pool = stakes.reduce((sum, stake) => sum + stake.amount, 0);
          const winning = stakes.filter((stake) => stake.side === 'A').map((stake) => stake.amount);
          const oneSided = winning.length === 0 || winning.length === stakes.length;
          const model = settle(pool, winning, 500);
          let winner = 0;
          for (const [index, stake] of stakes.entries()) {
            const expected = oneSided ? stake.amount : stake.side === 'A' ? model.payouts[winner++] : 0;
            expect(await gold(bettors[index].id)).toBe(expected);
          }
          await expectBooksClean(quiz.guess_id);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});

// A child process cannot open the in-memory PGlite a test file runs on; there the in-process crash above stands in.
if (process.env.TEST_DATABASE_URL) {
  describe('a settlement process killed between chunks', () => {
    it('is resumed by another process and pays each winner once', async () => {
      const db = await getDb();
      const anchor = await liveAnchor();
      const quiz = await openQuiz(anchor);
      const winners = await Promise.all(Array.from({ length: 6 }, () => person('user', 500)));
      const loser = await person('user', 3_000);
      for (const who of winners) await bet(who, quiz.guess_id, 'A', 500);
      await bet(loser, quiz.guess_id, 'B', 3_000);
      await closeNow(quiz.guess_id);
      await drawQuiz(db, quiz.guess_id, 'A');

      const child = spawn(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'tests/support/quiz-settle-child.ts', String(quiz.guess_id)], {
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('paid 2')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', () => reject(new Error(`the settling process ended early: ${output}`)));
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      expect((await betsOf(quiz.guess_id)).filter((row) => row.result === 'won')).toHaveLength(2);

      await settlePayouts(db, quiz.guess_id);
      const share = settle(6_000, Array.from({ length: 6 }, () => 500), 500).payouts[0];
      for (const who of winners) expect(await gold(who.id)).toBe(share);
      await expectBooksClean(quiz.guess_id);
    }, 60_000);
  });
}

describe('cancelling', () => {
  it('lets the anchor cancel only before the start; only an operator cancels a started quiz, refunding every stake', async () => {
    const anchor = await liveAnchor();
    const draft = await callRoute<QuizView>(createRoute, { credential: anchor.credential, body: { ...question, close_time: inMinutes(20) } });
    expect((await callRoute<QuizView>(cancelRoute, { credential: anchor.credential, body: { guess_id: draft.data.guess_id } })).data.status).toBe('cancelled');

    const quiz = await openQuiz(anchor);
    const viewer = await person('user', 1_000);
    await bet(viewer, quiz.guess_id, 'A', 400);
    expect(await callRoute(cancelRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id } })).toMatchObject({
      status: 1,
      msg: 'A started quiz cannot be edited or cancelled. Contact an administrator.',
    });
    expect(await callRoute(cancelRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id }, headers: { lang: 'zh_cn' } })).toMatchObject({ msg: '竞猜开始后不能取消或编辑，请联系管理员。' });
    expect((await callRoute(cancelRoute, { credential: viewer.credential, body: { guess_id: quiz.guess_id } })).status).toBe(1);

    const operator = await person('operator');
    const cancelled = await callRoute<QuizView>(cancelRoute, { credential: operator.credential, body: { guess_id: quiz.guess_id } });
    expect(cancelled.data.status).toBe('cancelled');
    expect(await gold(viewer.id)).toBe(1_000);
    const [refunded] = await betsOf(quiz.guess_id);
    expect([refunded.result, Number(refunded.payout)]).toEqual(['refunded', 400]);
    await expectBooksClean(quiz.guess_id);
  });

  it('cancels after the draw: bonuses withdrawn, stakes refunded, what a winner already spent recorded as debt', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const winner = await person('user', 1_000);
    const loser = await person('user', 3_000);
    await bet(winner, quiz.guess_id, 'A', 1_000);
    await bet(loser, quiz.guess_id, 'B', 3_000);
    await closeNow(quiz.guess_id);
    await callRoute(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } });
    const payout = settle(4_000, [1_000], 500).payouts[0];
    expect(await gold(winner.id)).toBe(payout);
    // The winner spends all but 5.00 of the winnings.
    await postMovement(db, { idempotencyKey: `test:spend:${winner.id}`, kind: 'test.spend', body: {}, legs: [
      { account: userAccount(winner.id), asset: 'gold', amount: -(payout - 500) },
      { account: systemAccounts.house, asset: 'gold', amount: payout - 500 },
    ] }, async () => null);

    const operator = await person('operator');
    const reversed = await callRoute<QuizView>(cancelRoute, { credential: operator.credential, body: { guess_id: quiz.guess_id } });
    expect(reversed.data.status).toBe('cancelled_after_draw');
    // Net for the winner: stake 10.00 back, bonus of `payout` withdrawn; the wallet gives its 5.00, the rest is owed.
    expect(await gold(winner.id)).toBe(0);
    expect(await readAccountBalance(db, debtAccount(winner.id), 'gold')).toBe(-(payout - 1_000 - 500));
    expect(await gold(loser.id)).toBe(3_000);
    expect((await betsOf(quiz.guess_id)).map((row) => row.result)).toEqual(['bonus_withdrawn', 'refunded']);
    await expectBooksClean(quiz.guess_id);
  });
});

/** Waits (up to 3 s) for what the bus delivers after the reply: the room's coalesced quiz message, a user's notices. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 3_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not delivered within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('realtime', () => {
  it("tells the room the pools as bets land (coalesced), gives a late joiner the open quizzes, and each bettor their result", async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const winner = await person('user', 2_000);
    const loser = await person('user', 2_000);
    const heard: Record<number, unknown[]> = { [winner.id]: [], [loser.id]: [] };
    const stops = await Promise.all([winner, loser].map((who) => getBus().subscribe(userChannel(who.id), (frame) => heard[who.id].push(JSON.parse(frame)))));
    await Promise.all([bet(winner, quiz.guess_id, 'A', 1_000), bet(loser, quiz.guess_id, 'B', 1_000)]);

    const latestQuiz = async () =>
      (await getBus().readBefore(liveRoomKey(anchor.id), undefined, 20)).map((entry) => parseLogged(entry.frame)).filter((message): message is QuizMessage => message.type === 'quiz').at(-1);
    await eventually(async () => (await latestQuiz())?.guess.pool === 2_000);
    const message = await latestQuiz();
    expect(message).toMatchObject({ guess_id: quiz.guess_id, message: 'Who wins tonight?', guess: { a: { pool: 1_000, bettors: 1, odds: 1.9 }, b: { pool: 1_000, bettors: 1 } } });
    expect((await openQuizMessages(db, anchor.id)).map((item) => item.guess_id)).toEqual([quiz.guess_id]);

    await closeNow(quiz.guess_id);
    await callRoute(drawRoute, { credential: anchor.credential, body: { guess_id: quiz.guess_id, winner: 'A' } });
    await eventually(async () => heard[loser.id].length > 0);
    const settledOf = (id: number) => heard[id].find((frame) => (frame as { type: string }).type === 'guessSettled');
    expect(settledOf(winner.id)).toMatchObject({ guess_id: quiz.guess_id, result: 'won', stake: 1_000, payout: 1_900 });
    expect(settledOf(loser.id)).toMatchObject({ guess_id: quiz.guess_id, result: 'did_not_win', stake: 1_000, payout: 0 });
    expect(heard[winner.id]).toContainEqual(expect.objectContaining({ type: 'balance', bal: expect.objectContaining({ gold: 2_900 }) }));
    expect(await openQuizMessages(db, anchor.id)).toEqual([]);
    await Promise.all(stops.map((stop) => stop()));
  });
});

describe('operator commands', () => {

  it('close betting now, draw (paying the winner) and refuse what cannot be done, in plain words', async () => {
    const anchor = await liveAnchor();
    const quiz = await openQuiz(anchor);
    const winner = await person('user', 1_000);
    const loser = await person('user', 1_000);
    await bet(winner, quiz.guess_id, 'A', 1_000);
    await bet(loser, quiz.guess_id, 'B', 1_000);
    expect(await runOpsCommand('quiz:draw', String(quiz.guess_id), 'A')).toMatchObject({ code: 1, err: expect.stringContaining('Betting is still open') });
    expect(await runOpsCommand('quiz:close', String(quiz.guess_id))).toMatchObject({ code: 0, out: expect.stringContaining('to_be_drawn') });
    const late = await person('user', 1_000);
    expect(await bet(late, quiz.guess_id, 'A', 1_000)).toMatchObject({ status: 1, msg: 'Betting on this quiz has closed.' });
    expect(await runOpsCommand('quiz:draw', String(quiz.guess_id), 'C')).toMatchObject({ code: 1, err: expect.stringContaining('The winner is A or B') });
    expect(await runOpsCommand('quiz:draw', String(quiz.guess_id), 'A')).toMatchObject({ code: 0, out: expect.stringContaining('prize_drawn, winner A') });
    expect(await gold(winner.id)).toBe(1_900);
    expect(await runOpsCommand('quiz:cancel', String(quiz.guess_id))).toMatchObject({ code: 0, out: expect.stringContaining('cancelled_after_draw') });
    expect(await gold(winner.id)).toBe(1_000);
    expect(await gold(loser.id)).toBe(1_000);
    await expectBooksClean(quiz.guess_id);
  });
});
