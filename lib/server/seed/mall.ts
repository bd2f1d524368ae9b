// The mall's catalogue on every install (brand `*`: every brand sells it until an operator changes it), and for
// the demo: the demo VIPs' memberships and a few props in the demo accounts' backpacks, so the chat keeps its colour.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { mallItems, users, vipMemberships } from '@/lib/db/schema';
import { itemAsset } from '@/lib/server/ledger/accounts';
import { everyBrand } from '@/lib/server/mall/catalogue';
import { grantItems } from '@/lib/server/ledger/grants';
import { ticketItemType } from '@/lib/validation/live-constants';
import { bubblePropsIds, bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import { demoAccounts } from './demo-accounts';
import type { SeedStep } from './seed-step';

type NewMallItem = Omit<typeof mallItems.$inferInsert, 'brandId'>;

const bubbleNames: Record<(typeof bubblePropsIds)[number], { 'en-US': string; 'zh-CN': string }> = {
  2: { 'en-US': 'Sky bubble', 'zh-CN': '晴空气泡' },
  3: { 'en-US': 'Sunset bubble', 'zh-CN': '晚霞气泡' },
  4: { 'en-US': 'Royal bubble', 'zh-CN': '皇家气泡' },
};

const vipNames = {
  1: { 'en-US': 'VIP 1 · Knight', 'zh-CN': 'VIP 1 · 骑士' },
  2: { 'en-US': 'VIP 2 · Duke', 'zh-CN': 'VIP 2 · 公爵' },
  3: { 'en-US': 'VIP 3 · Emperor', 'zh-CN': 'VIP 3 · 帝王' },
} as const;

const vipAnimals = { 1: ['fox', '狐狸'], 2: ['lion', '雄狮'], 3: ['dragon', '神龙'] } as const;

/** Prices in hundredths of gems (diamond) or diamonds (gold), as the wallet stores them. */
const catalogue: NewMallItem[] = [
  {
    kind: 'item', itemType: speakerPropsType, propsId: 0, icon: 'speaker', price: 1_000, currency: 'diamond', sortOrder: 10,
    name: { 'en-US': 'Speaker', 'zh-CN': '喇叭' },
    description: { 'en-US': 'One highlighted line every viewer of the room sees.', 'zh-CN': '发一条全房间醒目展示的消息。' },
  },
  ...bubblePropsIds.map((propsId, index): NewMallItem => ({
    kind: 'item', itemType: bubblePropsType, propsId, icon: `bubble${propsId}`, price: 200, currency: 'diamond', sortOrder: 20 + index,
    name: bubbleNames[propsId],
    description: { 'en-US': 'One chat line in a colourful bubble.', 'zh-CN': '让一条聊天消息显示为炫彩气泡。' },
  })),
  {
    kind: 'item', itemType: ticketItemType, icon: 'ticket', price: 300, currency: 'gold', quantity: 1, sortOrder: 40,
    name: { 'en-US': 'Viewing ticket', 'zh-CN': '观赛券' },
    description: { 'en-US': 'HD for one live session.', 'zh-CN': '一场直播开启高清。' },
  },
  {
    kind: 'item', itemType: ticketItemType, icon: 'ticket', price: 1_200, currency: 'gold', quantity: 5, sortOrder: 41,
    name: { 'en-US': 'Ticket pack of 5', 'zh-CN': '观赛券 5 张装' },
    description: { 'en-US': 'HD for five live sessions, one free.', 'zh-CN': '五场直播开启高清，相当于送一张。' },
  },
  ...([1, 2, 3] as const).map((level): NewMallItem => ({
    kind: 'vip', vipLevel: level, periodDays: 30, icon: `vip${level}`, price: [30_000, 80_000, 200_000][level - 1], currency: 'diamond', sortOrder: 30 + level,
    name: vipNames[level],
    description: {
      'en-US': `30 days: the ${vipAnimals[level][0]} entrance and a login line in every live room.`,
      'zh-CN': `30 天：${vipAnimals[level][1]}进场特效，进入直播间时显示登场消息。`,
    },
  })),
];

export const mallCatalogueStep: SeedStep = {
  name: 'mall-catalogue',
  run: async (db) => {
    await db.insert(mallItems).values(catalogue.map((item) => ({ ...item, brandId: everyBrand })));
  },
};

/** Starter props of each demo account: a few of each bubble and two speakers. */
const demoProps = [
  ...bubblePropsIds.map((propsId) => ({ asset: itemAsset(bubblePropsType, propsId), count: 5 })),
  { asset: itemAsset(speakerPropsType), count: 2 },
];

/** Demo VIPs hold their level for a year, so the expiry job leaves the demo as it is for a while. */
const demoVipDays = 365;

export const demoMallStep: SeedStep = {
  name: 'demo-mall',
  run: async (db: Db) => {
    const rows = await db
      .select({ id: users.id, mobile: users.mobile, vipLevel: users.vipLevel })
      .from(users)
      .where(inArray(users.mobile, demoAccounts.map((account) => account.mobile)));
    const members = rows.filter((row) => row.vipLevel > 0);
    if (members.length > 0) {
      await db
        .insert(vipMemberships)
        .values(members.map((row) => ({ userId: row.id, level: row.vipLevel, expiresAt: sql`now() + make_interval(days => ${demoVipDays})` })))
        .onConflictDoNothing();
    }
    for (const row of rows) {
      for (const { asset, count } of demoProps) {
        await grantItems(db, { userId: row.id, asset, count, idempotencyKey: `seed:demo-props:${row.id}:${asset}`, note: 'demo props' });
      }
    }
  },
};

