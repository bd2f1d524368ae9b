// The games hub (docs/games.md): plays take the stake and pay the win through the ledger, the same key plays once,
// the daily loss cap and the balance hold with 20 plays at once, the board keeps each token's square, bad input is
// answered in the user's language, the hub is closed with lottery_switch off, and the operator commands.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { POST as boardRollRoute } from '@/app/api/games/boardRoll/route';
import { POST as diceGuessRoute } from '@/app/api/games/diceGuess/route';
import { POST as historyRoute } from '@/app/api/games/history/route';
import { POST as stateRoute } from '@/app/api/games/state/route';
import { getDb } from '@/lib/db';
import { gameDays, gamePlays, users } from '@/lib/db/schema';
import { siteToday } from '@/lib/server/checkin/site-day';
import { defaultDailyLossCap, setDailyLossCap } from '@/lib/server/games/catalogue';
import { playDiceGuess, rollBoard } from '@/lib/server/games/plays';
import { systemAccounts } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency, grantItems } from '@/lib/server/ledger/grants';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { lotteryChanceAsset } from '@/lib/server/lottery/lottery';
import type { RandomBelow } from '@/lib/server/lottery/picker';
import { createSession } from '@/lib/server/session/sessions';
import { gameHistoryReply, gamePlayReply, gamesStateReply, type DiceGuessInput, type GameHistory, type GamePlayReply, type GamesState } from '@/lib/validation/games';
import { itemAsset } from '@/lib/server/ledger/accounts';
import { ticketItemType } from '@/lib/validation/live-constants';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';
import { expectReplyShape } from '@/tests/support/reply-shape';

type Person = { id: number; credential: string; mobile: string };

const brand = 'sportcast';

beforeAll(() => getDb(), 60_000);

async function person(gold = 0, chances = 0): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  const mobile = `176${String(id).slice(-8)}`;
  await db.insert(users).values({ id, mobile, nickName: `Player${id % 100_000}`, brandId: brand });
  if (gold > 0) await grantCurrency(db, { userId: id, currency: 'gold', amount: gold, idempotencyKey: `test:games:gold:${id}`, note: 'test' });
  if (chances > 0) await grantItems(db, { userId: id, asset: lotteryChanceAsset, count: chances, idempotencyKey: `test:games:chance:${id}`, note: 'test' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, mobile };
}

/** Faces in turn: `dice(4, 5, 6)` rolls 4, 5, 6 (then again from the start). */
function dice(...faces: number[]): RandomBelow {
  let next = 0;
  return () => faces[next++ % faces.length] - 1;
}
const losingBig = dice(1, 2, 3);
const winningBig = dice(4, 5, 6);

const key = () => crypto.randomUUID();
const guess = (stake: number, input: Partial<DiceGuessInput> = {}): DiceGuessInput => ({ game: 'big-small', bet: 'big', stake, idempotency_key: key(), ...input });

const diceRoute = (who: Person, body: Record<string, unknown>, lang?: string) =>
  callRoute<GamePlayReply>(diceGuessRoute, { credential: who.credential, body: { game: 'big-small', bet: 'big', stake: 100, idempotency_key: key(), ...body }, headers: lang ? { lang } : {} });

async function dayLoss(userId: number): Promise<number | undefined> {
  const [row] = await (await getDb()).select().from(gameDays).where(and(eq(gameDays.userId, userId), eq(gameDays.day, siteToday())));
  return row?.netLoss;
}

async function expectBooksClean() {
  const db = await getDb();
  while ((await foldPendingEntries(db)) > 0);
  expect((await verifyLedger(db)).mismatches).toBe(0);
}

describe('the dice guess', () => {
  it('answers the state: the default cap, nothing lost, the wallet and the board square', async () => {
    const who = await person(5_000, 2);
    const state = await callRoute<GamesState>(stateRoute, { credential: who.credential });
    expectReplyShape(gamesStateReply, state.data);
    expect(state.data).toMatchObject({ cap: defaultDailyLossCap, lost_today: 0, left_today: defaultDailyLossCap, bal: { gold: 5_000 }, chances: 2, position: 0 });
    expect(state.data.board_return).toBeLessThanOrEqual(0.95);
  });

  it('plays through the route: the stake leaves the wallet, a win comes back, the play is in the history', async () => {
    const who = await person(10_000);
    const played = await diceRoute(who, { stake: 500 });
    expect(played.status).toBe(0);
    expectReplyShape(gamePlayReply, played.data);
    const { play, state } = played.data;
    expect(play.outcome).toMatchObject({ kind: 'dice-guess', bet: 'big' });
    expect(play.stake).toBe(500);
    expect([0, 1_000]).toContain(play.payout);
    expect(state.bal.gold).toBe(10_000 - 500 + play.payout);
    expect(state.lost_today).toBe(500 - play.payout);
    const history = await callRoute<GameHistory>(historyRoute, { credential: who.credential, body: { page: 1, game: 'big-small' } });
    expectReplyShape(gameHistoryReply, history.data);
    expect(history.data).toMatchObject({ total: 1, list: [{ play_id: play.play_id, game: 'big-small', game_name: 'Big or small' }] });
    expect((await callRoute<GameHistory>(historyRoute, { credential: who.credential, body: { page: 1, game: 'lucky-board' } })).data.total).toBe(0);
  });

  it('pays big twice the stake, loses it on three of a kind, and pays an exact total its odds', async () => {
    const db = await getDb();
    const who = await person(10_000);
    const win = await playDiceGuess(db, who.id, brand, guess(1_000), 'en-US', winningBig);
    expect(win.play).toMatchObject({ payout: 2_000, outcome: { dice: [4, 5, 6] } });
    const triple = await playDiceGuess(db, who.id, brand, guess(1_000), 'en-US', dice(5, 5, 5));
    expect(triple.play.payout).toBe(0);
    const total = await playDiceGuess(db, who.id, brand, guess(100, { bet: 'total', total: 4 }), 'en-US', dice(1, 1, 2));
    expect(total.play.payout).toBe(6_840);
    expect(total.state.bal.gold).toBe(10_000 + 1_000 - 1_000 - 100 + 6_840);
    expect(total.state.lost_today).toBe(-1_000 + 1_000 + 100 - 6_840);
    await expectBooksClean();
  });

  it('plays a key once: a retry answers with the first play; the key with another bet is refused', async () => {
    const db = await getDb();
    const who = await person(5_000);
    const input = guess(1_000);
    const first = await playDiceGuess(db, who.id, brand, input, 'en-US', losingBig);
    const again = await playDiceGuess(db, who.id, brand, input, 'en-US', winningBig);
    expect(again.play).toEqual(first.play);
    expect((await readWallet(db, who.id)).gold).toBe(4_000);
    expect(await diceRoute(who, { ...input, bet: 'small' })).toMatchObject({ status: 1, msg: 'This request key was already used for a different request.' });
    expect(await diceRoute(who, { ...input, stake: 2_000 })).toMatchObject({ status: 1 });
    expect((await readWallet(db, who.id)).gold).toBe(4_000);
  });

  it('takes 20 parallel stakes against a balance for 5: exactly 5 are played, the rest told the balance is short', async () => {
    const db = await getDb();
    const who = await person(500);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => playDiceGuess(db, who.id, brand, guess(100), 'en-US', losingBig)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results) if (result.status === 'rejected') expect(String((result.reason as Error).message)).toMatch(/games\.errors\.(noGold|inFlight)|wallet\.errors\.inFlight/);
    expect((await readWallet(db, who.id)).gold).toBe(0);
    expect(await dayLoss(who.id)).toBe(500);
    expect(await db.select().from(gamePlays).where(eq(gamePlays.userId, who.id))).toHaveLength(5);
    await expectBooksClean();
  });

  it('holds the daily loss cap with 20 parallel stakes, and a win makes room again', async () => {
    const db = await getDb();
    await setDailyLossCap(db, brand, 1_000);
    try {
      const who = await person(100_000);
      const results = await Promise.allSettled(Array.from({ length: 20 }, () => playDiceGuess(db, who.id, brand, guess(100), 'en-US', losingBig)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
      expect(await dayLoss(who.id)).toBe(1_000);
      expect((await readWallet(db, who.id)).gold).toBe(99_000);
      const refused = await diceRoute(who, { stake: 100 });
      expect(refused).toMatchObject({ status: 1, msg: 'That stake would pass your daily limit of 10 diamonds lost in the games. Come back tomorrow.' });
      expect(await diceRoute(who, { stake: 100 }, 'zh_cn')).toMatchObject({ status: 1, msg: '该投注将超过您每日在游戏中最多输 10 钻石的限额，请明天再来。' });
      await setDailyLossCap(db, brand, 1_200);
      const win = await playDiceGuess(db, who.id, brand, guess(200), 'en-US', winningBig);
      expect(win.state).toMatchObject({ cap: 1_200, lost_today: 800, left_today: 400 });
    } finally {
      await setDailyLossCap(db, brand, defaultDailyLossCap);
    }
    await expectBooksClean();
  });

  it('keeps the books with any sequence of plays: wallet + bank constant, the day’s loss = stakes − wins, never below zero', async () => {
    const db = await getDb();
    const face = fc.integer({ min: 1, max: 6 });
    const play = fc.record({ stake: fc.integer({ min: 100, max: 3_000 }), bet: fc.constantFrom('big' as const, 'small' as const, 'total' as const), total: fc.integer({ min: 4, max: 17 }), faces: fc.tuple(face, face, face) });
    await fc.assert(
      fc.asyncProperty(fc.array(play, { minLength: 1, maxLength: 8 }), async (plays) => {
        const who = await person(10_000);
        const bankBefore = await readAccountBalance(db, systemAccounts.games, 'gold');
        let staked = 0;
        let won = 0;
        for (const next of plays) {
          const input = guess(next.stake, next.bet === 'total' ? { bet: 'total', total: next.total } : { bet: next.bet });
          const reply = await playDiceGuess(db, who.id, brand, input, 'en-US', dice(...next.faces)).catch(() => undefined);
          if (!reply) continue;
          staked += next.stake;
          won += reply.play.payout;
        }
        while ((await foldPendingEntries(db)) > 0);
        const wallet = (await readWallet(db, who.id)).gold;
        const bank = await readAccountBalance(db, systemAccounts.games, 'gold');
        expect(wallet).toBeGreaterThanOrEqual(0);
        expect(wallet).toBe(10_000 - staked + won);
        expect(bank - bankBefore).toBe(staked - won);
        expect((await dayLoss(who.id)) ?? 0).toBe(staked - won);
      }),
      { numRuns: 12 },
    );
    await expectBooksClean();
  });

  it('refuses bad input and a short balance in the user’s language, changing nothing', async () => {
    const who = await person(150);
    expect(await diceRoute(who, { stake: 200 })).toMatchObject({ status: 1, msg: 'Your diamond balance is too low for that stake.' });
    expect(await diceRoute(who, { stake: 200 }, 'zh_cn')).toMatchObject({ status: 1, msg: '钻石余额不足以支付该投注。' });
    expect(await dayLoss(who.id)).toBeUndefined();
    expect(await diceRoute(who, { stake: 50 })).toMatchObject({ status: 1, msg: 'This table takes stakes from 1 to 200 diamonds.' });
    expect(await diceRoute(who, { bet: 'total' })).toMatchObject({ status: 1, msg: 'Choose a total from 4 to 17 (only when betting on a total).' });
    expect(await diceRoute(who, { bet: 'big', total: 5 })).toMatchObject({ status: 1, msg: 'Choose a total from 4 to 17 (only when betting on a total).' });
    expect(await diceRoute(who, { bet: 'total', total: 18 })).toMatchObject({ status: 1 });
    expect(await diceRoute(who, { bet: 'odd' })).toMatchObject({ status: 1, msg: 'Choose big, small or a total.' });
    for (const stake of [0, -100, 1.5, '100', null]) expect(await diceRoute(who, { stake })).toMatchObject({ status: 1, msg: 'Enter a stake in diamonds, such as 5 or 12.50.' });
    expect(await diceRoute(who, { game: 'No Such!' })).toMatchObject({ status: 1, msg: 'That game does not exist.' });
    expect(await diceRoute(who, { game: 'lucky-board' })).toMatchObject({ status: 1, msg: 'That game is not open.' });
    expect(await diceRoute(who, { idempotency_key: 'short' })).toMatchObject({ status: 1, msg: 'The play could not be identified; try again.' });
    expect((await callRoute(diceGuessRoute, { body: guess(100) })).status).not.toBe(0);
    expect((await readWallet(await getDb(), who.id)).gold).toBe(150);
  });

  it('is closed on a brand whose lottery_switch is off', async () => {
    const who = await person(1_000);
    expect(await callRoute(diceGuessRoute, { credential: who.credential, body: guess(100), host: 'zh.localhost:3000' })).toMatchObject({ status: 1, msg: '本站暂未开放游戏。' });
    expect((await readWallet(await getDb(), who.id)).gold).toBe(1_000);
  });
});

describe('the dice board', () => {
  const roll = (who: Person, body: Record<string, unknown>) => callRoute<GamePlayReply>(boardRollRoute, { credential: who.credential, body: { game: 'lucky-board', idempotency_key: key(), ...body } });

  it('moves the token and pays the square: gold for a stake, a ticket, a lottery chance', async () => {
    const db = await getDb();
    const who = await person(10_000, 1);
    // From Start a 6 lands on square 6 (×2).
    const six = await rollBoard(db, who.id, brand, { game: 'lucky-board', pay: 'gold', stake: 500, idempotency_key: key() }, 'en-US', dice(6));
    expect(six.play).toMatchObject({ stake: 500, payout: 1_000, outcome: { kind: 'board', roll: 6, from: 0, to: 6, paid_with: 'gold' } });
    expect(six.state.position).toBe(6);
    // 6 → 10, the viewing ticket, paid with the one lottery chance.
    const ticket = await rollBoard(db, who.id, brand, { game: 'lucky-board', pay: 'chance', idempotency_key: key() }, 'en-US', dice(4));
    expect(ticket.play).toMatchObject({ stake: 0, payout: 0, prize: { item_type: ticketItemType, count: 1 }, outcome: { from: 6, to: 10, paid_with: 'chance' } });
    expect(ticket.state.chances).toBe(0);
    expect(await readItemCount(db, who.id, itemAsset(ticketItemType))).toBe(1);
    // 10 → 15, a lottery chance.
    const chance = await rollBoard(db, who.id, brand, { game: 'lucky-board', pay: 'gold', stake: 100, idempotency_key: key() }, 'en-US', dice(5));
    expect(chance.play.prize).toEqual({ item_type: 106, count: 1 });
    expect(chance.state).toMatchObject({ chances: 1, position: 15, bal: { gold: 10_000 - 500 + 1_000 - 100 } });
    await expectBooksClean();
  });

  it('moves one token once per roll with 10 parallel rolls, and refuses a roll without a chance', async () => {
    const db = await getDb();
    const who = await person(10_000);
    const replies = await Promise.all(Array.from({ length: 10 }, () => rollBoard(db, who.id, brand, { game: 'lucky-board', pay: 'gold', stake: 100, idempotency_key: key() }, 'en-US', dice(1))));
    expect(replies.map((reply) => (reply.play.outcome.kind === 'board' ? reply.play.outcome.to : -1)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await callRoute<GamesState>(stateRoute, { credential: who.credential })).data.position).toBe(10);
    // Square 5 gave the roller a lottery chance on the way; a newcomer has none.
    expect(await readItemCount(db, who.id, lotteryChanceAsset)).toBe(1);
    expect(await roll(await person(), { pay: 'chance' })).toMatchObject({ status: 1, msg: 'You have no lottery chance left. Check in daily to win more.' });
    expect(await roll(who, { pay: 'gold' })).toMatchObject({ status: 1, msg: 'Enter a stake in diamonds, such as 5 or 12.50.' });
    expect(await roll(who, { pay: 'chance', stake: 100 })).toMatchObject({ status: 1, msg: 'Enter a stake in diamonds, such as 5 or 12.50.' });
    expect(await roll(who, { pay: 'card' })).toMatchObject({ status: 1, msg: 'Pay with diamonds or with a lottery chance.' });
    await expectBooksClean();
  });
});

describe('operators', () => {
  it('list the games, close and reopen one, change stakes, add a table and set a brand’s cap', async () => {
    const listed = await runOpsCommand('games:list');
    expect(listed).toMatchObject({ code: 0, out: expect.stringContaining('big-small (dice-guess) Big or small / 猜大小: stakes 1.00–200.00') });
    expect(await runOpsCommand('games:set', 'big-small-high', '--enabled', '0')).toMatchObject({ code: 0, out: expect.stringContaining(', closed') });
    const who = await person(100_000);
    expect(await diceRoute(who, { game: 'big-small-high', stake: 5_000 })).toMatchObject({ status: 1, msg: 'That game is not open.' });
    expect(await runOpsCommand('games:set', 'big-small-high', '--enabled', '1', '--min', '1000')).toMatchObject({ code: 0, out: expect.stringContaining('stakes 10.00–500.00') });
    expect(await runOpsCommand('games:set', 'big-small-high', '--min', '99999999')).toMatchObject({ code: 1, err: 'The smallest stake must be at least 0.01 and at most the largest.' });
    expect(await runOpsCommand('games:set', 'nope', '--min', '100')).toMatchObject({ code: 1, err: 'That game is not open.' });
    const slug = `dice-${crypto.randomInt(1_000, 9_999)}`;
    const added = await runOpsCommand('games:add', slug, 'dice-guess', '--name-en', 'Tiny dice', '--name-zh', '小骰子', '--summary-en', 'Small stakes.', '--summary-zh', '小额。', '--min', '10', '--max', '100');
    expect(added).toMatchObject({ code: 0, out: expect.stringContaining(`Listed: ${slug} (dice-guess) Tiny dice`) });
    expect(await diceRoute(who, { game: slug, stake: 100 })).toMatchObject({ status: 0 });
    expect(await runOpsCommand('games:add', slug, 'dice-guess', '--name-en', 'x', '--name-zh', 'x', '--summary-en', 'x', '--summary-zh', 'x', '--min', '10', '--max', '100')).toMatchObject({ code: 1, err: 'A game with that address is listed already.' });
    expect(await runOpsCommand('games:add', 'x-game', 'roulette')).toMatchObject({ code: 1 });
    expect(await runOpsCommand('games:cap', 'sportcast', '--set', '2500')).toMatchObject({ code: 0, out: 'Daily loss cap on sportcast: 25.00.' });
    expect(await runOpsCommand('games:cap', 'sportcast', '--set', String(defaultDailyLossCap))).toMatchObject({ code: 0 });
    expect(await runOpsCommand('games:cap', 'nowhere')).toMatchObject({ code: 1, err: expect.stringContaining('Unknown brand "nowhere"') });
  });
});
