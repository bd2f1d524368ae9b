import 'server-only';
// The gift catalogue every install starts with (every brand): cheap gifts in diamonds (`gold`), dearer ones in
// gems (`diamond`, bought by recharging). Operators change prices and switch gifts off with `npm run ops -- gifts:set`.
import { gifts } from '@/lib/db/schema';
import type { SeedStep } from './seed-step';

type SeedGift = Omit<typeof gifts.$inferInsert, 'icon'>;

const icon = (key: string) => `/gifts/${key}.svg`;

const catalogue: SeedGift[] = [
  { name: { 'en-US': 'Thumbs up', 'zh-CN': '点赞' }, price: 100, currency: 'gold', animation: 'thumbs_up', durationMs: 2500 },
  { name: { 'en-US': 'Whistle', 'zh-CN': '哨子' }, price: 500, currency: 'gold', animation: 'whistle', durationMs: 3000 },
  { name: { 'en-US': 'Football', 'zh-CN': '足球' }, price: 1000, currency: 'gold', animation: 'football', durationMs: 3000 },
  { name: { 'en-US': 'Fox', 'zh-CN': '小狐狸' }, price: 2000, currency: 'gold', animation: 'fox_in', durationMs: 4000 },
  { name: { 'en-US': 'Team scarf', 'zh-CN': '球迷围巾' }, price: 5200, currency: 'gold', animation: 'scarf', durationMs: 4000 },
  { name: { 'en-US': 'Trophy', 'zh-CN': '奖杯' }, price: 1000, currency: 'diamond', animation: 'trophy', durationMs: 4000 },
  { name: { 'en-US': 'Fireworks', 'zh-CN': '烟花' }, price: 6600, currency: 'diamond', animation: 'fireworks', durationMs: 5000 },
  { name: { 'en-US': 'Rocket', 'zh-CN': '火箭' }, price: 10_000, currency: 'diamond', animation: 'rocket', durationMs: 5000 },
  { name: { 'en-US': 'Lion', 'zh-CN': '雄狮' }, price: 52_000, currency: 'diamond', animation: 'lion_in', durationMs: 6000, combo: false },
  { name: { 'en-US': 'Dragon', 'zh-CN': '神龙' }, price: 131_400, currency: 'diamond', animation: 'long_in', durationMs: 6000, combo: false },
];

export const giftCatalogueStep: SeedStep = {
  name: 'gift-catalogue',
  run: async (db) => {
    await db.insert(gifts).values(catalogue.map((gift, index) => ({ ...gift, icon: icon(gift.animation), sortOrder: index })));
  },
};
