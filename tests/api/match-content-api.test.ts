// The match, banner, ad-link and news endpoints against a freshly seeded database (real data, the
// demo's World Cup replay 30 minutes into Netherlands v Qatar), good input and bad.
import { GET as getSportMatchCompGet, POST as getSportMatchComp } from '@/app/api/match/getSportMatchComp/route';
import { POST as getSportMatch } from '@/app/api/match/getSportMatch/route';
import { GET as getLongMenAgGet, POST as getLongMenAg } from '@/app/api/home/getLongMenAg/route';
import { POST as getAdJumpLink } from '@/app/api/activity/getAdJumpLink/route';
import { GET as getNewsListGet, POST as getNewsList } from '@/app/api/news/getNewsList/route';
import { adJumpLinkReply, getLongMenAgReply, type BannerView } from '@/lib/validation/content';
import { getSportMatchCompReply, getSportMatchReply, type SportCompetitionItem, type SportMatchItem } from '@/lib/validation/matches';
import { newsListReply, type NewsList } from '@/lib/validation/news';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

const zh = { headers: { lang: 'zh_cn' } };

describe('POST /api/match/getSportMatchComp', () => {
  it('lists the football competitions that still have matches to stream', async () => {
    const reply = await callRoute<{ sport_live_match_comp: SportCompetitionItem[] }>(getSportMatchComp, { body: { sport_id: 2 } });
    expect(reply.status).toBe(0);
    // The Premier League season is over; the replayed World Cup has 32 matches to come.
    expect(reply.data.sport_live_match_comp).toEqual([
      { comp: 'World Cup 2022', comp_id: 1, comp_code: 'world-cup-2022', comp_name: 'FIFA World Cup Qatar 2022', sport_id: 2, open_matches: 32 },
    ]);
    expectReplyShape(getSportMatchCompReply, reply.data);
    const chinese = await callRoute<{ sport_live_match_comp: SportCompetitionItem[] }>(getSportMatchCompGet, { method: 'GET', path: '/api/match/getSportMatchComp?sport_id=2', ...zh });
    expect(chinese.data.sport_live_match_comp[0].comp).toBe('2022世界杯');
  });

  it('answers a sport without competitions with an empty list', async () => {
    const reply = await callRoute<{ sport_live_match_comp: SportCompetitionItem[] }>(getSportMatchComp, { body: { sport_id: 1 } });
    expect(reply).toMatchObject({ status: 0, data: { sport_live_match_comp: [] } });
  });

  it.each([
    ['a missing sport_id', {}],
    ['a word', { sport_id: 'football' }],
    ['zero', { sport_id: 0 }],
    ['a fraction', { sport_id: 2.5 }],
  ])('refuses %s with status 1 and a clear message', async (_case, body) => {
    const reply = await callRoute(getSportMatchComp, { body });
    expect(reply).toMatchObject({ httpStatus: 200, status: 1, data: null });
    expect(reply.msg).toBe('sport_id must be the id of a sport, a whole number such as 2 for football.');
  });

  it('names an unknown sport, in the language of the request', async () => {
    expect((await callRoute(getSportMatchComp, { body: { sport_id: 999 } })).msg).toBe('There is no sport with id 999.');
    expect((await callRoute(getSportMatchComp, { body: { sport_id: 999 }, ...zh })).msg).toBe('不存在编号为999的项目。');
  });
});

describe('POST /api/match/getSportMatch', () => {
  it('lists the live and upcoming matches of the competition, live first, as the start-live dialog needs them', async () => {
    const reply = await callRoute<{ sport_live_match: SportMatchItem[] }>(getSportMatch, { body: { sport_id: 2, comp: 'World Cup 2022' } });
    expect(reply.status).toBe(0);
    const list = reply.data.sport_live_match;
    expect(list).toHaveLength(32);
    expect(list.slice(0, 2).map((match) => [match.match_id, match.home, match.away, match.status])).toEqual([
      [1033, 'Netherlands', 'Qatar', 'live'],
      [1034, 'Ecuador', 'Senegal', 'live'],
    ]);
    // Knock-out places are shown as what they are until decided.
    expect(list.find((match) => match.match_id === 1064)).toMatchObject({ home: 'Winner of match 61', away: 'Winner of match 62', home_id: null });
    expect(list.every((match) => match.start_time > 0 && match.comp === 'World Cup 2022')).toBe(true);
    expectReplyShape(getSportMatchReply, reply.data);
  });

  it('takes the competition by id or code too, and answers in Chinese', async () => {
    const byId = await callRoute<{ sport_live_match: SportMatchItem[] }>(getSportMatch, { body: { sport_id: 2, comp: 1 }, ...zh });
    expect(byId.data.sport_live_match[0]).toMatchObject({ home: '荷兰', away: '卡塔尔', round: 'A组 · 第3轮' });
    const byCode = await callRoute<{ sport_live_match: SportMatchItem[] }>(getSportMatch, { body: { sport_id: '2', comp: 'world-cup-2022' } });
    expect(byCode.data.sport_live_match).toHaveLength(32);
  });

  it('refuses a missing or unknown competition', async () => {
    expect((await callRoute(getSportMatch, { body: { sport_id: 2 } })).msg).toBe(
      'comp must name a competition (its id or code, as getSportMatchComp lists it).',
    );
    const unknown = await callRoute(getSportMatch, { body: { sport_id: 2, comp: 'Serie A' } });
    expect(unknown).toMatchObject({ status: 1, msg: 'No competition matches "Serie A" for this sport.' });
    const wrongSport = await callRoute(getSportMatch, { body: { sport_id: 1, comp: 1 } });
    expect(wrongSport).toMatchObject({ status: 1, msg: 'No competition matches "1" for this sport.' });
  });
});

describe('/api/home/getLongMenAg', () => {
  it('gives the home page banners for category 6 and the others for 11, with jump_url and jump_type', async () => {
    const home = await callRoute<BannerView[]>(getLongMenAg, { body: { equipment: 1, category: 6 } });
    expect(home.status).toBe(0);
    expect(home.data.map((banner) => [banner.title, banner.jump_url, banner.jump_type])).toEqual([
      ['The 2022 World Cup, live again', '/worldCup', 1],
      ['A report from every World Cup match', '/news', 1],
      ['Premier League 2024/25: results and table', '/schedule', 1],
    ]);
    expectReplyShape(getLongMenAgReply, home.data);
    const elsewhere = await callRoute<BannerView[]>(getLongMenAgGet, { method: 'GET', path: '/api/home/getLongMenAg?category=11', ...zh });
    expect(elsewhere.data.map((banner) => banner.title)).toEqual(['在手机上观看', '关注世界杯重现']);
    expect(elsewhere.data[0]).toMatchObject({ jump_type: 100, image: '/covers/download.svg' });
  });

  it('answers an unknown placement with no banners', async () => {
    expect(await callRoute(getLongMenAg, { body: { category: 7 } })).toMatchObject({ status: 0, data: [] });
  });

  it('refuses a missing category or a wrong equipment with status 1', async () => {
    expect(await callRoute(getLongMenAg, { body: { equipment: 1 } })).toMatchObject({
      status: 1,
      msg: 'category must be a whole number such as 6 (home page) or 11 (other pages).',
    });
    expect((await callRoute(getLongMenAg, { body: { equipment: 'pc', category: 6 }, ...zh })).msg).toBe('equipment 必须是整数，例如 1（网页）。');
  });
});

describe('/api/activity/getAdJumpLink', () => {
  it('gives the URL of the default ad placement (jump_type 100)', async () => {
    const link = await callRoute(getAdJumpLink, {});
    expect(link).toMatchObject({ status: 0, data: { url: '/download' } });
    expectReplyShape(adJumpLinkReply, link.data);
    expect(await callRoute(getAdJumpLink, { body: { jump_type: 100 } })).toMatchObject({ status: 0, data: { url: '/download' } });
  });

  it('answers a placement without a link with the spec\'s "url error", in the request\'s language', async () => {
    expect(await callRoute(getAdJumpLink, { body: { jump_type: 7 } })).toMatchObject({ status: 1, msg: 'URL error: no link is set for this ad.', data: null });
    expect((await callRoute(getAdJumpLink, { body: { jump_type: 7 }, ...zh })).msg).toBe('链接错误：此广告未设置链接。');
  });

  it('refuses a jump_type that is not a whole number', async () => {
    expect(await callRoute(getAdJumpLink, { body: { jump_type: 'banner' } })).toMatchObject({ status: 1, msg: 'jump_type must be a whole number such as 100.' });
    expect(await callRoute(getAdJumpLink, { rawBody: '{"jump_type":', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 1 });
  });
});

describe('/api/news/getNewsList', () => {
  it('lists only the reports of matches already played, newest first', async () => {
    const reply = await callRoute<NewsList>(getNewsList, { body: { size: 5 } });
    expect(reply.status).toBe(0);
    // 32 World Cup matches finished in the replay, and the Premier League's last matchday.
    expect(reply.data.total).toBe(42);
    expect(reply.data.list).toHaveLength(5);
    const times = reply.data.list.map((article) => article.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(reply.data.list[0]).toMatchObject({ kind: 'report', path: expect.stringMatching(/^\/news_detail\/\d+$/), coverUrl: expect.stringMatching(/^\/covers\/match\/\d+\.svg$/) });
    expectReplyShape(newsListReply, reply.data);
  });

  it('filters by tag and by match, in Chinese too', async () => {
    const finals = await callRoute<NewsList>(getNewsList, { body: { tag: 'final' } });
    // The replayed final has not been played yet: its report is not out.
    expect(finals.data.total).toBe(0);
    const opener = await callRoute<NewsList>(getNewsListGet, { method: 'GET', path: '/api/news/getNewsList?match_id=1001', ...zh });
    expect(opener.data.list.map((article) => article.title)).toEqual(['A组：厄瓜多尔2–0战胜卡塔尔']);
    expect(opener.data.list[0].tags.map((tag) => tag.label)).toEqual(['比赛战报', '2022世界杯', '小组赛']);
  });

  it('refuses a page size over 50 and a malformed tag', async () => {
    expect(await callRoute(getNewsList, { body: { size: 500 } })).toMatchObject({ status: 1, msg: 'size must be a whole number from 1 to 50.' });
    expect(await callRoute(getNewsList, { body: { tag: 'DROP TABLE' } })).toMatchObject({ status: 1, msg: 'tag must be a tag key such as match-report.' });
  });
});
