// Times in the viewer's own zone (issue 18): a page rendered for everyone (a match page) shows its kick-off in the
// device's zone without moving anything, and the schedule, rendered per request, comes from the server already in
// that zone once the browser has told it (the `tz` cookie). A reader in Beijing sees 北京时间.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2ePort } from './support/e2e-server';

const port = e2ePort;

async function upcomingMatch(request: APIRequestContext): Promise<{ match_id: number; start_time: number }> {
  const reply = await request.post('/api/match/getSportMatch', { data: { sport_id: 2, comp: 'world-cup-2022' } });
  const body: { data: { sport_live_match: { match_id: number; status: string; start_time: number }[] } } = await reply.json();
  const match = body.data.sport_live_match.find((entry) => entry.status === 'upcoming');
  expect(match, 'an upcoming match').toBeTruthy();
  return match!;
}

const clock = (unix: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(unix * 1000);

test('a viewer in New York reads kick-offs in New York time, on a cached page and on the schedule, with nothing moving', async ({ browser, request }) => {
  const match = await upcomingMatch(request);
  const context = await browser.newContext({ timezoneId: 'America/New_York', viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/scheduleDetail/${match.match_id}/2`);
  const kickoff = page.locator('dt', { hasText: 'Kick-off' }).locator('xpath=following-sibling::dd[1]');
  await expect(kickoff).toContainText(clock(match.start_time, 'America/New_York'));
  await expect(kickoff).toContainText(/GMT-[45]/);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);

  // The browser has told the server its zone: the schedule's HTML is in New York time before any script runs.
  const cookies = await context.cookies(`http://localhost:${port}`);
  expect(cookies.find((cookie) => cookie.name === 'tz')?.value).toBe(encodeURIComponent('America/New_York'));
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(match.start_time * 1000);
  const html = await (await context.request.get(`/schedule?date=${day}`)).text();
  expect(html).toContain(`>${clock(match.start_time, 'America/New_York')}</time>`);
  await context.close();
});

test('a reader in Beijing reads 北京时间 on the Chinese brand', async ({ browser, request }) => {
  const match = await upcomingMatch(request);
  const context = await browser.newContext({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`http://zh.localhost:${port}/scheduleDetail/${match.match_id}/2`);
  const kickoff = page.locator('dt', { hasText: '开球时间' }).locator('xpath=following-sibling::dd[1]');
  await expect(kickoff).toContainText(clock(match.start_time, 'Asia/Shanghai'));
  await expect(kickoff).toContainText('北京时间');
  await context.close();
});
