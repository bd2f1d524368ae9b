// The lottery's default prize table on every install (docs/lottery.md): mostly small diamond prizes and "try
// again", a few viewing tickets and speakers, and a rare big gem prize with a small stock. Operators change it with
// `ops lottery:set`.
import { lotteryPrizes } from '@/lib/db/schema';
import { ticketItemType } from '@/lib/validation/live-constants';
import { speakerPropsType } from '@/lib/validation/mall-constants';
import type { SeedStep } from './seed-step';

const defaultPrizes: (typeof lotteryPrizes.$inferInsert)[] = [
  { name: { 'en-US': '50.00 gems', 'zh-CN': '50 宝石' }, kind: 'diamond', quantity: 5_000, weight: 5, stock: 20 },
  { name: { 'en-US': '10.00 diamonds', 'zh-CN': '10 钻石' }, kind: 'gold', quantity: 1_000, weight: 50, stock: null },
  { name: { 'en-US': 'A viewing ticket', 'zh-CN': '观赛券 1 张' }, kind: 'item', itemType: ticketItemType, quantity: 1, weight: 100, stock: 500 },
  { name: { 'en-US': 'A speaker', 'zh-CN': '喇叭 1 个' }, kind: 'item', itemType: speakerPropsType, quantity: 1, weight: 45, stock: null },
  { name: { 'en-US': '1.00 diamond', 'zh-CN': '1 钻石' }, kind: 'gold', quantity: 100, weight: 300, stock: null },
  { name: { 'en-US': 'Try again', 'zh-CN': '谢谢参与' }, kind: 'nothing', quantity: 0, weight: 500, stock: null },
];

export const lotteryPrizesStep: SeedStep = {
  name: 'lottery-prizes',
  run: async (db) => {
    await db.insert(lotteryPrizes).values(defaultPrizes.map((prize, index) => ({ ...prize, sortOrder: index })));
  },
};
