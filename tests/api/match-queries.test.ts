// The read services the pages render from, on a freshly seeded database: the demo replay is
// 30 minutes into Netherlands v Qatar (1–0, Gakpo 26') and Ecuador v Senegal (0–0).
import { getDb } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import { getActivity, listActivities } from '@/lib/server/content/activities';
import { getUrgentNotice, listNotices } from '@/lib/server/content/notices';
import { searchByKeyword } from '@/lib/server/content/search';
import { getSitePage } from '@/lib/server/content/site-pages';
import { dayBounds, getCupOverview, getMatchDetail, listLiveAndUpcoming, listMatchDays, listMatches, listMatchesForSitemap } from '@/lib/server/matches/queries';
import { getNewsArticle, listNews, listNewsForSitemap } from '@/lib/server/news/queries';
import { activityViewSchema, noticeViewSchema, sitePageViewSchema } from '@/lib/validation/content';
import { cupOverviewSchema, matchDetailSchema, matchSummarySchema } from '@/lib/validation/matches';
import { newsDetailSchema } from '@/lib/validation/news';
import { keywordResultsSchema } from '@/lib/validation/search';
import { expectReplyShape } from '@/tests/support/reply-shape';

let db: Db;
const scope = { brandId: 'sportcast', locale: 'en-US' as const };

beforeAll(async () => {
  db = await getDb();
});

describe('match queries', () => {
  it('gives a live match page its current state: score, clock, commentary, stats and line-ups', async () => {
    const detail = await getMatchDetail(db, 1033, 'en-US');
    expect(detail).toMatchObject({
      path: '/scheduleDetail/1033/2',
      status: 'live',
      clock: "31'",
      home: { name: 'Netherlands', code: 'NED' },
      away: { name: 'Qatar' },
      score: { home: 1, away: 0 },
      roundLabel: 'Group A · Matchday 3',
      venue: { name: 'Al Bayt Stadium', city: 'Al Khor' },
    });
    expect(detail!.commentary.map((line) => line.text)).toEqual(['Kick-off! Netherlands v Qatar is under way.', 'Cody Gakpo finds the net for Netherlands! It is Netherlands 1–0 Qatar.']);
    expect(detail!.keyEvents.find((event) => event.kind === 'goal')).toMatchObject({ minute: 26, player: 'Cody Gakpo' });
    expect(detail!.stats.home).toEqual({ goals: 1, yellow_cards: 0, red_cards: 0, substitutions: 0 });
    expect(detail!.lineups!.home.starters.find((player) => player.name === 'Cody Gakpo')).toMatchObject({ goals: 1, on_pitch: true });
    // What the match page renders is shaped by lib/validation/matches.ts, which the browser's islands read.
    expectReplyShape(matchDetailSchema, detail);
  });

  it('writes the commentary in Chinese for Chinese readers', async () => {
    const detail = await getMatchDetail(db, 1033, 'zh-CN');
    expect(detail!.home.name).toBe('荷兰');
    expect(detail!.commentary[0].text).toBe('比赛开始！荷兰对阵卡塔尔。');
  });

  it('shows a finished match in full and keeps an undecided final anonymous', async () => {
    const opener = await getMatchDetail(db, 1001, 'en-US');
    expect(opener).toMatchObject({ status: 'finished', clock: 'FT', score: { home: 0, away: 2 }, halfTime: { home: 0, away: 2 }, attendance: 67372 });
    expect(opener!.commentary.at(-1)!.text).toBe('Full-time: Qatar 0–2 Ecuador.');
    const final = await getMatchDetail(db, 1064, 'en-US');
    expect(final).toMatchObject({ status: 'upcoming', clock: '', score: null, lineups: null, home: { id: null, name: 'Winner of match 61' } });
    expect(final!.commentary).toEqual([]);
    expectReplyShape(matchDetailSchema, opener);
    expectReplyShape(matchDetailSchema, final);
    expect(await getMatchDetail(db, 999_999, 'en-US')).toBeNull();
  });

  it('lists live and upcoming matches for the home page, and matches by day for the schedule', async () => {
    const { live, upcoming } = await listLiveAndUpcoming(db, 'en-US', { limit: 3 });
    expect(live.map((match) => match.id)).toEqual([1033, 1034]);
    expect(upcoming.map((match) => match.home.name)).toEqual(['Wales', 'Iran', 'Australia']);
    const today = live[0].kickoffAt.slice(0, 10);
    const days = await listMatchDays(db, { timeZone: 'UTC', competitionId: 1 });
    expect(days.find((day) => day.day === today)?.live).toBe(2);
    const onDay = await listMatches(db, { locale: 'en-US', day: '2025-05-25', competitionId: 2 });
    expect(onDay).toHaveLength(10);
    expect(onDay.every((match) => match.status === 'finished' && match.roundLabel === 'Matchday 38')).toBe(true);
    expectReplyShape(matchSummarySchema.array(), [...live, ...upcoming, ...onDay]);
  });

  it('bounds a calendar day in a time zone', () => {
    expect(dayBounds('2022-12-18', 'Asia/Shanghai')).toEqual({ start: new Date('2022-12-17T16:00:00Z'), end: new Date('2022-12-18T16:00:00Z') });
    expect(dayBounds('2024-10-27', 'Europe/London')).toEqual({ start: new Date('2024-10-26T23:00:00Z'), end: new Date('2024-10-28T00:00:00Z') });
  });

  it('builds the World Cup page: eight groups with tables, a bracket from 8 matches to the final', async () => {
    const cup = await getCupOverview(db, 1, 'en-US');
    expect(cup!.groups.map((group) => group.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => `Group ${letter}`));
    const groupC = cup!.groups[2];
    expect(groupC.standings.map((row) => [row.team.name, row.played, row.points])).toEqual([
      ['Poland', 2, 4],
      ['Argentina', 2, 3],
      ['Saudi Arabia', 2, 3],
      ['Mexico', 2, 1],
    ]);
    expect(cup!.bracket.map((round) => [round.stage, round.matches.length])).toEqual([
      ['round_of_16', 8],
      ['quarter_final', 4],
      ['semi_final', 2],
      ['final', 1],
    ]);
    expect(cup!.bracket[0].matches[0].home.name).toBe('Winner Group A');
    expect(cup!.thirdPlace?.home.name).toBe('Loser of match 61');
    expect(cup!.matches).toHaveLength(64);
    expectReplyShape(cupOverviewSchema, cup);
  });

  it('searches teams and their matches in either language', async () => {
    const english = await searchByKeyword(db, 'argen', scope);
    expect(english.teams.map((team) => team.name)).toEqual(['Argentina']);
    expect(english.matches.length).toBeGreaterThan(0);
    expect(english.news.map((article) => article.title)).toContain('Group C: Saudi Arabia beat Argentina 2–1');
    expectReplyShape(keywordResultsSchema, english);
    const chinese = await searchByKeyword(db, '曼城', { ...scope, locale: 'zh-CN' });
    expect(chinese.teams.map((team) => team.name)).toEqual(['曼彻斯特城']);
    expect(await searchByKeyword(db, 'United States', scope)).toMatchObject({ refused: null, teams: [expect.objectContaining({ name: 'United States' })] });
    expect(await searchByKeyword(db, '美国队对阵英格兰队的比赛', { ...scope, locale: 'zh-CN' })).toMatchObject({ refused: 'tooLong', max: 10 });
    expect(await searchByKeyword(db, 'a'.repeat(31), scope)).toMatchObject({ refused: 'tooLong', max: 30 });
  });

  it('lists every match and published article for the sitemap', async () => {
    expect(await listMatchesForSitemap(db)).toHaveLength(444);
    expect((await listNewsForSitemap(db, 'sportcast')).length).toBe(42);
  });
});

describe('news and content queries', () => {
  it('opens a report with its body, teams and related reports', async () => {
    const { list } = await listNews(db, { ...scope, matchId: 1001 });
    const article = await getNewsArticle(db, list[0].id, scope);
    expect(article!.title).toBe('Group A: Ecuador beat Qatar 2–0');
    expect(article!.body[0]).toEqual({
      type: 'paragraph',
      text: 'Qatar played Ecuador at Al Bayt Stadium in Al Khor in front of 67,372 spectators. The referee was Daniele Orsato (ITA).',
    });
    expect(article!.body.find((block) => block.type === 'table')).toMatchObject({ type: 'table', rows: expect.arrayContaining([['1', 'Ecuador', '1', '1', '0', '0', '2', '0', '+2', '3']]) });
    expect(article!.teams.map((team) => team.name)).toEqual(expect.arrayContaining(['Qatar', 'Ecuador']));
    expect(article!.related.length).toBeGreaterThan(0);
    expect([...article!.locales].sort()).toEqual(['en-US', 'zh-CN']);
    expectReplyShape(newsDetailSchema, article);
  });

  it('keeps the report of an unplayed match unpublished', async () => {
    const { list } = await listNews(db, { ...scope, matchId: 1064 });
    expect(list).toEqual([]);
  });

  it('gives notices (pinned first), the urgent one, activities and the legal pages in both languages', async () => {
    const notices = await listNotices(db, scope);
    expect(notices.list[0]).toMatchObject({ pinned: true, title: 'The 2022 World Cup, replayed live' });
    expect(await getUrgentNotice(db, { ...scope, locale: 'zh-CN' })).toMatchObject({ urgent: true, title: '安全提醒：请勿向任何人透露验证码' });
    const activities = await listActivities(db, scope);
    expect(activities.map((activity) => activity.actionUrl)).toEqual(['/worldCup', '/user-center/checkin']);
    expect(await getActivity(db, activities[0].id, scope)).toMatchObject({ path: `/activity_details/${activities[0].id}`, ended: false });
    const privacy = await getSitePage(db, { kind: 'privacy', number: 1 }, scope);
    expect(privacy!.title).toBe('Privacy policy');
    expect(privacy!.body.some((block) => block.type === 'heading' && block.text === 'What we store')).toBe(true);
    expect((await getSitePage(db, { kind: 'about', number: 3 }, { ...scope, locale: 'zh-CN' }))!.title).toBe('意见反馈');
    expectReplyShape(noticeViewSchema.array(), notices.list);
    expectReplyShape(activityViewSchema.array(), activities);
    expectReplyShape(sitePageViewSchema, privacy);
    expect(await getSitePage(db, { kind: 'protocol', number: 9 }, scope)).toBeNull();
  });
});
