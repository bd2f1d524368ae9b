// The games hub's default listing on every install (docs/games.md): the dice guess at an everyday table and a
// high table, and the dice board. Operators change it with `ops games:set` and add games with `ops games:add`.
import { games } from '@/lib/db/schema';
import type { SeedStep } from './seed-step';

const defaultGames: (typeof games.$inferInsert)[] = [
  {
    slug: 'big-small',
    kind: 'dice-guess',
    name: { 'en-US': 'Big or small', 'zh-CN': '猜大小' },
    summary: { 'en-US': 'Three dice: guess big, small or the exact total.', 'zh-CN': '三颗骰子：猜大、猜小或猜点数。' },
    minStake: 100,
    maxStake: 20_000,
  },
  {
    slug: 'lucky-board',
    kind: 'board',
    name: { 'en-US': 'Lucky board', 'zh-CN': '幸运大富翁' },
    summary: { 'en-US': 'Roll the die round a board of 20 squares: gold, tickets and lottery chances.', 'zh-CN': '掷骰子走 20 格棋盘：赢钻石、观赛券和抽奖机会。' },
    minStake: 100,
    maxStake: 10_000,
  },
  {
    slug: 'big-small-high',
    kind: 'dice-guess',
    name: { 'en-US': 'Big or small: high table', 'zh-CN': '猜大小·高额桌' },
    summary: { 'en-US': 'The same dice for bigger stakes, within your daily limit.', 'zh-CN': '同样的骰子，更高的投注，仍受每日限额保护。' },
    minStake: 2_000,
    maxStake: 50_000,
  },
];

export const gamesStep: SeedStep = {
  name: 'games',
  run: async (db) => {
    await db.insert(games).values(defaultGames.map((game, index) => ({ ...game, sortOrder: index })));
  },
};
