import 'server-only';
// A play of the games hub (docs/games.md), in one database transaction: the stake is first added to the caller's
// loss of the day (refused past the brand's cap, in the statement that adds it, so parallel plays cannot pass it
// together); one ledger movement takes the stake (gold to system:games, or a lottery chance to system:spent), the
// server's CSPRNG decides, a second movement pays what was won (gold from system:games, or from system:promotions
// for a roll paid with a chance; items from system:issuer), and the play row keeps both transactions. Two movements,
// not one, so the stake is always covered by the balance before anything is paid. The same key twice plays once.
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '@/lib/db';
import { gameDays, gamePlays, games, type Game, type GamePlay, type PlayOutcome } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { siteToday } from '@/lib/server/checkin/site-day';
import { getAppConfig } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';
import { itemAsset, systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement, type Leg } from '@/lib/server/ledger/post';
import { lotteryChanceAsset } from '@/lib/server/lottery/lottery';
import { cryptoRandomBelow, type RandomBelow } from '@/lib/server/lottery/picker';
import { gameHistoryPageSize, type BoardPayment, type DiceBet, type GameKind } from '@/lib/validation/games-constants';
import type { BoardRollInput, DiceGuessInput, GameHistory, GamePlayReply, GamePlayRow, GamesState } from '@/lib/validation/games';
import { boardExpectedReturn, boardSquares, chanceRollStake, rollDie, squareAfter, squareGold } from './board';
import { readDailyLossCap, findGame } from './catalogue';
import { dicePayout, rollDice } from './dice';

type Stake = { kind: 'gold'; amount: number } | { kind: 'chance' };
type Won = { gold: number; item?: { itemType: number; count: number }; outcome: PlayOutcome };
/** What the viewer chose, to tell a retry from another play under the same key. */
type Choice = { kind: 'dice-guess'; bet: DiceBet; total?: number } | { kind: 'board'; paidWith: BoardPayment };
type PlayRequest = { userId: number; brandId: string; locale: Locale; game: Game; key: string; stake: Stake; choice: Choice };

class AlreadyPlayed extends Error {}

/** Spec §2.2: the games, like the lottery, are open on a brand only while its `lottery_switch` is on. */
async function checkOpen(db: Db, brandId: string): Promise<void> {
  if ((await getAppConfig(db, brandId)).lottery_switch !== 1) throw new AppError('games.errors.off');
}

async function openGame(db: Db, slug: string, kind: GameKind): Promise<Game> {
  const game = await findGame(db, slug, kind);
  if (!game) throw new AppError('games.errors.noSuchGame');
  return game;
}

function checkStakeBounds(game: Game, amount: number): void {
  if (amount < game.minStake || amount > game.maxStake) throw new AppError('games.errors.stakeOutOfBounds', { min: game.minStake / 100, max: game.maxStake / 100 });
}

export async function playDiceGuess(db: Db, userId: number, brandId: string, input: DiceGuessInput, locale: Locale, randomBelow: RandomBelow = cryptoRandomBelow): Promise<GamePlayReply> {
  await checkOpen(db, brandId);
  const game = await openGame(db, input.game, 'dice-guess');
  checkStakeBounds(game, input.stake);
  const guess = { bet: input.bet, total: input.total };
  return play(db, { userId, brandId, locale, game, key: input.idempotency_key, stake: { kind: 'gold', amount: input.stake }, choice: { kind: 'dice-guess', ...guess } }, async () => {
    const dice = rollDice(randomBelow);
    return { gold: dicePayout(guess, dice, input.stake), outcome: { kind: 'dice-guess', dice, ...guess } };
  });
}

export async function rollBoard(db: Db, userId: number, brandId: string, input: BoardRollInput, locale: Locale, randomBelow: RandomBelow = cryptoRandomBelow): Promise<GamePlayReply> {
  await checkOpen(db, brandId);
  const game = await openGame(db, input.game, 'board');
  const stake: Stake = input.pay === 'gold' ? { kind: 'gold', amount: input.stake ?? 0 } : { kind: 'chance' };
  if (stake.kind === 'gold') checkStakeBounds(game, stake.amount);
  return play(db, { userId, brandId, locale, game, key: input.idempotency_key, stake, choice: { kind: 'board', paidWith: input.pay } }, async (tx) => {
    const roll = rollDie(randomBelow);
    const [moved] = await queryRows<{ position: number }>(tx, sql`
      INSERT INTO board_positions (user_id, position) VALUES (${userId}, ${squareAfter(0, roll)})
      ON CONFLICT (user_id) DO UPDATE SET position = (board_positions.position + ${roll}) % ${boardSquares.length}, updated_at = now()
      RETURNING position`);
    const to = Number(moved.position);
    const square = boardSquares[to];
    const outcome: PlayOutcome = { kind: 'board', roll, from: (to - roll + boardSquares.length) % boardSquares.length, to, paid_with: input.pay };
    const gold = squareGold(square, stake.kind === 'gold' ? stake.amount : chanceRollStake);
    return { gold, item: square.kind === 'item' ? { itemType: square.itemType, count: square.count } : undefined, outcome };
  });
}

async function play(db: Db, request: PlayRequest, decide: (tx: Tx) => Promise<Won>): Promise<GamePlayReply> {
  const { userId, game, key, stake } = request;
  const earlier = await playedWith(db, request);
  if (earlier) return earlier;
  const cap = await readDailyLossCap(db, request.brandId);
  const day = siteToday();
  const ledgerKey = `game:${userId}:${key}`;
  const meta = { game: game.slug };
  // What a replay of the ledger's keys must repeat: the game, the stake and the choice.
  const body = { game: game.slug, stake: stake.kind === 'gold' ? stake.amount : 0, choice: request.choice };
  const played = await db
    .transaction(async (tx) => {
      if (stake.kind === 'gold') await addToDailyLoss(tx, userId, day, stake.amount, cap);
      const staked = await postMovement(tx, { idempotencyKey: `${ledgerKey}:stake`, kind: 'game.stake', body, legs: stakeLegs(userId, stake), userId, meta }, async () => null);
      // The same key was played meanwhile (another tab, another process): undo this one, answer with that play.
      if (staked.replayed) throw new AlreadyPlayed();
      const won = await decide(tx);
      const legs = winLegs(userId, stake, won);
      const paid = legs.length > 0 ? await postMovement(tx, { idempotencyKey: `${ledgerKey}:payout`, kind: 'game.payout', body, legs, userId, meta }, async () => null) : undefined;
      if (stake.kind === 'gold' && won.gold > 0) {
        await tx.update(gameDays).set({ netLoss: sql`${gameDays.netLoss} - ${won.gold}` }).where(and(eq(gameDays.userId, userId), eq(gameDays.day, day)));
      }
      const [row] = await tx
        .insert(gamePlays)
        .values({
          userId,
          gameId: game.id,
          idempotencyKey: key,
          stake: stake.kind === 'gold' ? stake.amount : 0,
          payout: won.gold,
          prizeItemType: won.item?.itemType ?? null,
          prizeCount: won.item?.count ?? 0,
          outcome: won.outcome,
          stakeTransactionId: staked.transactionId,
          payoutTransactionId: paid?.transactionId ?? null,
        })
        .returning({ id: gamePlays.id });
      return row.id;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyPlayed) return undefined;
      if (error instanceof InsufficientBalanceError) throw new AppError(stake.kind === 'gold' ? 'games.errors.noGold' : 'games.errors.noChance');
      throw error;
    });
  const reply = await playedWith(db, request);
  if (!reply || (played !== undefined && reply.play.play_id !== played)) throw new AppError('games.errors.inFlight');
  await announceBalance(userId, reply.state.bal);
  return reply;
}

/** Adds a stake to the day's loss only while the sum stays within the cap: one guarded statement, so 20 parallel plays cannot pass it together. */
async function addToDailyLoss(tx: Tx, userId: number, day: string, amount: number, cap: number): Promise<void> {
  const rows = await queryRows(tx, sql`
    INSERT INTO game_days (user_id, day, net_loss) SELECT ${userId}, ${day}::date, ${amount}::bigint WHERE ${amount}::bigint <= ${cap}::bigint
    ON CONFLICT (user_id, day) DO UPDATE SET net_loss = game_days.net_loss + excluded.net_loss
    WHERE game_days.net_loss + excluded.net_loss <= ${cap}::bigint
    RETURNING 1`);
  if (rows.length === 0) throw new AppError('games.errors.dailyCap', { cap: cap / 100 });
}

function stakeLegs(userId: number, stake: Stake): Leg[] {
  if (stake.kind === 'chance') return [{ account: userAccount(userId), asset: lotteryChanceAsset, amount: -1 }, { account: systemAccounts.spent, asset: lotteryChanceAsset, amount: 1 }];
  return [{ account: userAccount(userId), asset: 'gold', amount: -stake.amount }, { account: systemAccounts.games, asset: 'gold', amount: stake.amount }];
}

function winLegs(userId: number, stake: Stake, won: Won): Leg[] {
  const legs: Leg[] = [];
  const pay = (from: string, asset: Asset, amount: number) => legs.push({ account: from, asset, amount: -amount }, { account: userAccount(userId), asset, amount });
  if (won.gold > 0) pay(stake.kind === 'gold' ? systemAccounts.games : systemAccounts.promotions, 'gold', won.gold);
  if (won.item && won.item.count > 0) pay(systemAccounts.issuer, itemAsset(won.item.itemType), won.item.count);
  return legs;
}

/** Whether a stored play is what this request asks for: a retry must repeat the game, the stake and the choice. */
function sameRequest(row: GamePlay, request: PlayRequest): boolean {
  const stake = request.stake.kind === 'gold' ? request.stake.amount : 0;
  if (row.gameId !== request.game.id || row.stake !== stake) return false;
  const asked = request.choice;
  return row.outcome.kind === 'dice-guess'
    ? asked.kind === 'dice-guess' && row.outcome.bet === asked.bet && row.outcome.total === asked.total
    : asked.kind === 'board' && row.outcome.paid_with === asked.paidWith;
}

/** The play made with this key, as its reply; undefined when there is none; refused when the key played something else. */
async function playedWith(db: Db, request: PlayRequest): Promise<GamePlayReply | undefined> {
  const [row] = await db.select().from(gamePlays).where(and(eq(gamePlays.userId, request.userId), eq(gamePlays.idempotencyKey, request.key)));
  if (!row) return undefined;
  if (!sameRequest(row, request)) throw new AppError('wallet.errors.keyReused');
  return { play: toRow(row, request.game, request.locale), state: await readGamesState(db, request.userId, request.brandId) };
}

function toRow(row: GamePlay, game: Pick<Game, 'slug' | 'name'>, locale: Locale): GamePlayRow {
  return {
    play_id: row.id,
    game: game.slug,
    game_name: pickText(game.name, locale),
    stake: row.stake,
    payout: row.payout,
    prize: row.prizeItemType === null ? null : { item_type: row.prizeItemType, count: row.prizeCount },
    outcome: row.outcome,
    created_at: row.createdAt.getTime(),
  };
}

/** The caller's numbers: the cap and today's loss, the wallet, the lottery chances, the board square. */
export async function readGamesState(db: Db, userId: number, brandId: string): Promise<GamesState> {
  const cap = await readDailyLossCap(db, brandId);
  const [day] = await db.select({ netLoss: gameDays.netLoss }).from(gameDays).where(and(eq(gameDays.userId, userId), eq(gameDays.day, siteToday())));
  const [board] = await queryRows<{ position: number }>(db, sql`SELECT position FROM board_positions WHERE user_id = ${userId}`);
  const lost = day?.netLoss ?? 0;
  const position = Number(board?.position ?? 0);
  return {
    cap,
    lost_today: lost,
    left_today: Math.max(0, cap - lost),
    bal: await readWallet(db, userId),
    chances: await readItemCount(db, userId, lotteryChanceAsset),
    position,
    board_return: Math.round(boardExpectedReturn(position) * 10_000) / 10_000,
  };
}

export async function listPlays(db: Db, userId: number, page: number, slug: string | undefined, locale: Locale): Promise<GameHistory> {
  const where = slug ? and(eq(gamePlays.userId, userId), eq(games.slug, slug)) : eq(gamePlays.userId, userId);
  const rows = await db
    .select({ play: gamePlays, game: { slug: games.slug, name: games.name }, total: sql<number>`count(*) OVER ()` })
    .from(gamePlays)
    .innerJoin(games, eq(games.id, gamePlays.gameId))
    .where(where)
    .orderBy(desc(gamePlays.id))
    .limit(gameHistoryPageSize)
    .offset((page - 1) * gameHistoryPageSize);
  return { list: rows.map((row) => toRow(row.play, row.game, locale)), total: Number(rows[0]?.total ?? 0) };
}
