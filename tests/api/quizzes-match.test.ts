// Quizzes that settle themselves from the match feed: the real 2022 World Cup final (openfootball data) replayed on an
// injected clock. Quizzes linked to it close at kick-off, "who scores first" settles at Messi's 23rd-minute penalty,
// "over 2.5 goals" once the third goal goes in, and "result at full time" is void at 2–2 (refunded), with no human.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { POST as betRoute } from '@/app/api/guess/bet/route';
import { POST as createRoute } from '@/app/api/guess/create/route';
import { POST as matchesRoute } from '@/app/api/guess/matches/route';
import { POST as startRoute } from '@/app/api/guess/start/route';
import { getDb, queryRows } from '@/lib/db';
import { lives, matchReplayScripts, matches, users } from '@/lib/db/schema';
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { quizPoolAccount } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { busPublisher } from '@/lib/server/matches/feed';
import { createMatchReplayer } from '@/lib/server/matches/feed/replayer';
import { matchScriptSchema } from '@/lib/server/matches/timeline';
import { settle } from '@/lib/server/quizzes/parimutuel';
import { settleFromMatches, verdictOf } from '@/lib/server/quizzes/match-link';
import { createSession } from '@/lib/server/session/sessions';
import { quizMatchesReply, type QuizMatches, type QuizView } from '@/lib/validation/quizzes';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

const finalId = 1064;

beforeAll(() => getDb(), 60_000);

type Person = { id: number; credential: string };

async function person(role: 'user' | 'anchor', gold = 0): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `173${String(id).slice(-8)}`, nickName: `Fan${id % 100_000}`, role, brandId: 'sportcast' });
  if (gold > 0) await grantCurrency(db, { userId: id, currency: 'gold', amount: gold, idempotencyKey: `test:quiz-match:${id}`, note: 'test' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential };
}

const gold = async (who: Person) => (await readWallet(await getDb(), who.id)).gold;
const bet = (who: Person, quizId: number, option: 'A' | 'B', amount: number) =>
  callRoute(betRoute, { credential: who.credential, body: { guess_id: quizId, option, amount, idempotency_key: crypto.randomUUID() } });

describe('a quiz linked to the replayed 2022 final', () => {
  it('closes at kick-off and settles each market from the real result', async () => {
    const db = await getDb();
    const [row] = await db.select().from(matchReplayScripts).where(eq(matchReplayScripts.matchId, finalId));
    const script = matchScriptSchema.parse(row.script);
    let kickoff = new Date(Date.now() + 30 * 60_000);
    await db.update(matches).set({ kickoffAt: kickoff }).where(eq(matches.id, finalId));
    const replayerOf = () => createMatchReplayer(db, busPublisher(createMemoryBus()), { matchIds: [finalId], speed: 1 });
    expect((await replayerOf().tick(new Date())).errors).toEqual([]);

    const anchor = await person('anchor');
    await db.insert(lives).values({ anchorId: anchor.id, stream: `quiz-match-${anchor.id}`, title: 'Final', categoryId: 1, childCategoryId: 101, matchId: finalId, status: 'live' });
    const base = { min_bet: 100, match_id: finalId };
    const create = async (body: Record<string, unknown>) => {
      const created = await callRoute<QuizView>(createRoute, { credential: anchor.credential, body: { ...base, ...body } });
      expect(created.status).toBe(0);
      expect(created.data.close_time).toBe(kickoff.getTime());
      expect((await callRoute(startRoute, { credential: anchor.credential, body: { guess_id: created.data.guess_id } })).status).toBe(0);
      return created.data.guess_id;
    };
    const firstScorer = await create({ question: 'Who scores first?', option_a: 'Argentina', option_b: 'France', market: 'first_scorer' });
    const fullTime = await create({ question: 'Who wins in 90 minutes?', option_a: 'Argentina', option_b: 'France', market: 'full_time' });
    const goals = await create({ question: 'Over 2.5 goals?', option_a: 'Over', option_b: 'Under', market: 'over_under', line_tenths: 25 });

    const argentina = await person('user', 10_000);
    const france = await person('user', 10_000);
    for (const quizId of [firstScorer, fullTime, goals]) {
      expect((await bet(argentina, quizId, 'A', 1_000)).status).toBe(0);
      expect((await bet(france, quizId, 'B', 3_000)).status).toBe(0);
    }
    expect(await gold(argentina)).toBe(7_000);
    expect(await gold(france)).toBe(1_000);

    // Kick-off is brought forward to now: the sweep closes the quizzes at it, and a late bet is refused.
    kickoff = new Date(Date.now() - 1_000);
    await db.update(matches).set({ kickoffAt: kickoff }).where(eq(matches.id, finalId));
    const replayer = replayerOf();
    const at = (minute: number) => new Date(kickoff.getTime() + minute * 60_000);
    expect(await settleFromMatches(db, at(0))).toBe(0);
    expect(await bet(argentina, firstScorer, 'A', 1_000)).toMatchObject({ status: 1, msg: 'Betting on this quiz has closed.' });

    // 23': Messi's penalty decides "who scores first" at once.
    await replayer.tick(at(30));
    expect(await settleFromMatches(db, at(30))).toBe(1);
    const payout = settle(4_000, [1_000], 500).payouts[0];
    expect(await gold(argentina)).toBe(7_000 + payout);

    // 80': Mbappé makes it 2–1, the third goal: "over" wins before full time.
    await replayer.tick(at(script.periods[1].endsAt - 5));
    expect(await settleFromMatches(db, at(85))).toBe(1);
    expect(await gold(argentina)).toBe(7_000 + 2 * payout);

    // Full time (after extra time and penalties): 2–2 after 90 minutes, a draw, so the result quiz is void.
    const end = new Date(kickoff.getTime() + (script.periods.at(-1)?.endsAt ?? 200) * 60_000 + 60 * 60_000);
    await replayer.tick(end);
    expect((await db.select({ status: matches.status }).from(matches).where(eq(matches.id, finalId)))[0].status).toBe('finished');
    expect(await settleFromMatches(db, end)).toBe(1);
    expect(await gold(argentina)).toBe(8_000 + 2 * payout);
    expect(await gold(france)).toBe(4_000);

    const statuses = await queryRows<{ id: string; status: string; winner: string | null }>(db, sql`SELECT id, status, winner FROM quizzes WHERE anchor_id = ${anchor.id} ORDER BY id`);
    expect(statuses.map((quiz) => [quiz.status, quiz.winner])).toEqual([
      ['prize_drawn', 'A'],
      ['cancelled', null],
      ['prize_drawn', 'A'],
    ]);
    expect(await settleFromMatches(db, end)).toBe(0);
    while ((await foldPendingEntries(db)) > 0);
    expect((await verifyLedger(db)).mismatches).toBe(0);
    for (const quizId of [firstScorer, fullTime, goals]) expect(await readAccountBalance(db, quizPoolAccount(quizId), 'gold')).toBe(0);
  });

  it("offers the live's own match first, then the next kick-offs with both teams known, and only to an anchor", async () => {
    const db = await getDb();
    const netherlandsQatar = 1033;
    const kickoff = new Date(Date.now() + 47 * 60 * 60_000);
    await db.update(matches).set({ kickoffAt: kickoff, status: 'upcoming' }).where(eq(matches.id, netherlandsQatar));
    // The final's sides are still "winner of match 61/62" here: a quiz cannot name them, so it is not offered.
    await db.update(matches).set({ kickoffAt: new Date(Date.now() + 60 * 60_000), status: 'upcoming' }).where(eq(matches.id, finalId));
    const anchor = await person('anchor');
    await db.insert(lives).values({ anchorId: anchor.id, stream: `quiz-pick-${anchor.id}`, title: 'Group A', categoryId: 1, childCategoryId: 101, matchId: netherlandsQatar, status: 'live' });
    const reply = await callRoute<QuizMatches>(matchesRoute, { credential: anchor.credential, body: {} });
    expect(reply.status).toBe(0);
    expectReplyShape(quizMatchesReply, reply.data);
    expect(reply.data.live_match_id).toBe(netherlandsQatar);
    expect(reply.data.list[0]).toMatchObject({ match_id: netherlandsQatar, home: 'Netherlands', away: 'Qatar', kickoff_time: kickoff.getTime() });
    expect(reply.data.list.map((match) => match.match_id)).not.toContain(finalId);
    const times = reply.data.list.slice(1).map((match) => match.kickoff_time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((time) => time > Date.now())).toBe(true);
    expect((await callRoute(matchesRoute, { credential: (await person('user')).credential, body: {} })).status).not.toBe(0);
  });

  it('voids a postponed match (not kicked off 3 hours after its time) and an abandoned one', () => {
    const kickoffAt = new Date('2030-01-01T12:00:00Z');
    const later = (hours: number) => new Date(kickoffAt.getTime() + hours * 3_600_000);
    const match = { status: 'upcoming' as const, home: null, away: null, firstSide: null, kickoffAt };
    expect(verdictOf('full_time', null, match, later(2))).toEqual({ kind: 'pending' });
    expect(verdictOf('full_time', null, match, later(4))).toEqual({ kind: 'void' });
    expect(verdictOf('first_scorer', null, { ...match, status: 'live', home: 0, away: 0 }, later(6))).toEqual({ kind: 'void' });
    expect(verdictOf('over_under', 25, { ...match, status: 'finished', home: 1, away: 1 }, later(2))).toEqual({ kind: 'winner', option: 'B' });
    expect(verdictOf('first_scorer', null, { ...match, status: 'finished', home: 0, away: 0 }, later(2))).toEqual({ kind: 'void' });
  });
});
