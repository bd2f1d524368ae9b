import 'server-only';
// Seed steps of the editorial content: the help, about, legal and download pages (content/pages/*.md,
// every install), the default ad link, and demo notices, activities and banners.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db';
import {
  activities,
  adJumpLinks,
  bannerCategories,
  bannerEquipment,
  banners,
  jumpTypes,
  notices,
  sitePageKinds,
  sitePages,
  type ContentBlock,
  type LocalizedBlocks,
  type SitePageKind,
} from '@/lib/db/schema';
import { isLocale, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { SeedStep } from './seed-step';
import { parseMarkdownBlocks } from '@/lib/format/markdown-blocks';

const sitePagesDir = path.join(process.cwd(), 'content', 'pages');

type PageDraft = { kind: SitePageKind; number: number; title: Partial<Record<Locale, string>>; body: Partial<Record<Locale, ContentBlock[]>> };

const isSitePageKind = (value: string): value is SitePageKind => (sitePageKinds as readonly string[]).includes(value);

/** Reads content/pages/{kind}-{number}.{locale}.md; every page needs its en-US file. */
async function readSitePages(dir = sitePagesDir): Promise<PageDraft[]> {
  const drafts = new Map<string, PageDraft>();
  for (const file of (await fs.readdir(dir)).sort()) {
    const match = /^([a-z]+)-(\d+)\.([a-zA-Z-]+)\.md$/.exec(file);
    if (!match) continue;
    const [, kind, number, locale] = match;
    if (!isSitePageKind(kind) || !isLocale(locale)) throw new Error(`content/pages/${file}: unknown page kind or locale`);
    const key = `${kind}-${number}`;
    const draft = drafts.get(key) ?? { kind, number: Number(number), title: {}, body: {} };
    const { title, blocks } = parseMarkdownBlocks(await fs.readFile(path.join(dir, file), 'utf8'));
    draft.title[locale] = title;
    draft.body[locale] = blocks;
    drafts.set(key, draft);
  }
  return [...drafts.values()];
}

function localized<T>(values: Partial<Record<Locale, T>>, what: string): Partial<Record<Locale, T>> & { 'en-US': T } {
  const english = values['en-US'];
  if (english === undefined) throw new Error(`${what} has no en-US version`);
  return { ...values, 'en-US': english };
}

export const sitePagesStep: SeedStep = {
  name: 'site-pages',
  run: async (db: Db) => {
    const pages = await readSitePages();
    await db
      .insert(sitePages)
      .values(
        pages.map((page) => ({
          kind: page.kind,
          number: page.number,
          brandId: '*',
          title: localized(page.title, `${page.kind}-${page.number}`),
          body: localized(page.body, `${page.kind}-${page.number}`),
        })),
      )
      .onConflictDoNothing();
  },
};

export const adJumpLinksStep: SeedStep = {
  // Spec §7 getAdJumpLink's default placement (jump_type 100) leads to the app download page.
  name: 'ad-jump-links',
  run: async (db: Db) => {
    await db.insert(adJumpLinks).values({ brandId: '*', jumpType: jumpTypes.adLink, url: siteRoutes.download }).onConflictDoNothing();
  },
};

const text = (en: string, zh: string): LocalizedText => ({ 'en-US': en, 'zh-CN': zh });
const paragraphs = (en: string[], zh: string[]): LocalizedBlocks => ({
  'en-US': en.map((line) => ({ type: 'paragraph', text: line })),
  'zh-CN': zh.map((line) => ({ type: 'paragraph', text: line })),
});

export const demoContentStep: SeedStep = {
  name: 'demo-content',
  run: async (db: Db) => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const daysAhead = (days: number) => new Date(now.getTime() + days * 86_400_000);

    await db.insert(notices).values([
      {
        title: text('The 2022 World Cup, replayed live', '2022世界杯实况重现'),
        body: paragraphs(
          [
            'This demo site replays the 2022 FIFA World Cup as if it were happening now: every match kicks off on today\'s timeline and runs in real time, with live text commentary, score, statistics and line-ups taken from the real match record.',
            'Finished matches have their full record and a match report; the group tables update as each match ends.',
          ],
          [
            '本演示站点以实况形式重现2022年卡塔尔世界杯：每场比赛按今天的时间线开球并实时进行，文字直播、比分、统计和阵容均取自真实比赛记录。',
            '已结束的比赛有完整记录和赛后战报；每场比赛结束后小组积分榜随之更新。',
          ],
        ),
        pinned: true,
        publishedAt: daysAgo(1),
      },
      {
        title: text('Security reminder: never share your verification code', '安全提醒：请勿向任何人透露验证码'),
        body: paragraphs(
          [
            'Our staff will never ask for your password or an SMS verification code. Anyone who has your code can log in to your account.',
            'If you shared a code by mistake, log in and change your password at once, then tell us through the feedback page.',
          ],
          ['工作人员绝不会索取您的密码或短信验证码。任何拿到验证码的人都可以登录您的账号。', '如果误将验证码告诉他人，请立即登录并修改密码，然后通过意见反馈页面告知我们。'],
        ),
        urgent: true,
        publishedAt: daysAgo(2),
      },
      {
        title: text('Premier League 2024/25: every result and the final table', '2024/25赛季英超：全部赛果与最终积分榜'),
        body: paragraphs(
          ['All 380 results of the 2024/25 Premier League season are in the schedule, with the final table and reports from the last matchday.'],
          ['2024/25赛季英超全部380场比赛结果已收录在赛程中，并附有最终积分榜和最后一轮的赛后战报。'],
        ),
        publishedAt: daysAgo(3),
      },
      {
        title: text('Where our match data comes from', '比赛数据来源说明'),
        body: paragraphs(
          ['Results, scorers, line-ups, cards and substitutions come from openfootball (football.db), which publishes football data in the public domain. Thank you to its contributors.'],
          ['赛果、进球、阵容、红黄牌和换人数据来自以公有领域方式发布足球数据的 openfootball（football.db）项目，感谢其贡献者。'],
        ),
        publishedAt: daysAgo(4),
      },
    ]);

    await db.insert(activities).values([
      {
        title: text('World Cup replay: follow every match live', '世界杯重现：每场比赛实时跟进'),
        summary: text('Live commentary, scores, line-ups and tables for all 64 matches.', '64场比赛的文字直播、比分、阵容和积分榜。'),
        body: paragraphs(
          [
            'Follow the 2022 World Cup from the group stage to the final as it replays live. Each match page has live text commentary, the score, card and substitution counts, and both line-ups.',
            'Open the World Cup page for the groups, the tables and the knock-out bracket.',
          ],
          ['从小组赛到决赛，实时跟进重现的2022世界杯。每场比赛页面都有文字直播、比分、红黄牌和换人统计以及双方阵容。', '打开世界杯专题页查看分组、积分榜和淘汰赛对阵。'],
        ),
        coverUrl: '/covers/replay.svg',
        actionUrl: siteRoutes.worldCup,
        startsAt: daysAgo(1),
        endsAt: daysAhead(30),
        sortOrder: 0,
      },
      {
        title: text('Seven-day check-in', '七日签到'),
        summary: text('Check in every day for a week and collect a reward each day.', '连续一周每日签到，每天都有奖励。'),
        body: paragraphs(
          ['Check in once a day from the check-in button in the header. The rewards grow over seven days in a row; a missed day can sometimes be made up from your user centre.'],
          ['每天点击页头的签到按钮签到一次。连续七天奖励逐日递增；漏签的日期有时可以在个人中心补签。'],
        ),
        coverUrl: '/covers/checkin.svg',
        actionUrl: siteRoutes.checkin,
        startsAt: daysAgo(7),
        endsAt: null,
        sortOrder: 1,
      },
    ]);

    const web = bannerEquipment.web;
    await db.insert(banners).values([
      {
        category: bannerCategories.home,
        equipment: web,
        title: text('The 2022 World Cup, live again', '2022世界杯，再次直播'),
        imageUrl: '/covers/world-cup.svg',
        jumpUrl: siteRoutes.worldCup,
        jumpType: jumpTypes.sitePath,
        sortOrder: 0,
      },
      {
        category: bannerCategories.home,
        equipment: web,
        title: text('A report from every World Cup match', '每场世界杯比赛的赛后战报'),
        imageUrl: '/covers/news.svg',
        jumpUrl: siteRoutes.news,
        jumpType: jumpTypes.sitePath,
        sortOrder: 1,
      },
      {
        category: bannerCategories.home,
        equipment: web,
        title: text('Premier League 2024/25: results and table', '2024/25赛季英超：赛果与积分榜'),
        imageUrl: '/covers/premier-league.svg',
        jumpUrl: siteRoutes.schedule,
        jumpType: jumpTypes.sitePath,
        sortOrder: 2,
      },
      {
        category: bannerCategories.elsewhere,
        equipment: web,
        title: text('Watch on your phone', '在手机上观看'),
        imageUrl: '/covers/download.svg',
        jumpUrl: '',
        jumpType: jumpTypes.adLink,
        sortOrder: 0,
      },
      {
        category: bannerCategories.elsewhere,
        equipment: web,
        title: text('Follow the World Cup replay', '关注世界杯重现'),
        imageUrl: '/covers/world-cup.svg',
        jumpUrl: siteRoutes.worldCup,
        jumpType: jumpTypes.sitePath,
        sortOrder: 1,
      },
    ]);
  },
};
