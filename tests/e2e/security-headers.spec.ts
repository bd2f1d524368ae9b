// The security headers as Chromium enforces them (docs/security.md): every kind of page of both brands loads,
// hydrates and plays without a single policy violation — static and cached pages, pages rendered per request,
// the signed-in user centre, a live room playing a real stream — while markup injected into a page rendered per
// request cannot run script. Demo anchor Coach Li (18800000003) streams; viewer 18800000001 signs in.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePort } from './support/e2e-server';
import { signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { expectVideoAdvances, openLivePushUrl, pushTestPattern } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

const port = e2ePort;
let api: APIRequestContext;
let viewer: ApiSession;
let anchor: ApiSession;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  viewer = await signInThroughApi(api, '18800000001');
  anchor = await signInThroughApi(api, '18800000003');
});

test.afterAll(async () => {
  await api.dispose();
});

/** Collects the page's policy violations (the DOM event, which names the directive) and console reports. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (event) => list.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []))];
}

const pages = ['/home', '/liveMatches', '/schedule', '/news', '/liveMatchesReplay', '/worldCup', '/no-such-page'];

for (const origin of [`http://localhost:${port}`, `http://zh.localhost:${port}`]) {
  test(`public pages of ${new URL(origin).hostname} load and hydrate without a policy violation`, async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchViolations(page);
    for (const path of pages) {
      const response = await page.goto(`${origin}${path}`);
      const policy = (await response!.allHeaders())['content-security-policy'];
      expect(policy, `${path} carries a policy`).toContain("object-src 'none'");
      // Hydrated: React has attached to the root (a client component's effect ran).
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    // Coming back to a page the browser has cached: a revalidation (304) keeps the page's own policy.
    await page.goto(`${origin}/home`);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /Log in|登录/ })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
    expect(await violations()).toEqual([]);
    // A match page, reached by a client-side navigation: its chunks load under the policy too.
    await page.goto(`${origin}/schedule`);
    await page.locator('a[href^="/scheduleDetail/"]').first().click();
    await expect(page).toHaveURL(/\/scheduleDetail\/\d+\/2$/);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('the signed-in user centre and a playing live room run under a nonce, without a violation', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, viewer);
  const page = await context.newPage();
  const violations = await watchViolations(page);
  const centre = await page.goto('/user-center/index');
  expect((await centre!.allHeaders())['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  await page.waitForLoadState('networkidle');
  const encoder = pushTestPattern(await openLivePushUrl(api, anchor));
  try {
    const room = await page.goto(`/liveMatchesTwo/${anchor.id}`);
    expect((await room!.allHeaders())['content-security-policy']).toContain("media-src 'self' blob:");
    await expectVideoAdvances(page);
    expect(await violations()).toEqual([]);

    // Markup injected into the page cannot run: neither an inline handler nor a javascript: URL. (A script element made
    // by script is allowed under 'strict-dynamic', as it must be for Next's chunk loader; HTML injection cannot make one.)
    await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/x-missing.png" onerror="window.__ran = 1"><a id="jsurl" href="javascript:window.__ran = 2">x</a>';
      document.body.append(holder);
      (document.getElementById('jsurl') as HTMLAnchorElement).click();
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  } finally {
    await encoder.stop();
    await context.close();
  }
});

test('API answers are never documents that run anything', async () => {
  const reply = await api.post('/api/config/getCommonConfig', { data: {} });
  const headers = reply.headers();
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
