// The route table builds the addresses users, crawlers and stored links already know: a changed path here is a
// broken bookmark, so every path is spelled out, and every page folder must have its entry.
import fs from 'node:fs';
import path from 'node:path';
import {
  aboutPagePath,
  adminApplicationsPath,
  adminAuditPath,
  adminFeedbackPath,
  adminModerationPath,
  adminNewsPath,
  adminReplaysPath,
  adminRoutes,
  activityDetailPath,
  anchorInfoPath,
  anchorReplaysPath,
  dynamicRouteBases,
  gameDetailPath,
  liveRoomPath,
  liveSummaryPath,
  matchDetailPath,
  newsArticlePath,
  privacyPolicyPath,
  replayIdInUrl,
  replayPath,
  replayTabPath,
  searchResultsPath,
  siteRoutes,
  userAgreementPath,
} from './routes';

describe('siteRoutes', () => {
  it('keeps every fixed page at its spec address', () => {
    expect(siteRoutes).toEqual({
      root: '/',
      home: '/home',
      liveMatches: '/liveMatches',
      liveMatchesReplay: '/liveMatchesReplay',
      schedule: '/schedule',
      news: '/news',
      activity: '/activity',
      mall: '/mall',
      notice: '/notice',
      urgent: '/urgent',
      worldCup: '/worldCup',
      privateChat: '/user-center/privateChat',
      schedulePreview: '/schedule-preview',
      ranking: '/ranking',
      game: '/game',
      monopoly: '/monopoly',
      sieve: '/sieve',
      guessList: '/guessList',
      teamInfo: '/teamInfo',
      certificate1: '/certificate1',
      certificate2: '/certificate2',
      voucher: '/user-center/voucher',
      checkin: '/user-center/checkin',
      download: '/download',
      help: '/help',
      feedback: '/about/3',
      keysearch: '/keysearch',
      applyAnchor: '/user-center/apply-anchor',
      centerAnchor: '/user-center/center-anchor',
      userCenter: '/user-center/index',
      focus: '/user-center/focus',
      lottery: '/lottery',
      liveManagement: '/user-center/live-management',
      liveRoomSettings: '/user-center/live-room-settings',
      guessingManagement: '/user-center/guessing-management',
      mySchedule: '/user-center/mySchedule',
      myWallet: '/user-center/myWallet',
      recharge: '/user-center/recharge',
      rechargeHistory: '/user-center/rechargeHistory',
      watchHistory: '/user-center/watchHistory',
      betHistory: '/user-center/betHistory',
    });
  });

  it('has the feedback page among the about pages', () => {
    expect(siteRoutes.feedback).toBe(aboutPagePath(3));
  });
});

describe('pages with an id', () => {
  it('build the spec addresses', () => {
    expect(liveRoomPath(17)).toBe('/liveMatchesTwo/17');
    expect(matchDetailPath(64, 1)).toBe('/scheduleDetail/64/1');
    expect(newsArticlePath(12)).toBe('/news_detail/12');
    expect(activityDetailPath(3)).toBe('/activity_details/3');
    expect(anchorInfoPath(17)).toBe('/anchorInfo/17');
    expect(anchorReplaysPath(17)).toBe('/anchorReplay/17');
    expect(aboutPagePath(1)).toBe('/about/1');
    expect(privacyPolicyPath(1)).toBe('/privacy/1');
    expect(userAgreementPath(1, 'pc')).toBe('/protocol/1/pc');
    expect(gameDetailPath('dice')).toBe('/gameDetail/dice');
  });

  it('echo an id segment as the page received it', () => {
    expect(anchorInfoPath('abc')).toBe('/anchorInfo/abc');
    expect(privacyPolicyPath('01')).toBe('/privacy/01');
    expect(liveRoomPath('42')).toBe('/liveMatchesTwo/42');
  });

  it('encode what is text, not an id', () => {
    expect(userAgreementPath(2, 'a/b c')).toBe('/protocol/2/a%2Fb%20c');
    expect(gameDetailPath('https://games.example/x?y=1')).toBe('/gameDetail/https%3A%2F%2Fgames.example%2Fx%3Fy%3D1');
  });

  it('start with their base, which "is this page open" checks match on', () => {
    expect(dynamicRouteBases).toEqual({
      liveMatchesTwo: '/liveMatchesTwo',
      scheduleDetail: '/scheduleDetail',
      newsDetail: '/news_detail',
      activityDetails: '/activity_details',
      anchorInfo: '/anchorInfo',
      anchorReplay: '/anchorReplay',
      gameDetail: '/gameDetail',
      about: '/about',
      privacy: '/privacy',
      protocol: '/protocol',
      sandboxCheckout: '/pay/sandbox',
    });
  });
});

describe('addresses with a query', () => {
  it('open a replay on its anchor’s replays, and read it back', () => {
    const href = replayPath({ id: 9, anchor_id: 17 });
    expect(href).toBe('/anchorReplay/17?replay=9');
    expect(replayIdInUrl(`http://localhost:3000${href}`)).toBe(9);
  });

  it('treat ?replay=1 on the replay list as the tab’s flag, not a replay', () => {
    expect(replayTabPath).toBe('/liveMatchesReplay?replay=1');
    expect(replayIdInUrl(replayTabPath)).toBeNull();
    expect(replayIdInUrl('/anchorReplay/17?replay=abc')).toBeNull();
  });

  it('search for a keyword, encoded', () => {
    expect(searchResultsPath('Manchester United')).toBe('/keysearch?keyword=Manchester%20United');
    expect(searchResultsPath('巴西')).toBe('/keysearch?keyword=%E5%B7%B4%E8%A5%BF');
  });

  it('open live management on an ended live’s summary', () => {
    expect(liveSummaryPath(5)).toBe('/user-center/live-management?ended=5');
  });
});

describe('completeness', () => {
  const appRoot = path.join(__dirname, '..', 'app', '[brand]', '[locale]');

  function pageFolders(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (!entry.isDirectory()) return entry.name === 'page.tsx' ? [dir] : [];
      return pageFolders(path.join(dir, entry.name));
    });
  }

  // `(site)` and `(bare)` are layout groups, not path segments; `[...unknown]` is the not-found catch-all.
  const pages = pageFolders(appRoot)
    .map((dir) => `/${path.relative(appRoot, dir).split(path.sep).filter((part) => !/^\(.*\)$/.test(part)).join('/')}`)
    .filter((page) => !page.includes('[...'));

  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it('has a fixed route for every page without an id, and a base for every page with one', () => {
    // The console's pages are in its own table; its pages with an id hang off their lists (a person off People, a
    // site page's editor off Site pages, an article's off News).
    const fixed = new Set<string>([...Object.values(siteRoutes), ...Object.values(adminRoutes)]);
    const bases = new Set<string>([...Object.values(dynamicRouteBases), adminRoutes.people, adminRoutes.pages, adminRoutes.news]);
    const missing = pages.filter((page) => {
      const at = page.indexOf('/[');
      return at === -1 ? !fixed.has(page) : !bases.has(page.slice(0, at));
    });
    expect(missing).toEqual([]);
  });
});

describe('console list addresses', () => {
  it('keep the filters in order and leave out the empty ones, page 1 and a list’s default status', () => {
    expect(adminAuditPath({ actor: 5, action: 'user.ban', target: '', page: 1 })).toBe('/admin/audit?actor=5&action=user.ban');
    expect(adminModerationPath({ room: 'live:3', target: 9, page: 2 })).toBe('/admin/moderation?room=live%3A3&target=9&page=2');
    expect(adminApplicationsPath({ status: 'verifying', decided: 12 })).toBe('/admin/applications?decided=12');
    expect(adminFeedbackPath({ status: 'new' })).toBe('/admin/feedback');
    expect(adminFeedbackPath({ status: 'answered', page: 3 })).toBe('/admin/feedback?status=answered&page=3');
    expect(adminNewsPath({ kind: 'news', page: 1 })).toBe('/admin/news?kind=news');
    expect(adminReplaysPath(1)).toBe('/admin/replays');
    expect(adminReplaysPath(4)).toBe('/admin/replays?page=4');
  });
});
