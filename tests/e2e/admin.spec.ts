// The operator console (docs/admin.md), once at phone width in English and once on a desktop in Chinese: the operator
// signs in, bans a viewer (whose session ends and whose sign-in is then refused with the reason), finds the ban in
// the audit log, and makes a demo account a moderator (the room manager; in the Chinese run the anchor 老K, since
// accounts.spec resets Coach Li's password), who signs in and cannot change roles; and the operator refuses an
// anchor application after looking at its ID photo, and the applicant reads the reason on their own page; and a
// moderator blocks a word for the brand's chat, tries lines against the list, a viewer's line with it is refused and
// a second earns a mute, which the moderation log shows; and an operator publishes a news article in both languages,
// which readers of each find on the news page at once, and takes it down again.
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import enAnchor from '../../messages/en-US/anchor.json';
import zhAnchor from '../../messages/zh-CN/anchor.json';
import enChat from '../../messages/en-US/chat.json';
import zhChat from '../../messages/zh-CN/chat.json';
import enAdmin from '../../messages/en-US/admin.json';
import zhAdmin from '../../messages/zh-CN/admin.json';
import enApi from '../../messages/en-US/api.json';
import zhApi from '../../messages/zh-CN/api.json';
import { signInToConsole } from './pages/console-sign-in';
import { latestSmsCode } from './pages/sms-outbox';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';

const operatorPhone = '18800000005';

type Run = { name: string; locale: 'en-US' | 'zh-CN'; viewport: { width: number; height: number }; moderatorPhone: string };
const runs: Run[] = [
  { name: 'at phone width in English', locale: 'en-US', viewport: { width: 390, height: 844 }, moderatorPhone: '18800000004' },
  { name: 'on a desktop in Chinese', locale: 'zh-CN', viewport: { width: 1366, height: 860 }, moderatorPhone: '18800000002' },
];

type Envelope = { status: number; msg: string; data: Record<string, unknown> | null };

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // From the top, where the sticky phone bar belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Opens the console in the run's language and signs in. */
function signIn(page: Page, run: Run, phone: string, t: typeof enAdmin): Promise<void> {
  return signInToConsole(page, phone, run.locale, t);
}

/** Waits out the phone's resend gap (SMS_RESEND_GAP_SECONDS), then logs in with a fresh code. */
async function smsLogin(request: APIRequestContext, mobile: string, lang: string): Promise<Envelope> {
  const deadline = Date.now() + 70_000;
  let since = new Date();
  for (;;) {
    since = new Date();
    const sent = (await (await request.post('/api/user/sendCode', { data: { mobile, is_change_mobile: 0 } })).json()) as Envelope;
    if (sent.status === 0) break;
    if (Date.now() > deadline) throw new Error(sent.msg);
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  const pwd = await latestSmsCode(mobile, 'login', since);
  return (await (await request.post('/api/user/login', { data: { account: mobile, pwd, login_type: 2, platform: 0, source_id: 10001, website: 'localhost' }, headers: { lang } })).json()) as Envelope;
}

/** A new viewer who applies to be an anchor through the site's own calls: the ID photo, the contact phone's code, the form. */
async function applyThroughApi(request: APIRequestContext, realName: string): Promise<ApiSession> {
  const session = await registerThroughApi(request, newPhone('159'));
  const headers = { authorization: `Bearer ${session.id}.${session.token}` };
  const buffer = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 210, g: 140, b: 40 } } }).jpeg().toBuffer();
  const photo = (await (await request.post('/api/anchor/uploadIdPhoto', { headers, multipart: { file: { name: 'id.jpg', mimeType: 'image/jpeg', buffer } } })).json()) as Envelope;
  expect(photo, photo.msg).toMatchObject({ status: 0 });
  const contactPhone = newPhone('159');
  const since = new Date();
  expect(((await (await request.post('/api/user/sendCode', { data: { mobile: contactPhone, is_change_mobile: 0 } })).json()) as Envelope).status).toBe(0);
  const application = {
    real_name: realName,
    contact_type: 'whatsapp',
    contact: '+44 7700 900456',
    id_number: 'P-5521-8830',
    id_photo: photo.data?.id_photo,
    profile: 'Commentator of lower-league football for eight seasons, now calling Premier League and World Cup matches online.',
    phone: contactPhone,
    introducer: '',
    code: await latestSmsCode(contactPhone, 'login', since),
  };
  const applied = (await (await request.post('/api/anchor/apply', { headers, data: application })).json()) as Envelope;
  expect(applied, applied.msg).toMatchObject({ status: 0 });
  return session;
}

async function newContextPage(browser: Browser, run: Run): Promise<Page> {
  const context = await browser.newContext({ viewport: run.viewport });
  return context.newPage();
}

for (const run of runs) {
  test.describe(`operator console ${run.name}`, () => {
    const t = run.locale === 'zh-CN' ? zhAdmin : enAdmin;
    const forbidden = run.locale === 'zh-CN' ? zhApi.errors.forbidden : enApi.errors.forbidden;
    const lang = run.locale === 'zh-CN' ? 'zh_cn' : 'en';

    test('an operator bans a viewer, finds it in the audit log, and a moderator cannot change roles', async ({ browser, request }, testInfo) => {
      test.setTimeout(240_000);
      const viewerPhone = newPhone('158');
      const viewer = await registerThroughApi(request, viewerPhone);
      const reason = run.locale === 'zh-CN' ? '发布垃圾链接' : 'Spam links';

      const page = await newContextPage(browser, run);
      await signIn(page, run, operatorPhone, t);
      await expect(page.getByText(t.dashboard.viewersNow)).toBeVisible();
      await shot(page, testInfo, 'dashboard');

      // People: find the viewer by phone and ban them for three days.
      await page.getByRole('link', { name: t.nav.people, exact: true }).click();
      await page.getByLabel(t.people.search).fill(viewerPhone);
      await page.getByRole('button', { name: t.people.searchButton }).click();
      await expect(page.getByText(run.locale === 'zh-CN' ? '共 1 个账号' : '1 account', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: String(viewer.id), exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: viewer.nick_name })).toBeVisible();
      await page.getByLabel(t.people.banReason).fill(reason);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: t.people.banSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: t.people.done.ban })).toBeVisible();
      await expect(page.getByRole('heading', { name: viewer.nick_name }).getByText(t.people.banned)).toBeVisible();
      await expect(page.getByText(reason)).toBeVisible();
      await shot(page, testInfo, 'person-banned');

      // The viewer: the session ended, and signing in again is refused with the reason in their language.
      const info = (await (await request.get('/api/user/getUserInfo', { headers: { authorization: `Bearer ${viewer.id}.${viewer.token}` } })).json()) as Envelope;
      expect(info.status).toBe(2);
      const refused = await smsLogin(request, viewerPhone, lang);
      expect(refused.status).toBe(1);
      expect(refused.msg).toContain(reason);
      expect(refused.msg).toContain(run.locale === 'zh-CN' ? '该账号已被封禁' : 'This account is banned until');

      // The audit log has the ban, with before and after.
      await page.getByRole('link', { name: t.nav.audit, exact: true }).click();
      await page.getByLabel(t.audit.target).fill(String(viewer.id));
      await page.getByRole('button', { name: t.audit.filter }).click();
      const entry = page.locator('tr[data-action="user.ban"]').first();
      await expect(entry).toContainText(t.audit.actions['user.ban']);
      await expect(entry).toContainText('"banned":false');
      await expect(entry).toContainText(`"reason":"${reason}"`);
      await shot(page, testInfo, 'audit');

      // The operator makes a room manager (or an anchor) a moderator.
      await page.getByRole('link', { name: t.nav.people, exact: true }).click();
      await page.getByLabel(t.people.search).fill(run.moderatorPhone);
      await page.getByRole('button', { name: t.people.searchButton }).click();
      await page.getByRole('row').filter({ hasText: run.moderatorPhone }).getByRole('link').first().click();
      await page.getByLabel(t.people.console).selectOption('moderator');
      await page.getByRole('button', { name: t.people.roleSubmit }).click();
      await expect(page.getByRole('status').filter({ hasText: t.people.done.role })).toBeVisible();

      // The moderator signs in: no audit log, no role form, and the role change route refuses them.
      const moderatorPage = await newContextPage(browser, run);
      await signIn(moderatorPage, run, run.moderatorPhone, t);
      await expect(moderatorPage.getByRole('link', { name: t.nav.audit, exact: true })).toHaveCount(0);
      await moderatorPage.getByRole('link', { name: t.nav.people, exact: true }).click();
      await moderatorPage.getByLabel(t.people.search).fill(viewerPhone);
      await moderatorPage.getByRole('button', { name: t.people.searchButton }).click();
      await moderatorPage.getByRole('link', { name: String(viewer.id), exact: true }).click();
      await expect(moderatorPage.getByRole('button', { name: t.people.unban })).toBeVisible();
      await expect(moderatorPage.getByRole('heading', { name: t.people.roleHeading, exact: true })).toHaveCount(0);
      const attempt = (await (
        await moderatorPage.request.post('/api/admin/changeRole', { data: { user_id: viewer.id, role: 'operator' }, headers: { lang } })
      ).json()) as Envelope;
      expect(attempt).toMatchObject({ status: 1, msg: forbidden });
      await shot(moderatorPage, testInfo, 'moderator-person');
      await moderatorPage.context().close();
      await page.context().close();
    });

    test('an operator refuses an anchor application, and the applicant reads the reason', async ({ browser, request }, testInfo) => {
      test.setTimeout(180_000);
      const anchorText = run.locale === 'zh-CN' ? zhAnchor.apply : enAnchor.apply;
      const realName = run.locale === 'zh-CN' ? `王磊${String(Date.now()).slice(-4)}` : `Alex Moreno ${String(Date.now()).slice(-4)}`;
      const reason = run.locale === 'zh-CN' ? '证件照看不清，请重新上传' : 'The ID photo is too blurred to read';
      const applicant = await applyThroughApi(request, realName);

      const page = await newContextPage(browser, run);
      await signIn(page, run, operatorPhone, t);
      await page.getByRole('link', { name: t.nav.applications, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.applications.heading })).toBeVisible();
      const application = page.getByRole('article', { name: realName });
      await expect(application).toContainText('P-5521-8830');
      const photo = application.getByRole('img', { name: t.applications.photoOf.replace('{name}', realName) });
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(800);
      await shot(page, testInfo, 'applications');

      // Refusing needs a reason; with one, the application moves to the refused ones, saying so.
      await application.getByRole('button', { name: t.applications.reject }).click();
      await expect(application.getByRole('alert').filter({ hasText: t.errors.rejectReasonRequired })).toBeVisible();
      await application.getByLabel(t.applications.rejectReason).fill(reason);
      await application.getByRole('button', { name: t.applications.reject }).click();
      await expect(page.getByRole('link', { name: t.applications.status.failed, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('status').filter({ hasText: t.applications.rejectedNotice.replace('{name}', realName) })).toBeVisible();
      await expect(page.getByRole('article', { name: realName })).toContainText(reason);
      await shot(page, testInfo, 'application-refused');
      await page.context().close();

      // The applicant, on their own page in their language, reads why and may apply again.
      const applicantPage = await newContextPage(browser, run);
      await useSession(applicantPage.context(), applicant);
      await applicantPage.goto(`/user-center/apply-anchor?lang=${run.locale}`);
      await expect(applicantPage.getByText(anchorText.failedReason.replace('{reason}', reason))).toBeVisible();
      await expect(applicantPage.getByRole('button', { name: anchorText.retryApply })).toBeVisible();
      await shot(applicantPage, testInfo, 'applicant-refused');
      await applicantPage.context().close();
    });

    test('an operator blocks a word for the brand’s chat, and a viewer’s line with it is refused', async ({ browser, request }, testInfo) => {
      test.setTimeout(180_000);
      const chat = run.locale === 'zh-CN' ? zhChat : enChat;
      const word = run.locale === 'zh-CN' ? '黄牛' : 'scalper';
      const page = await newContextPage(browser, run);
      await signIn(page, run, operatorPhone, t);
      await page.getByRole('link', { name: t.nav.keywords, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.keywords.heading })).toBeVisible();
      await page.getByLabel(t.keywords.words).fill(`${word}\nTips for sale\n${'x'.repeat(45)}`);
      await expect(page.getByText(t.keywords.tooLong.split('{')[0].trim(), { exact: false })).toBeVisible();
      await page.getByLabel(t.keywords.words).fill(`${word.toUpperCase()}\nTips for sale`);

      // Lines tried against the list as it stands in the editor: whole words for letters, anywhere for Chinese.
      const tryLine = page.getByLabel(t.keywords.tryLabel);
      const verdict = page.getByRole('status').filter({ hasText: /./ });
      await tryLine.fill('first class seats behind the goal');
      await expect(verdict).toHaveText(t.keywords.tryPasses);
      await tryLine.fill(run.locale === 'zh-CN' ? '门口的黄牛票太贵了' : 'ask the Scalper at gate 3');
      await expect(verdict).toHaveText(t.keywords.tryBlocked.replace('{word}', word));
      await page.getByRole('button', { name: t.keywords.save }).click();
      await expect(page.getByRole('status').filter({ hasText: t.keywords.saved })).toBeVisible();
      await shot(page, testInfo, 'keywords');

      // A viewer in Coach Li's room, in the run's language, at the run's width.
      const viewerPage = await newContextPage(browser, run);
      const viewer = await registerThroughApi(request, newPhone('157'));
      await useSession(viewerPage.context(), viewer);
      await viewerPage.goto(`/liveMatchesTwo/10000003?lang=${run.locale}`);
      const input = viewerPage.getByRole('textbox', { name: chat.panel.placeholder });
      const line = run.locale === 'zh-CN' ? '门口的黄牛票太贵了' : 'ask the scalper at gate 3';
      await input.fill(line);
      await expect(viewerPage.getByRole('button', { name: chat.panel.send, exact: true })).toBeEnabled();
      await input.press('Enter');
      await expect(viewerPage.getByRole('status').filter({ hasText: chat.restrictions.keywordForbidden })).toBeVisible();
      await expect(input).toHaveValue(line);
      await shot(viewerPage, testInfo, 'keyword-refused');
      // Trying again (after the speak rate's 2 s) earns the automatic mute.
      await viewerPage.waitForTimeout(2_500);
      await input.press('Enter');
      await expect(viewerPage.getByRole('status').filter({ hasText: chat.restrictions.keywordMuted.split('{minutes')[0].replace('{reason}', chat.restrictions.keywordForbidden).trim() })).toBeVisible();
      await viewerPage.context().close();

      // The mute is in the moderation log, by the chat rules, found by the viewer's id.
      await page.getByRole('link', { name: t.nav.moderation, exact: true }).click();
      await page.getByLabel(t.moderation.target).fill(String(viewer.id));
      await page.getByRole('button', { name: t.moderation.filter }).click();
      const mute = page.locator('tr[data-action="autoBan"]');
      await expect(mute).toHaveCount(1);
      await expect(mute).toContainText(t.moderation.actions.autoBan);
      await expect(mute).toContainText(t.moderation.chatRules);
      await expect(mute).toContainText(viewer.nick_name);
      await shot(page, testInfo, 'moderation-log');

      // The list is left empty again for the other journeys on this server.
      const cleared = (await (await page.request.post('/api/admin/saveChatKeywords', { data: { words: '' } })).json()) as Envelope;
      expect(cleared.status).toBe(0);
      await page.context().close();
    });

    test('an operator publishes a news article in both languages, readers of each find it, and it comes down as a draft', async ({ browser }, testInfo) => {
      test.setTimeout(180_000);
      const stamp = String(Date.now()).slice(-5);
      const article = {
        'en-US': { title: `Squad named for the opener ${stamp}`, summary: 'Two new caps and the captain back.', heading: 'Who is in', body: `The coach named his squad on Monday.\n\n## Who is in\n\n- Two new caps\n- The captain returns` },
        'zh-CN': { title: `揭幕战名单出炉 ${stamp}`, summary: '两名新人入选，队长回归。', heading: '入选名单', body: `主教练周一公布了名单。\n\n## 入选名单\n\n- 两名新人\n- 队长回归` },
      } as const;
      const page = await newContextPage(browser, run);
      await signIn(page, run, operatorPhone, t);
      await page.getByRole('link', { name: t.nav.news, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.news.heading })).toBeVisible();
      await page.getByRole('link', { name: t.news.write }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.news.newHeading })).toBeVisible();

      for (const language of ['en-US', 'zh-CN'] as const) {
        const group = page.getByRole('group', { name: t.news.languages[language] });
        await group.getByLabel(t.news.title).fill(article[language].title);
        await group.getByLabel(t.news.summary).fill(article[language].summary);
        await group.getByLabel(t.news.body).fill(article[language].body);
        // The preview renders the Markdown as the article page will.
        const preview = page.getByLabel(t.news.previewOf.replace('{language}', t.news.languages[language]));
        await expect(preview.getByRole('heading', { name: article[language].heading })).toBeVisible();
      }
      await page.getByLabel(t.news.tags).fill('world-cup-2022');
      await page.getByRole('radio', { name: t.news.publishModes.now }).check();
      await shot(page, testInfo, 'news-editor');
      await page.getByRole('button', { name: t.news.save }).click();

      // Back on the list: published, in both languages.
      const row = page.getByRole('row').filter({ hasText: article[run.locale].title });
      await expect(row).toContainText(t.news.states.published);
      await shot(page, testInfo, 'news-list');

      // Readers in each language find it on the news page (the save purges the cached pages), and open it.
      const reader = await newContextPage(browser, run);
      for (const language of ['en-US', 'zh-CN'] as const) {
        await expect(async () => {
          await reader.goto(`/news?lang=${language}`);
          await expect(reader.getByRole('link', { name: article[language].title }).first()).toBeVisible({ timeout: 2_000 });
        }).toPass({ timeout: 30_000 });
      }
      await reader.getByRole('link', { name: article['zh-CN'].title }).first().click();
      await expect(reader.getByRole('heading', { level: 1, name: article['zh-CN'].title })).toBeVisible();
      await expect(reader.getByRole('heading', { name: article['zh-CN'].heading })).toBeVisible();
      await shot(reader, testInfo, 'news-article');

      // Kept as a draft again, it leaves the news page.
      await row.getByRole('link', { name: `${t.news.edit}: ${article[run.locale].title}` }).click();
      await page.getByRole('radio', { name: t.news.publishModes.draft }).check();
      await page.getByRole('button', { name: t.news.save }).click();
      await expect(page.getByRole('status').filter({ hasText: t.news.saved })).toBeVisible();
      await expect(async () => {
        await reader.goto(`/news?lang=${run.locale}`);
        await expect(reader.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 2_000 });
        await expect(reader.getByRole('link', { name: article[run.locale].title })).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await reader.context().close();
      await page.context().close();
    });
  });
}
