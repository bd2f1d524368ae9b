// The match centre as visitors and crawlers meet it, against the production server whose replayer runs
// 60× with at most a minute between match days (playwright.config.ts): server HTML with the live score and structured data, and a visitor's way
// from home to a live match that moves, its tabs, an article, and the other language.
import http from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePort } from './support/e2e-server';

const port = e2ePort;
const origin = `http://localhost:${port}`;

type SportMatch = { match_id: number; home: string; away: string; status: 'live' | 'upcoming' };

/** A match being played now: at 60× with gaps of a minute at most, one is never far off. */
async function liveMatch(request: APIRequestContext): Promise<SportMatch> {
  let found: SportMatch | undefined;
  await expect
    .poll(
      async () => {
        const reply = await request.post('/api/match/getSportMatch', { data: { sport_id: 2, comp: 'world-cup-2022' } });
        const body: { data: { sport_live_match: SportMatch[] } } = await reply.json();
        found = body.data.sport_live_match.find((match) => match.status === 'live');
        return found !== undefined;
      },
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe(true);
  return found!;
}

/**
 * GET on this server with the Host header a brand's visitor would send. Node's http client, because it sends
 * the Host header as given; Playwright's request context may replace it with the address's own host.
 */
function getWithHost(path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`${path} for ${host}: HTTP ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}

function jsonLd(html: string, type: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
  const block = blocks.find((entry) => entry['@type'] === type);
  expect(block, `${type} structured data`).toBeTruthy();
  return block!;
}

test.describe('server HTML for crawlers', () => {
  test('a live match page carries the live score, as text and as SportsEvent structured data', async ({ request }) => {
    test.setTimeout(300_000);
    const match = await liveMatch(request);
    const response = await request.get(`/scheduleDetail/${match.match_id}/2`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const event = jsonLd(html, 'SportsEvent');
    expect(event).toMatchObject({ name: `${match.home} v ${match.away}`, url: `${origin}/scheduleDetail/${match.match_id}/2`, homeTeam: { name: match.home } });
    // The description carries the score the scoreboard shows.
    const scored = new RegExp(`${match.home} (\\d+)–(\\d+) ${match.away}`).exec(String(event.description));
    expect(scored, String(event.description)).not.toBeNull();
    expect(html).toContain(`data-testid="match-score"><span>${scored![1]}</span>`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/scheduleDetail/${match.match_id}/2"/>`);
  });

  test('an article carries NewsArticle structured data, its canonical address and language alternates', async ({ request }) => {
    const list: { data: { list: { id: number; title: string; path: string }[] } } = await (await request.get('/api/news/getNewsList?size=1')).json();
    const article = list.data.list[0];
    const html = await (await request.get(article.path)).text();
    expect(jsonLd(html, 'NewsArticle')).toMatchObject({ headline: article.title, inLanguage: 'en-US', mainEntityOfPage: { '@id': `${origin}${article.path}` } });
    expect(html).toContain(`<link rel="canonical" href="${origin}${article.path}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="zh-CN" href="${origin}${article.path}?lang=zh-CN"/>`);
    // The alternate serves the other language to a client without cookies.
    const chinese = await (await request.get(`${article.path}?lang=zh-CN`, { headers: { cookie: '' } })).text();
    expect(chinese).toContain('<html lang="zh-CN"');
    expect(jsonLd(chinese, 'NewsArticle')).toMatchObject({ inLanguage: 'zh-CN' });
  });

  test('each brand has its own sitemap and robots.txt', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${origin}/scheduleDetail/1064/2</loc>`);
    expect(xml).toContain(`<loc>${origin}/worldCup?lang=zh-CN</loc>`);
    expect(await getWithHost('/robots.txt', `localhost:${port}`)).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // The Chinese brand's host (Node does not resolve *.localhost names, so it is sent as the Host header).
    const robots = await getWithHost('/robots.txt', `zh.localhost:${port}`);
    expect(robots).toContain(`Sitemap: http://zh.localhost:${port}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });
});

async function commentaryCount(page: Page): Promise<number> {
  return page.getByTestId('commentary').locator('li').count();
}

test('a visitor follows a live match from the home page, switches tabs, reads an article, switches language', async ({ page, request }) => {
  test.setTimeout(360_000);
  const match = await liveMatch(request);

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Live now' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await page.getByRole('list', { name: 'Status' }).getByRole('link', { name: 'Live' }).click();
  await expect(page).toHaveURL(/status=live/);
  const row = page.locator(`a[href="/scheduleDetail/${match.match_id}/2"]`);
  // The schedule's data is cached for 10 s: a match that has just kicked off may take a reload to appear.
  await expect
    .poll(
      async () => {
        if ((await row.count()) > 0) return true;
        await page.reload();
        return false;
      },
      { timeout: 60_000, intervals: [3_000] },
    )
    .toBe(true);
  await expect(row).toContainText(match.home);
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/scheduleDetail/${match.match_id}/2$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${match.home} v ${match.away}`);
  const clock = page.getByTestId('match-clock');
  const score = page.getByTestId('match-score');
  const firstClock = await clock.innerText();
  const firstScore = await score.innerText();
  const firstLines = await commentaryCount(page);
  // The replayer moves a minute of play per second: the clock follows without a reload...
  await expect(clock).not.toHaveText(firstClock, { timeout: 30_000 });
  // ...and so do the score or the live text (a goal, a card, half-time, the final whistle).
  await expect
    .poll(async () => (await score.innerText()) !== firstScore || (await commentaryCount(page)) > firstLines, { timeout: 150_000, intervals: [1_000] })
    .toBe(true);

  await page.getByRole('tab', { name: 'Stats' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Stats' })).toContainText('Yellow cards');
  await page.getByRole('tab', { name: 'Line-ups' }).click();
  const lineups = page.getByRole('tabpanel', { name: 'Line-ups' });
  await expect(lineups).toContainText('Starting eleven');
  await expect(lineups).toContainText(match.home);
  await page.getByRole('tab', { name: 'Live text' }).click();
  await expect(page.getByTestId('commentary')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
  await expect(page).toHaveURL(/\/news$/);
  const firstArticle = page.locator('main article h3 a').first();
  const title = await firstArticle.innerText();
  await firstArticle.click();
  await expect(page).toHaveURL(/\/news_detail\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('navigation', { name: '面包屑导航' })).toContainText('资讯');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(title);
});
