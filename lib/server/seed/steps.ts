// Seed steps: base data every install needs, and demo content for a first look.
import { appConfig, liveCategories } from '@/lib/db/schema';
import { demoAccountsStep } from './demo-accounts';
import { matchDemoReplayStep, matchReportsStep, openfootballImportStep } from './matches';
import { adJumpLinksStep, demoContentStep, sitePagesStep } from './content';
import { liveDemoStep } from './demo-lives';
import { chatConfigStep, demoAnnouncementsStep } from './chat';
import { demoMallStep, mallCatalogueStep } from './mall';
import { rechargePackagesStep } from './recharge';
import { demoRankingsStep } from './demo-rankings';
import { giftCatalogueStep } from './gifts';
import { checkinRewardsStep } from './checkin';
import { lotteryPrizesStep } from './lottery';
import { gamesStep } from './games';

import type { SeedStep } from './seed-step';

export const baseSeedSteps: SeedStep[] = [
  {
    name: 'live-categories',
    run: async (db) => {
      await db.insert(liveCategories).values([
        { id: 1, parentId: null, sortOrder: 1, name: { 'en-US': 'Basketball', 'zh-CN': '篮球' } },
        // Category 2 is football: the start-live dialog offers competitions and matches for it (spec §2.4 item 5).
        { id: 2, parentId: null, sortOrder: 0, name: { 'en-US': 'Football', 'zh-CN': '足球' } },
        { id: 3, parentId: null, sortOrder: 2, name: { 'en-US': 'Esports', 'zh-CN': '电竞' } },
        { id: 4, parentId: null, sortOrder: 3, name: { 'en-US': 'Entertainment', 'zh-CN': '娱乐' } },
        { id: 101, parentId: 1, sortOrder: 0, name: { 'en-US': 'NBA', 'zh-CN': 'NBA' } },
        { id: 102, parentId: 1, sortOrder: 1, name: { 'en-US': 'CBA', 'zh-CN': 'CBA' } },
        { id: 201, parentId: 2, sortOrder: 0, name: { 'en-US': 'World Cup', 'zh-CN': '世界杯' } },
        { id: 202, parentId: 2, sortOrder: 1, name: { 'en-US': 'Premier League', 'zh-CN': '英超' } },
        { id: 203, parentId: 2, sortOrder: 2, name: { 'en-US': 'Other football', 'zh-CN': '其他足球' } },
        { id: 301, parentId: 3, sortOrder: 0, name: { 'en-US': 'League of Legends', 'zh-CN': '英雄联盟' } },
        { id: 302, parentId: 3, sortOrder: 1, name: { 'en-US': 'Dota 2', 'zh-CN': 'Dota 2' } },
        { id: 401, parentId: 4, sortOrder: 0, name: { 'en-US': 'Sports talk', 'zh-CN': '体育谈话' } },
      ]);
    },
  },
];

export const demoSeedSteps: SeedStep[] = [
  {
    // The second demo brand turns the games link off, so per-brand config is visible at a glance. Both keep the
    // World Cup tab: the demo's matches are the World Cup, and a Chinese audience looks for 世界杯 first.
    name: 'demo-brand-config',
    run: async (db) => {
      await db.insert(appConfig).values([
        { brandId: 'qiuba', key: 'lottery_switch', value: 0 },
        { brandId: 'sportcast', key: 'weibo', value: 'https://weibo.com/' },
      ]);
    },
  },
  demoAccountsStep,
];

// Match data and editorial content: the real openfootball data and the site's pages on every install;
// the World Cup replay schedule (after the import), its match reports and demo notices, activities, banners.
baseSeedSteps.push(openfootballImportStep, sitePagesStep, adJumpLinksStep);
demoSeedSteps.push(matchDemoReplayStep, matchReportsStep, demoContentStep);

// Chat: the default limits on every install; the demo anchors' room announcements (after the demo accounts).
baseSeedSteps.push(chatConfigStep);
demoSeedSteps.push(demoAnnouncementsStep);
// Live rooms of the demo anchors, linked to the matches the replay has live (after it), and demo tickets.
demoSeedSteps.push(liveDemoStep);
// The mall's catalogue on every install; the demo VIPs' memberships and starter props (after the demo accounts).
baseSeedSteps.push(mallCatalogueStep);
demoSeedSteps.push(demoMallStep);
// Recharge: a package ladder for every configured brand, so the recharge page sells something from the start.
baseSeedSteps.push(rechargePackagesStep);
// Demo gifts on the rankings (after the demo accounts).
demoSeedSteps.push(demoRankingsStep);
// The gift catalogue on every install.
baseSeedSteps.push(giftCatalogueStep);
// The check-in cycle's default rewards on every install.
baseSeedSteps.push(checkinRewardsStep);
// The lottery's default prize table on every install.
baseSeedSteps.push(lotteryPrizesStep);
// The games hub's default games on every install.
baseSeedSteps.push(gamesStep);
