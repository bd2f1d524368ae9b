// The operator console's rules (docs/admin.md): only operators and the console sub-roles sign in, each sub-role gets
// exactly its rights from the role matrix, every action leaves an audit row with its before and after, sensitive
// actions need a password given in the last few minutes, a brand can enforce TOTP, and a banned account is refused.
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { generate } from 'otplib';
import { POST as clearMaintenanceRoute } from '@/app/api/admin/clearMaintenance/route';
import { POST as signIn } from '@/app/api/admin/signIn/route';
import { POST as signOut } from '@/app/api/admin/signOut/route';
import { POST as reauth } from '@/app/api/admin/reauth/route';
import { POST as confirmTotp } from '@/app/api/admin/confirmTotp/route';
import { POST as banUser } from '@/app/api/admin/banUser/route';
import { POST as unbanUser } from '@/app/api/admin/unbanUser/route';
import { POST as revokeSessions } from '@/app/api/admin/revokeSessions/route';
import { POST as changeRole } from '@/app/api/admin/changeRole/route';
import { POST as endLive } from '@/app/api/admin/endLive/route';
import { POST as revokePushKey } from '@/app/api/admin/revokePushKey/route';
import { POST as saveSitePageRoute } from '@/app/api/admin/saveSitePage/route';
import { POST as saveNewsRoute } from '@/app/api/admin/saveNews/route';
import { POST as hideReplayRoute } from '@/app/api/admin/hideReplay/route';
import { POST as replyFeedbackRoute } from '@/app/api/admin/replyFeedback/route';
import { POST as markFeedbackHandledRoute } from '@/app/api/admin/markFeedbackHandled/route';
import { POST as deleteReplayRoute } from '@/app/api/admin/deleteReplay/route';
import { POST as getReplayListRoute } from '@/app/api/live/getReplayList/route';
import { GET as replayFileRoute } from '@/app/api/media/replays/[file]/route';
import { POST as approveApplicationRoute } from '@/app/api/admin/approveApplication/route';
import { POST as rejectApplicationRoute } from '@/app/api/admin/rejectApplication/route';
import { GET as idPhotoRoute } from '@/app/api/admin/idPhoto/route';
import { POST as saveChatKeywordsRoute } from '@/app/api/admin/saveChatKeywords/route';
import { POST as appointRoomManagerRoute } from '@/app/api/admin/appointRoomManager/route';
import { POST as removeRoomManagerRoute } from '@/app/api/admin/removeRoomManager/route';
import { POST as decideQuizRoute } from '@/app/api/admin/decideQuiz/route';
import { POST as saveBrandSettingsRoute } from '@/app/api/admin/saveBrandSettings/route';
import { POST as saveGiftRoute } from '@/app/api/admin/saveGift/route';
import { POST as verifyLedgerRoute } from '@/app/api/admin/verifyLedger/route';
import { POST as roomBanRoute } from '@/app/api/live/banUser/route';
import { POST as roomUnbanRoute } from '@/app/api/live/unbanUser/route';
import { POST as applyRoute } from '@/app/api/anchor/apply/route';
import { POST as applyInfoRoute } from '@/app/api/anchor/applyInfo/route';
import { POST as uploadIdPhotoRoute } from '@/app/api/anchor/uploadIdPhoto/route';
import { GET as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { auditLog, feedback, gifts, lives, newsArticles, quizBets, quizzes, replays, sitePages, streamKeys, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { mediaPaths } from '@/lib/server/media/paths';
import { replayRemovedChannel } from '@/lib/server/replays/events';
import { getReplay } from '@/lib/server/replays/queries';
import { getAnchorInfo } from '@/lib/server/anchors/profile';
import { listFeedbackForConsole } from '@/lib/server/admin/feedback';
import { listRoomManagersForConsole } from '@/lib/server/admin/room-managers';
import { listQuizzesForConsole } from '@/lib/server/admin/quizzes';
import { placeBet } from '@/lib/server/quizzes/bet';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { readWallet } from '@/lib/server/ledger/balances';
import { readSystemHistory } from '@/lib/server/inbox/system-messages';
import { consoleCookieName, findConsoleActor, sealConsoleGrant } from '@/lib/server/admin/console-session';
import { totpStatus } from '@/lib/server/admin/totp';
import { getAppConfig, setAppConfigValue } from '@/lib/server/config/app-config';
import { getSitePage, sitePagesChangedChannel } from '@/lib/server/content/site-pages';
import { readSitePageDraft } from '@/lib/server/admin/site-pages';
import { listNewsForConsole, readNewsDraft } from '@/lib/server/admin/news';
import { getNewsArticle, listNews, listNewsForSitemap } from '@/lib/server/news/queries';
import { newsChangedChannel } from '@/lib/server/news/events';
import { announceScheduledNews } from '@/lib/server/news/schedule';
import { getBrand } from '@/lib/brand/registry';
import { getBus } from '@/lib/realtime/bus';
import { consoleRights, roleMatrix, type ConsoleRight } from '@/lib/validation/admin';
import { callRoute } from '@/tests/support/call-route';
import { call, consoleSignIn, giftForm, consoleUser, latestAudit, password, person, sealedFrom, type Reply } from './console-helpers';

beforeAll(() => getDb(), 60_000);
import { latestCode, newIp, requestCode, skipResendGap } from '@/tests/support/auth';
import { accountWithRole, picture, startLivePayload, uploadFile, type Account } from './live-helpers';
import { listApplicationsForConsole } from '@/lib/server/admin/anchor-applications';
import { readKeywordList } from '@/lib/server/admin/chat-keywords';
import { listModerationLog } from '@/lib/server/admin/moderation-log';
import { getChatLimits } from '@/lib/server/chat/config';
import { chatControlChannel } from '@/lib/server/chat/publish';

/** A viewer who has applied to be an anchor through the site (photo upload, contact phone code, the form). */
async function applicant(): Promise<Account> {
  const account = await accountWithRole('1582');
  const photo = await uploadFile<{ id_photo: string }>(uploadIdPhotoRoute, account.credential, await picture(800, 500, 'jpeg'), 'id.jpg', 'image/jpeg');
  await skipResendGap(account.mobile);
  await requestCode(account.mobile);
  const applied = await callRoute(applyRoute, {
    credential: account.credential,
    body: {
      real_name: 'Chen Jing',
      contact_type: 'whatsapp',
      contact: '+8613800002222',
      id_number: 'E87654321',
      id_photo: photo.data.id_photo,
      profile: 'I have called Chinese Super League games on local radio for six seasons and follow the World Cup closely.',
      phone: account.mobile,
      introducer: '',
      code: latestCode(account.mobile),
    },
  });
  if (applied.status !== 0) throw new Error(`apply failed: ${applied.msg}`);
  return account;
}

/** GET /api/admin/idPhoto with the console cookie. */
async function idPhoto(userId: number | string, cookie?: string): Promise<Response> {
  return idPhotoRoute(
    new NextRequest(`http://localhost:3000/api/admin/idPhoto?user_id=${userId}`, {
      headers: { host: 'localhost:3000', ...(cookie ? { cookie: `${consoleCookieName.plain}=${cookie}` } : {}) },
    }),
  );
}

async function anchorLive(): Promise<Account> {
  const anchor = await accountWithRole('1581', 'anchor');
  const started = await callRoute(startLive, { credential: anchor.credential, body: startLivePayload() });
  if (started.status !== 0) throw new Error(`startLive failed: ${started.msg}`);
  return anchor;
}

/** The settings form as the console sends it: every field as text, from the brand's current values. */
async function settingsForm(brandId: string, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const values = await getAppConfig(await getDb(), brandId);
  const form = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Array.isArray(value) ? value.map((chip) => chip / 100).join(', ') : String(value)]));
  return { ...form, ...changes };
}

/** A quiz open for bets on a sportcast anchor's live, with a stake on each side. */
async function openQuizRow(bettors: Account[] = []) {
  const db = await getDb();
  const anchor = await accountWithRole('1585', 'anchor');
  const [live] = await db.insert(lives).values({ anchorId: anchor.id, stream: `quiz-${anchor.id}`, title: 'Quiz', categoryId: 2, childCategoryId: 201, status: 'live' }).returning();
  const [quiz] = await db
    .insert(quizzes)
    .values({ anchorId: anchor.id, liveId: live.id, question: 'Who scores first?', optionA: 'Home', optionB: 'Away', minBet: 100, closeAt: new Date(Date.now() + 3_600_000), status: 'in_progress' })
    .returning();
  for (const [index, bettor] of bettors.entries()) {
    await grantCurrency(db, { userId: bettor.id, currency: 'gold', amount: 10_000, idempotencyKey: `quiz-dispute:${quiz.id}:${bettor.id}`, note: 'test' });
    const placed = await placeBet(db, { userId: bettor.id, quizId: quiz.id, option: index % 2 === 0 ? 'A' : 'B', amount: 1_000, idempotencyKey: `quiz-dispute-bet:${quiz.id}:${bettor.id}` });
    expect(placed).toBeDefined();
  }
  return quiz;
}

describe('console sign-in', () => {
  it('lets an operator in with a short-lived HttpOnly SameSite=Strict cookie of its own', async () => {
    const operator = await person('operator');
    const reply = await call(signIn, { phone: operator.mobile, password });
    expect(reply).toMatchObject({ status: 0, msg: 'success', data: { totp: 0 } });
    expect(reply.setCookie).toMatch(/^sc_console=/);
    expect(reply.setCookie).toMatch(/HttpOnly/i);
    expect(reply.setCookie).toMatch(/SameSite=Strict/i);
    expect(reply.setCookie).toMatch(/Max-Age=7200/);
    // The viewer's session cookie is not set by the console.
    expect(reply.setCookie).not.toMatch(/sc_session=/);
  });

  it('lets each sub-role in and refuses viewers, anchors and managers in the caller’s language', async () => {
    for (const role of ['content', 'finance', 'moderator'] as const) {
      const account = await person('user', role);
      expect((await call(signIn, { phone: account.mobile, password })).status).toBe(0);
    }
    for (const role of ['user', 'anchor', 'manager'] as const) {
      const account = await person(role);
      expect(await call(signIn, { phone: account.mobile, password })).toMatchObject({ status: 1, msg: 'This account has no access to the operator console.', setCookie: '' });
    }
    const viewer = await person('user');
    expect(await call(signIn, { phone: viewer.mobile, password }, undefined, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '该账号无权进入运营后台。' });
  });

  it('answers a wrong password and bad input with status 1 and a message, never a failure', async () => {
    const operator = await person('operator');
    expect(await call(signIn, { phone: operator.mobile, password: 'Wrong2026' })).toMatchObject({ status: 1, msg: 'Incorrect phone number or password.' });
    expect(await call(signIn, { phone: '', password })).toMatchObject({ status: 1, msg: 'Phone number does not have value' });
    expect(await call(signIn, { phone: operator.mobile, password, code: '12ab' })).toMatchObject({ status: 1, msg: 'The code is 6 digits.' });
  });

  it('signs out: the cookie is cleared and the session it named ends', async () => {
    const { cookie } = await consoleUser('operator');
    const out = await call(signOut, {}, cookie);
    expect(out.status).toBe(0);
    expect(out.setCookie).toMatch(/sc_console=;.*Max-Age=0/i);
    expect(await call(banUser, { user_id: 1, reason: 'x', hours: 1 }, cookie)).toMatchObject({ status: 2 });
  });

  it('refuses every console action without a console cookie, even with a viewer’s or an operator’s site token', async () => {
    const operator = await person('operator');
    const target = await person();
    const reply = await callRoute(banUser, { credential: operator.credential, body: { user_id: target.id, reason: 'spam', hours: 1 } });
    expect(reply).toMatchObject({ status: 2 });
    expect(await call(banUser, { user_id: target.id, reason: 'spam', hours: 1 }, 'forged-cookie')).toMatchObject({ status: 2 });
  });
});

describe('the role matrix', () => {
  /** Each action on a fresh target; true when it went through, false when refused as forbidden. */
  const actions: Record<Exclude<ConsoleRight, 'dashboard.view' | 'people.view' | 'rooms.view' | 'audit.view' | 'moderation.view'>, (cookie: string) => Promise<boolean>> = {
    'people.ban': async (cookie) => outcome(await call(banUser, { user_id: (await person()).id, reason: 'Spam links', hours: 24 }, cookie)),
    'people.sessions': async (cookie) => outcome(await call(revokeSessions, { user_id: (await person()).id }, cookie)),
    'people.role': async (cookie) => outcome(await call(changeRole, { user_id: (await person()).id, role: 'manager', console_role: '' }, cookie)),
    'rooms.end': async (cookie) => outcome(await call(endLive, { anchor_id: (await anchorLive()).id }, cookie)),
    'rooms.pushKey': async (cookie) => outcome(await call(revokePushKey, { anchor_id: (await anchorLive()).id }, cookie)),
    'pages.edit': async (cookie) => outcome(await call(saveSitePageRoute, pageEdit('help', 1, 'Matrix check'), cookie)),
    'replays.manage': async (cookie) => outcome(await call(hideReplayRoute, { replay_id: (await recordedReplay()).id, hidden: 1 }, cookie)),
    // qiuba's settings, which no other test of this file reads, saved as they are: allowed, and nothing changes.
    'brand.settings': async (cookie) => outcome(await call(saveBrandSettingsRoute, await settingsForm('qiuba'), cookie, { host: 'zh.localhost:3000', lang: 'en' })),
    // No notice is current here, so clearing is allowed and writes nothing.
    'site.maintenance': async (cookie) => outcome(await call(clearMaintenanceRoute, {}, cookie)),
    'quizzes.settle': async (cookie) => outcome(await call(decideQuizRoute, { quiz_id: (await openQuizRow()).id, decision: 'close' }, cookie)),
    'rooms.managers': async (cookie) => outcome(await call(appointRoomManagerRoute, { anchor_id: (await accountWithRole('1584', 'anchor')).id, user: String((await person()).id) }, cookie)),
    'feedback.reply': async (cookie) => outcome(await call(markFeedbackHandledRoute, { feedback_id: await sentFeedback(null) }, cookie)),
    'news.edit': async (cookie) => outcome(await call(saveNewsRoute, { ...newsEdit('Matrix check'), publish: 'draft' }, cookie)),
    'anchors.review': async (cookie) => outcome(await call(approveApplicationRoute, { user_id: (await applicant()).id }, cookie)),
    // qiuba's list, which no other test reads.
    'chat.keywords': async (cookie) => outcome(await call(saveChatKeywordsRoute, { words: 'matrix check' }, cookie, { host: 'zh.localhost:3000', lang: 'en' })),
    // A gift saved as it is: allowed, and nothing changes.
    'money.catalogue': async (cookie) => outcome(await call(saveGiftRoute, giftForm((await (await getDb()).select().from(gifts).limit(1))[0]), cookie)),
    'money.ledger': async (cookie) => outcome(await call(verifyLedgerRoute, {}, cookie)),
  };

  function outcome(reply: Reply): boolean {
    if (reply.status === 0) return true;
    expect(reply).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
    return false;
  }

  it.each(['operator', 'content', 'finance', 'moderator'] as const)('gives a %s exactly the rights of the matrix', async (role) => {
    const { cookie } = await consoleUser(role);
    const granted: string[] = [];
    for (const [right, act] of Object.entries(actions)) if (await act(cookie)) granted.push(right);
    expect(granted).toEqual(Object.keys(actions).filter((right) => roleMatrix[role].includes(right as ConsoleRight)));
  });

  it('gives a full operator every right, and a moderator no role changes', () => {
    expect(roleMatrix.operator).toEqual(consoleRights);
    expect(roleMatrix.moderator).not.toContain('people.role');
  });

  it('keeps a moderator from acting on another console account', async () => {
    const { cookie } = await consoleUser('moderator');
    const operator = await person('operator');
    expect(await call(banUser, { user_id: operator.id, reason: 'x', hours: 1 }, cookie)).toMatchObject({ status: 1, msg: 'Only an operator can act on another console account.' });
  });
});

describe('the audit log', () => {
  it('records a ban with who, what, the target, before and after, and the address', async () => {
    const { account: operator, cookie } = await consoleUser('operator');
    const target = await person();
    const reply = await call<{ reason: string; until: string }>(banUser, { user_id: target.id, reason: 'Spam links', hours: 24 }, cookie);
    expect(reply).toMatchObject({ status: 0, data: { reason: 'Spam links' } });
    const row = await latestAudit(target.id);
    expect(row).toMatchObject({
      actorId: operator.id,
      actorRole: 'operator',
      action: 'user.ban',
      targetType: 'user',
      before: { banned: false },
      after: { banned: true, reason: 'Spam links', until: reply.data.until },
      ip: '203.0.113.9',
      brandId: 'sportcast',
    });

    expect((await call(unbanUser, { user_id: target.id }, cookie)).status).toBe(0);
    expect(await latestAudit(target.id)).toMatchObject({ action: 'user.unban', before: { banned: true, reason: 'Spam links' }, after: { banned: false } });
  });

  it('records a role change and writes nothing when the action is refused', async () => {
    const { cookie } = await consoleUser('operator');
    const target = await person();
    expect((await call(changeRole, { user_id: target.id, role: 'user', console_role: 'finance' }, cookie)).status).toBe(0);
    expect(await latestAudit(target.id)).toMatchObject({ action: 'user.role', before: { role: 'user', consoleRole: null }, after: { role: 'user', consoleRole: 'finance' } });
    const [row] = await (await getDb()).select({ consoleRole: users.consoleRole }).from(users).where(eq(users.id, target.id));
    expect(row.consoleRole).toBe('finance');

    const before = await latestAudit(target.id);
    expect(await call(changeRole, { user_id: target.id, role: 'user', console_role: 'finance' }, cookie)).toMatchObject({ status: 1, msg: 'The account already has these roles.' });
    expect((await latestAudit(target.id)).id).toBe(before.id);
  });

  it('records ending a live and revoking a push key (stream names only, never a key)', async () => {
    const { cookie } = await consoleUser('operator');
    const anchor = await anchorLive();
    const db = await getDb();
    const [live] = await db.select().from(lives).where(eq(lives.anchorId, anchor.id));
    expect(await call(endLive, { anchor_id: anchor.id }, cookie)).toMatchObject({ status: 0, data: { liveId: live.id } });
    const [ended] = await db.select().from(lives).where(eq(lives.id, live.id));
    expect(ended).toMatchObject({ status: 'ended', endReason: 'operator' });
    expect(await latestAudit(live.id)).toMatchObject({ action: 'live.end', targetType: 'live', after: { status: 'ended', reason: 'operator' } });
    expect(await call(endLive, { anchor_id: anchor.id }, cookie)).toMatchObject({ status: 1 });

    const [oldKey] = await db.select().from(streamKeys).where(eq(streamKeys.anchorId, anchor.id));
    expect((await call(revokePushKey, { anchor_id: anchor.id }, cookie)).status).toBe(0);
    const keys = await db.select().from(streamKeys).where(eq(streamKeys.anchorId, anchor.id));
    expect(keys.find((key) => key.stream === oldKey.stream)?.revokedAt).toBeInstanceOf(Date);
    const current = keys.find((key) => key.revokedAt === null);
    expect(await latestAudit(anchor.id)).toMatchObject({ action: 'live.pushKey', before: { stream: oldKey.stream }, after: { stream: current?.stream } });
  });
});

describe('sensitive actions ask for the password again', () => {
  it('refuses a role change once the password is older than the window, and takes it after re-auth', async () => {
    const { account: operator, cookie } = await consoleUser('operator');
    const target = await person();
    // The same session, its password proven six minutes ago.
    const actor = await findConsoleActor(await getDb(), cookie);
    if (!actor) throw new Error('no actor');
    const stale = await sealConsoleGrant({ ...actor.grant, reauthAt: Date.now() - 6 * 60_000 });

    const refused = await call(changeRole, { user_id: target.id, role: 'anchor', console_role: '' }, stale);
    expect(refused).toMatchObject({ status: 1, msg: 'Please confirm your password to continue.', data: { reauth: 1 } });
    expect(await call(revokeSessions, { user_id: target.id }, stale)).toMatchObject({ status: 1, data: { reauth: 1 } });
    // A ban is not among the sensitive actions.
    expect((await call(banUser, { user_id: (await person()).id, reason: 'Spam', hours: 1 }, stale)).status).toBe(0);

    expect(await call(reauth, { password: 'Wrong2026' }, stale)).toMatchObject({ status: 1, msg: 'That password is not right.' });
    const confirmed = await call(reauth, { password }, stale);
    expect(confirmed).toMatchObject({ status: 0, data: { minutes: 5 } });
    const fresh = sealedFrom(confirmed.setCookie);
    expect(await call(changeRole, { user_id: target.id, role: 'anchor', console_role: '' }, fresh)).toMatchObject({ status: 0, data: { role: 'anchor', consoleRole: null } });
    expect(operator.id).toBe(actor.id);
  });
});

describe('TOTP', () => {
  afterEach(async () => {
    await setAppConfigValue(await getDb(), 'sportcast', 'admin_totp_required', 0);
  });

  it('when the brand enforces it, sends a console user to set it up, then asks for the code at every sign-in', async () => {
    const db = await getDb();
    await setAppConfigValue(db, 'sportcast', 'admin_totp_required', 1);
    const moderator = await person('user', 'moderator');
    const cookie = await consoleSignIn(moderator);
    const target = await person();
    expect(await call(banUser, { user_id: target.id, reason: 'Spam', hours: 1 }, cookie)).toMatchObject({
      status: 1,
      msg: 'Set up two-factor sign-in before using the console.',
      data: { totp_setup: 1 },
    });

    const status = await totpStatus(db, { id: moderator.id, mobile: moderator.mobile }, 'SportCast');
    if (!status.pending) throw new Error('no pending secret');
    expect(status.pending.uri).toMatch(/^otpauth:\/\/totp\/SportCast:\d+\?secret=[A-Z2-7]+&issuer=SportCast$/);
    expect(await call(confirmTotp, { code: '000000' }, cookie)).toMatchObject({ status: 1, msg: "That code is not right. Check your phone's clock and try the newest code." });
    const confirmed = await call(confirmTotp, { code: await generate({ secret: status.pending.secret }) }, cookie);
    expect(confirmed.status).toBe(0);
    const withFactor = sealedFrom(confirmed.setCookie);
    expect((await call(banUser, { user_id: target.id, reason: 'Spam', hours: 1 }, withFactor)).status).toBe(0);
    expect(await latestAudit(moderator.id)).toMatchObject({ action: 'operator.totp', actorId: moderator.id });

    expect(await call(signIn, { phone: moderator.mobile, password })).toMatchObject({ status: 1, msg: 'Enter the 6-digit code from your authenticator app.', data: { totp: 1 }, setCookie: '' });
    expect(await call(signIn, { phone: moderator.mobile, password, code: '000000' })).toMatchObject({ status: 1, data: { totp: 1 } });
    const signedIn = await call(signIn, { phone: moderator.mobile, password, code: await generate({ secret: status.pending.secret }) });
    expect(signedIn).toMatchObject({ status: 0, data: { totp: 1 } });
  });

  it('is not asked for while the switch is off and the account has none', async () => {
    const { cookie } = await consoleUser('moderator');
    expect((await call(banUser, { user_id: (await person()).id, reason: 'Spam', hours: 1 }, cookie)).status).toBe(0);
  });
});

describe('a site-wide ban', () => {
  async function smsLogin(mobile: string, lang: string) {
    await skipResendGap(mobile);
    await requestCode(mobile);
    return callRoute(login, {
      body: { account: mobile, pwd: latestCode(mobile), login_type: 2, platform: 0, source_id: 10001, website: 'localhost' },
      headers: { lang, 'x-forwarded-for': newIp() },
    });
  }

  it('ends the account’s sessions and refuses its sign-in with the reason, in its language, until lifted', async () => {
    const { cookie } = await consoleUser('moderator');
    const viewer = await person();
    expect((await callRoute(getUserInfo, { method: 'GET', credential: viewer.credential })).status).toBe(0);

    const banned = await call<{ until: string }>(banUser, { user_id: viewer.id, reason: 'Spam links', hours: 48 }, cookie);
    expect(banned.status).toBe(0);
    const until = `${banned.data.until.slice(0, 16).replace('T', ' ')} UTC`;
    expect((await callRoute(getUserInfo, { method: 'GET', credential: viewer.credential })).status).toBe(2);
    expect(await smsLogin(viewer.mobile, 'en')).toMatchObject({ status: 1, msg: `This account is banned until ${until}. Reason: Spam links` });
    expect(await smsLogin(viewer.mobile, 'zh_cn')).toMatchObject({ status: 1, msg: `该账号已被封禁，解封时间：${until}。原因：Spam links` });

    expect((await call(unbanUser, { user_id: viewer.id }, cookie)).status).toBe(0);
    expect((await smsLogin(viewer.mobile, 'en')).status).toBe(0);
  });

  it('bans until lifted when no length is given, and an expired ban no longer refuses', async () => {
    const { cookie } = await consoleUser('operator');
    const viewer = await person();
    expect((await call(banUser, { user_id: viewer.id, reason: 'Abuse', hours: 0 }, cookie)).status).toBe(0);
    expect(await smsLogin(viewer.mobile, 'en')).toMatchObject({ status: 1, msg: 'This account is banned. Reason: Abuse' });
    await (await getDb()).update(users).set({ banExpiresAt: new Date(Date.now() - 1000) }).where(and(eq(users.id, viewer.id)));
    expect((await smsLogin(viewer.mobile, 'en')).status).toBe(0);
  });

  it('answers bad ban input with status 1 and a message in the operator’s language', async () => {
    const { cookie } = await consoleUser('operator');
    const viewer = await person();
    expect(await call(banUser, { user_id: viewer.id, reason: '  ', hours: 1 }, cookie)).toMatchObject({ status: 1, msg: 'Give a reason for the ban.' });
    expect(await call(banUser, { user_id: viewer.id, reason: '  ', hours: 1 }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请填写封禁原因。' });
    expect(await call(banUser, { user_id: 'abc', reason: 'x', hours: 1 }, cookie)).toMatchObject({ status: 1 });
    expect(await call(banUser, { user_id: 99_999_999_999, reason: 'x', hours: 1 }, cookie)).toMatchObject({ status: 1, msg: 'No account has this id.' });
    expect(await call(unbanUser, { user_id: viewer.id }, cookie)).toMatchObject({ status: 1, msg: 'This account is not banned.' });
  });
});

/** A save of a site page in both languages (Markdown bodies), for the console's brand unless `scope` says shared. */
function pageEdit(kind: string, number: number, title: string, scope: 'brand' | 'shared' = 'brand') {
  return {
    kind,
    number,
    scope,
    title_en: title,
    title_zh: `${title}（中文）`,
    body_en: `Licence number 12345.\n\n## Company\n\n- Operator: Example Ltd.\n- Registered in Shanghai`,
    body_zh: `许可证编号 12345。\n\n## 公司\n\n- 运营主体：示例有限公司`,
  };
}

describe('site pages', () => {
  const sportcast = getBrand('sportcast')!;

  it('saves a brand’s own licences page: that brand shows it, the others keep the shared one, the audit has before and after', async () => {
    const { account, cookie } = await consoleUser('content');
    const db = await getDb();
    const heard: string[] = [];
    const stop = await getBus().subscribe(sitePagesChangedChannel, (message) => heard.push(message));
    const reply = await call<{ path: string }>(saveSitePageRoute, pageEdit('certificate', 1, 'Our licences'), cookie);
    expect(reply).toMatchObject({ status: 0, data: { path: '/certificate1' } });

    const own = await getSitePage(db, { kind: 'certificate', number: 1 }, { brandId: 'sportcast', locale: 'en-US' });
    expect(own).toMatchObject({ title: 'Our licences', body: [{ type: 'paragraph', text: 'Licence number 12345.' }, { type: 'heading', text: 'Company' }, { type: 'list', items: ['Operator: Example Ltd.', 'Registered in Shanghai'] }] });
    expect((await getSitePage(db, { kind: 'certificate', number: 1 }, { brandId: 'sportcast', locale: 'zh-CN' }))?.title).toBe('Our licences（中文）');
    expect((await getSitePage(db, { kind: 'certificate', number: 1 }, { brandId: 'qiuba', locale: 'en-US' }))?.title).toBe('Licences');

    expect(await latestAudit('certificate/1@sportcast')).toMatchObject({ actorId: account.id, actorRole: 'content', action: 'page.save', targetType: 'page', before: null, after: { title: { 'en-US': 'Our licences' } } });
    // Saved again: the audit keeps what it replaced, and the editor opens the text as it was written.
    expect((await call(saveSitePageRoute, pageEdit('certificate', 1, 'Our licences, 2027'), cookie)).status).toBe(0);
    expect(await latestAudit('certificate/1@sportcast')).toMatchObject({ before: { title: { 'en-US': 'Our licences' } }, after: { title: { 'en-US': 'Our licences, 2027' } } });
    const draft = await readSitePageDraft(db, sportcast, 'certificate', 1, 'brand');
    expect(draft).toMatchObject({ exists: true, title: { 'en-US': 'Our licences, 2027' }, body: { 'en-US': pageEdit('certificate', 1, '').body_en } });
    // Every web process hears of it and purges its cached site pages.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.map((message) => JSON.parse(message))).toContainEqual({ kind: 'certificate', number: 1 });
    await stop();
    await db.delete(sitePages).where(and(eq(sitePages.kind, 'certificate'), eq(sitePages.brandId, 'sportcast')));
  });

  it('opens a brand without its own version on the shared text', async () => {
    const draft = await readSitePageDraft(await getDb(), sportcast, 'certificate', 2, 'brand');
    expect(draft).toMatchObject({ exists: false, scope: 'brand', path: '/certificate2', title: { 'en-US': 'Qualifications', 'zh-CN': '资质证明' } });
    expect(draft?.body['en-US']).toContain('## Audio-visual programmes');
    expect(await readSitePageDraft(await getDb(), sportcast, 'certificate', 9, 'brand')).toBeNull();
  });

  it('refuses an empty page, a long title and a page that does not exist, in the operator’s language, and writes nothing', async () => {
    const { cookie } = await consoleUser('content');
    const before = await latestAudit('help/1@sportcast');
    expect(await call(saveSitePageRoute, { ...pageEdit('help', 1, 'Help'), body_en: '   ' }, cookie)).toMatchObject({ status: 1, msg: 'Write the page in both languages.' });
    expect(await call(saveSitePageRoute, { ...pageEdit('help', 1, 'Help'), title_zh: '' }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请填写两种语言的页面标题。' });
    expect(await call(saveSitePageRoute, pageEdit('help', 1, 'x'.repeat(121)), cookie)).toMatchObject({ status: 1, msg: 'A title can be at most 120 characters.' });
    expect(await call(saveSitePageRoute, pageEdit('certificate', 9, 'Nine'), cookie)).toMatchObject({ status: 1, msg: 'There is no such site page.' });
    expect(await call(saveSitePageRoute, pageEdit('blog', 1, 'Blog'), cookie)).toMatchObject({ status: 1, msg: 'There is no such site page.' });
    expect(await latestAudit('help/1@sportcast')).toEqual(before);
  });
});

/** The news editor's form: an article in both languages, published now on this brand unless told otherwise. */
function newsEdit(title: string, extra: Record<string, unknown> = {}) {
  return {
    id: 0,
    scope: 'brand',
    kind: 'news',
    title_en: title,
    title_zh: `${title}（中文）`,
    summary_en: 'What the squad looks like before the opener.',
    summary_zh: '揭幕战前的阵容情况。',
    body_en: 'The coach named his squad on Monday.\n\n## Who is in\n\n- Two new caps\n- The captain returns',
    body_zh: '主教练周一公布了名单。\n\n## 入选名单\n\n- 两名新人',
    tags: 'world-cup-2022, group-stage',
    cover_url: '',
    publish: 'now',
    publish_at: '',
    unpublish_at: '',
    ...extra,
  };
}

describe('news', () => {
  const sportcast = getBrand('sportcast')!;
  const inMinutes = (minutes: number, from = Date.now()) => new Date(from + minutes * 60_000);

  it('publishes an article in both languages: readers of each see it, the audit has it, every web process hears of it', async () => {
    const { account, cookie } = await consoleUser('content');
    const db = await getDb();
    const heard: string[] = [];
    const stop = await getBus().subscribe(newsChangedChannel, (message) => heard.push(message));
    const reply = await call<{ id: number; path: string }>(saveNewsRoute, newsEdit('Squad named'), cookie);
    expect(reply).toMatchObject({ status: 0, data: { path: `/news_detail/${reply.data?.id}` } });
    const id = reply.data!.id;

    const english = await getNewsArticle(db, id, { brandId: 'sportcast', locale: 'en-US' });
    expect(english).toMatchObject({ title: 'Squad named', summary: 'What the squad looks like before the opener.', coverUrl: '/covers/news.svg', locales: ['en-US', 'zh-CN'] });
    expect(english?.body).toEqual([
      { type: 'paragraph', text: 'The coach named his squad on Monday.' },
      { type: 'heading', text: 'Who is in' },
      { type: 'list', items: ['Two new caps', 'The captain returns'] },
    ]);
    expect(english?.tags.map((tag) => tag.key)).toEqual(['world-cup-2022', 'group-stage']);
    expect((await listNews(db, { brandId: 'sportcast', locale: 'zh-CN', page: 1, size: 5 })).list[0]).toMatchObject({ id, title: 'Squad named（中文）' });
    // This brand's article: another brand's readers do not get it.
    expect(await getNewsArticle(db, id, { brandId: 'qiuba', locale: 'zh-CN' })).toBeNull();

    const created = await latestAudit(id, 'news');
    expect(created).toMatchObject({ actorId: account.id, actorRole: 'content', action: 'news.create', targetType: 'news', before: null, after: { brand: 'sportcast', kind: 'news', locales: ['en-US', 'zh-CN'], title: { 'en-US': 'Squad named' } } });
    const firstPublished = (created.after as { publishedAt: string }).publishedAt;

    // Edited later, still "publish now": it keeps its first publish time; the audit keeps what it replaced.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await call(saveNewsRoute, newsEdit('Squad named: the full list', { id }), cookie)).status).toBe(0);
    expect(await latestAudit(id, 'news')).toMatchObject({ action: 'news.save', before: { title: { 'en-US': 'Squad named' } }, after: { title: { 'en-US': 'Squad named: the full list' }, publishedAt: firstPublished } });
    expect(await readNewsDraft(db, sportcast, id)).toMatchObject({ state: 'published', title: { 'en-US': 'Squad named: the full list' }, body: { 'en-US': newsEdit('').body_en }, tags: ['world-cup-2022', 'group-stage'] });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.map((message) => JSON.parse(message))).toEqual([{ id }, { id }]);
    await stop();
  });

  it('schedules an article in one language and takes it down at its time; the job announces both moments', async () => {
    const { cookie } = await consoleUser('operator');
    const db = await getDb();
    const publishAt = inMinutes(30);
    const unpublishAt = inMinutes(90);
    const reply = await call<{ id: number }>(
      saveNewsRoute,
      newsEdit('Ticket window opens', { title_zh: '', summary_zh: '', body_zh: '', publish: 'at', publish_at: publishAt.toISOString(), unpublish_at: unpublishAt.toISOString() }),
      cookie,
    );
    expect(reply.status).toBe(0);
    const id = reply.data!.id;
    const english = (now: Date) => ({ brandId: 'sportcast', locale: 'en-US' as const, now });

    expect(await getNewsArticle(db, id, english(new Date()))).toBeNull();
    expect(await getNewsArticle(db, id, english(inMinutes(31)))).toMatchObject({ title: 'Ticket window opens', locales: ['en-US'] });
    // Written in English only: Chinese readers never get it.
    expect(await getNewsArticle(db, id, { brandId: 'sportcast', locale: 'zh-CN', now: inMinutes(31) })).toBeNull();
    expect(await getNewsArticle(db, id, english(inMinutes(91)))).toBeNull();
    expect((await listNewsForSitemap(db, 'sportcast', inMinutes(31))).map((entry) => entry.id)).toContain(id);
    expect((await listNewsForSitemap(db, 'sportcast', inMinutes(91))).map((entry) => entry.id)).not.toContain(id);

    const states = async (now: Date) => (await listNewsForConsole(db, sportcast, 'en-US', { page: 1, kind: 'news' }, now)).articles.find((article) => article.id === id)?.state;
    expect([await states(new Date()), await states(inMinutes(31)), await states(inMinutes(91))]).toEqual(['scheduled', 'published', 'ended']);

    const heard: string[] = [];
    const stop = await getBus().subscribe(newsChangedChannel, (message) => heard.push(message));
    expect(await announceScheduledNews(db, inMinutes(-1, publishAt.getTime()), publishAt)).toBeGreaterThanOrEqual(1);
    expect(await announceScheduledNews(db, inMinutes(-1, unpublishAt.getTime()), unpublishAt)).toBeGreaterThanOrEqual(1);
    expect(await announceScheduledNews(db, inMinutes(1, publishAt.getTime()), inMinutes(2, publishAt.getTime()))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.map((message) => (JSON.parse(message) as { ids: number[] }).ids).every((ids) => ids.includes(id))).toBe(true);
    expect(heard).toHaveLength(2);
    await stop();
  });

  it('refuses an article in no language, a language half written, a bad time, cover or tag, in the editor’s language, and writes nothing', async () => {
    const { cookie } = await consoleUser('content');
    const db = await getDb();
    const counts = async () => [
      (await db.select({ total: count() }).from(newsArticles))[0].total,
      (await db.select({ total: count() }).from(auditLog).where(eq(auditLog.targetType, 'news')))[0].total,
    ];
    const before = await counts();
    const refusals: Array<[Record<string, unknown>, string, Record<string, string>?]> = [
      [{ title_en: '', body_en: '', title_zh: '', body_zh: '' }, 'Write the article in at least one language.'],
      [{ body_zh: '' }, '每种语言都需要同时填写标题和正文，或都留空。', { lang: 'zh_cn' }],
      [{ body_en: '   ' }, 'Each language needs both a title and a text, or neither.'],
      [{ publish: 'at', publish_at: '' }, 'Choose a valid date and time.'],
      [{ publish: 'at', publish_at: 'tomorrow' }, 'Choose a valid date and time.'],
      [{ publish: 'at', publish_at: '0000-01-01T00:00:00Z' }, 'Choose a valid date and time.'],
      [{ unpublish_at: inMinutes(-5).toISOString() }, 'The take-down time must come after the article is published.'],
      [{ cover_url: 'javascript:alert(1)' }, 'The cover must be a path on this site or an https address.'],
      [{ cover_url: '//evil.example/x.png' }, 'The cover must be a path on this site or an https address.'],
      [{ tags: 'World Cup!' }, 'Tags are up to 8 keys of lower-case letters, digits and hyphens.'],
      [{ kind: 'report' }, 'Choose a kind of article.'],
      [{ title_en: 'x'.repeat(121) }, 'A title can be at most 120 characters.'],
    ];
    for (const [change, message, headers] of refusals) {
      expect(await call(saveNewsRoute, newsEdit('Refused', change), cookie, headers)).toMatchObject({ status: 1, msg: message });
    }
    expect(await counts()).toEqual(before);
  });

  it('edits only this brand’s articles and the shared ones, and no match report', async () => {
    const { cookie } = await consoleUser('operator');
    const db = await getDb();
    const [report] = await db.select({ id: newsArticles.id }).from(newsArticles).where(eq(newsArticles.kind, 'report')).limit(1);
    const [theirs] = await db
      .insert(newsArticles)
      .values({ slug: 'qiuba-only', brandId: 'qiuba', kind: 'news', locales: ['zh-CN'], title: { 'zh-CN': '球吧专稿' }, summary: {}, body: { 'zh-CN': [{ type: 'paragraph', text: '正文' }] }, coverUrl: '/covers/news.svg', publishedAt: new Date() })
      .returning({ id: newsArticles.id });
    for (const id of [report.id, theirs.id, 999_999]) {
      expect(await call(saveNewsRoute, newsEdit('Taken over', { id }), cookie)).toMatchObject({ status: 1, msg: 'That article does not exist or belongs to another brand.' });
      expect(await readNewsDraft(db, sportcast, id)).toBeNull();
    }
    const listed = (await listNewsForConsole(db, sportcast, 'en-US', { page: 1 })).articles.map((article) => article.id);
    expect(listed).not.toContain(theirs.id);
    // A shared article: every brand shows it, and any brand's console edits it.
    const shared = await call<{ id: number }>(saveNewsRoute, newsEdit('For every brand', { scope: 'shared' }), cookie);
    expect(await getNewsArticle(db, shared.data!.id, { brandId: 'qiuba', locale: 'zh-CN' })).toMatchObject({ title: 'For every brand（中文）' });
    expect(await call(saveNewsRoute, newsEdit('For every brand, edited', { id: shared.data!.id, scope: 'shared' }), cookie, { host: 'zh.localhost:3000', lang: 'en' })).toMatchObject({ status: 0 });
  });
});

/** Feedback sent to sportcast (or another brand) by an account, or signed out (null). */
async function sentFeedback(userId: number | null, options: { locale?: string; brandId?: string } = {}): Promise<number> {
  const [row] = await (await getDb())
    .insert(feedback)
    .values({ brandId: options.brandId ?? 'sportcast', userId, category: 'bug', content: 'The replay stops at half time every time.', contact: 'fan@example.com', locale: options.locale ?? 'en-US' })
    .returning({ id: feedback.id });
  return row.id;
}

describe('the feedback inbox', () => {
  it('replies to the sender’s system messages in the language they wrote in, keeps the reply, and audits it', async () => {
    const { account, cookie } = await consoleUser('content');
    const db = await getDb();
    const sender = await person();
    const id = await sentFeedback(sender.id, { locale: 'zh-CN' });
    const listed = await listFeedbackForConsole(db, 'sportcast', { status: 'new', page: 1 });
    expect(listed.rows.find((row) => row.id === id)).toMatchObject({ category: 'bug', contact: 'fan@example.com', sender: { id: sender.id }, status: 'new', reply: null });
    expect(listed.newCount).toBeGreaterThanOrEqual(1);

    expect(await call(replyFeedbackRoute, { feedback_id: id, reply: '已修复，请更新页面后再试。' }, cookie)).toMatchObject({ status: 0, data: { status: 'answered' } });
    const history = await readSystemHistory(db, sender.id, 1, 5);
    expect(JSON.stringify(history)).toContain('关于你的反馈，我们的回复：已修复，请更新页面后再试。');
    const answered = await listFeedbackForConsole(db, 'sportcast', { status: 'answered', page: 1 });
    expect(answered.rows.find((row) => row.id === id)).toMatchObject({ status: 'answered', reply: '已修复，请更新页面后再试。' });
    expect(await latestAudit(id, 'feedback')).toMatchObject({ actorId: account.id, action: 'feedback.reply', targetType: 'feedback', before: { status: 'new', reply: null }, after: { status: 'answered' } });
    // Answered feedback stays answered when marked handled.
    expect(await call(markFeedbackHandledRoute, { feedback_id: id }, cookie)).toMatchObject({ status: 0, data: { status: 'answered' } });
  });

  it('marks a signed-out sender’s feedback handled instead, refuses an empty reply and another brand’s feedback, and writes nothing then', async () => {
    const { cookie } = await consoleUser('moderator');
    const signedOut = await sentFeedback(null);
    expect(await call(replyFeedbackRoute, { feedback_id: signedOut, reply: 'Thanks!' }, cookie)).toMatchObject({ status: 1, msg: 'The sender was signed out: reply through the contact they gave, then mark it handled.' });
    expect(await call(replyFeedbackRoute, { feedback_id: signedOut, reply: '   ' }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请填写回复内容。' });
    expect(await latestAudit(signedOut, 'feedback')).toBeUndefined();
    expect(await call(markFeedbackHandledRoute, { feedback_id: signedOut }, cookie)).toMatchObject({ status: 0, data: { status: 'read' } });
    expect(await latestAudit(signedOut, 'feedback')).toMatchObject({ action: 'feedback.handled', before: { status: 'new' }, after: { status: 'read' } });
    const theirs = await sentFeedback((await person()).id, { brandId: 'qiuba' });
    expect(await call(replyFeedbackRoute, { feedback_id: theirs, reply: 'Hello' }, cookie)).toMatchObject({ status: 1, msg: 'That feedback does not exist on this brand.' });
    expect(await latestAudit(theirs, 'feedback')).toBeUndefined();
  });
});

/** A finished live of a new anchor with a replay on disk (a few bytes standing in for the MP4). */
async function recordedReplay(): Promise<{ id: number; anchorId: number; file: string }> {
  const anchor = await anchorLive();
  const db = await getDb();
  const [live] = await db.select({ id: lives.id }).from(lives).where(eq(lives.anchorId, anchor.id));
  const file = `${live.id}-console.mp4`;
  const dir = mediaPaths(getEnv().dataDir).replays;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), Buffer.from('not really an mp4, but bytes to serve'));
  const [replay] = await db.insert(replays).values({ liveId: live.id, anchorId: anchor.id, file, durationSeconds: 95, sizeBytes: 37 }).returning({ id: replays.id });
  return { id: replay.id, anchorId: anchor.id, file: path.join(dir, file) };
}

describe('replays', () => {
  const fileStatus = async (id: number) =>
    (await replayFileRoute(new NextRequest(`http://localhost:3000/api/media/replays/${id}.mp4`), { params: Promise.resolve({ file: `${id}.mp4` }) })).status;
  const listedFor = async (anchorId: number) => {
    const reply = await callRoute<{ list: { id: number }[]; total: number }>(getReplayListRoute, { body: { anchor_id: anchorId } });
    return reply.data.list.map((item) => item.id);
  };

  it('hides a replay from every list, page and file address, shows it again, and audits both once', async () => {
    const { account, cookie } = await consoleUser('moderator');
    const db = await getDb();
    const replay = await recordedReplay();
    expect(await listedFor(replay.anchorId)).toEqual([replay.id]);
    expect(await fileStatus(replay.id)).toBe(200);
    const heard: string[] = [];
    const stop = await getBus().subscribe(replayRemovedChannel, (message) => heard.push(message));

    expect(await call(hideReplayRoute, { replay_id: replay.id, hidden: 1 }, cookie)).toMatchObject({ status: 0, data: { hidden: true } });
    expect(await listedFor(replay.anchorId)).toEqual([]);
    await expect(getReplay(db, replay.id, 'en-US')).rejects.toThrow();
    expect(await fileStatus(replay.id)).toBe(404);
    expect((await getAnchorInfo(db, replay.anchorId, undefined)).replays).toBe(0);
    expect(await latestAudit(replay.id, 'replay')).toMatchObject({ actorId: account.id, action: 'replay.hide', targetType: 'replay', before: { hidden: false }, after: { hidden: true } });
    // Hiding a hidden replay changes nothing and writes no second row.
    const hiddenAudit = await latestAudit(replay.id, 'replay');
    expect(await call(hideReplayRoute, { replay_id: replay.id, hidden: 1 }, cookie)).toMatchObject({ status: 0 });
    expect(await latestAudit(replay.id, 'replay')).toEqual(hiddenAudit);

    expect(await call(hideReplayRoute, { replay_id: replay.id, hidden: 0 }, cookie)).toMatchObject({ status: 0, data: { hidden: false } });
    expect(await listedFor(replay.anchorId)).toEqual([replay.id]);
    expect(await fileStatus(replay.id)).toBe(200);
    expect(await latestAudit(replay.id, 'replay')).toMatchObject({ action: 'replay.show', after: { hidden: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.map((message) => JSON.parse(message))).toEqual([{ replay_id: replay.id, live_id: expect.any(Number), anchor_id: replay.anchorId }]);
    await stop();
  });

  it('deletes a replay with its file, audited with what it was; a second delete is told it is gone', async () => {
    const { cookie } = await consoleUser('operator');
    const replay = await recordedReplay();
    expect(await call(deleteReplayRoute, { replay_id: replay.id }, cookie)).toMatchObject({ status: 0 });
    expect(fs.existsSync(replay.file)).toBe(false);
    expect(await listedFor(replay.anchorId)).toEqual([]);
    expect(await latestAudit(replay.id, 'replay')).toMatchObject({ action: 'replay.delete', before: { durationSeconds: 95, sizeBytes: 37, hidden: false }, after: null });
    expect(await call(deleteReplayRoute, { replay_id: replay.id }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '该回放不存在（或已删除）。' });
    expect(await call(hideReplayRoute, { replay_id: replay.id, hidden: 1 }, cookie)).toMatchObject({ status: 1, msg: 'That replay does not exist (any more).' });
  });
});

describe('anchor applications', () => {
  it('shows a waiting application with its ID photo; a refusal with a reason reaches the applicant, and is audited', async () => {
    const { account: moderator, cookie } = await consoleUser('moderator');
    const waiting = await applicant();
    const listed = await listApplicationsForConsole(await getDb(), { status: 'verifying', page: 1 });
    expect(listed.waiting).toBeGreaterThanOrEqual(1);
    expect(listed.rows).toContainEqual(expect.objectContaining({ userId: waiting.id, realName: 'Chen Jing', status: 'verifying', mobile: waiting.mobile }));

    const photo = await idPhoto(waiting.id, cookie);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await photo.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const refused = await call(rejectApplicationRoute, { user_id: waiting.id, reason: 'The ID photo is cut off at the edge' }, cookie);
    expect(refused).toMatchObject({ status: 0, data: { userId: waiting.id } });
    expect((await callRoute(applyInfoRoute, { credential: waiting.credential })).data).toMatchObject({ status_name: 'failed', reject_reason: 'The ID photo is cut off at the edge' });
    expect(await latestAudit(waiting.id)).toMatchObject({
      actorId: moderator.id,
      actorRole: 'moderator',
      action: 'anchor.reject',
      targetType: 'user',
      before: { status: 'verifying', role: 'user' },
      after: { status: 'failed', role: 'user', reason: 'The ID photo is cut off at the edge' },
    });
    // Decided once: a second decision is refused and writes nothing.
    const audited = await latestAudit(waiting.id);
    expect(await call(approveApplicationRoute, { user_id: waiting.id }, cookie)).toMatchObject({ status: 1, msg: 'This application has already been decided.' });
    expect(await latestAudit(waiting.id)).toEqual(audited);
    expect((await listApplicationsForConsole(await getDb(), { status: 'failed', page: 1 })).rows[0]).toMatchObject({ userId: waiting.id, rejectReason: 'The ID photo is cut off at the edge' });
  });

  it('approves: the account is an anchor from its next request on', async () => {
    const { cookie } = await consoleUser('operator');
    const waiting = await applicant();
    expect(await call(approveApplicationRoute, { user_id: waiting.id }, cookie)).toMatchObject({ status: 0 });
    expect((await callRoute(getUserInfo, { credential: waiting.credential })).data).toMatchObject({ is_anchor: 1 });
    expect(await latestAudit(waiting.id)).toMatchObject({ action: 'anchor.approve', before: { status: 'verifying', role: 'user' }, after: { status: 'verified', role: 'anchor' } });
  });

  it('shows the ID photo only to a console role that reviews, and tells nobody else whether it exists', async () => {
    const waiting = await applicant();
    const { cookie: finance } = await consoleUser('finance');
    const viewer = await person();
    for (const response of [await idPhoto(waiting.id, finance), await idPhoto(waiting.id), await idPhoto(waiting.id, 'not-a-cookie'), await idPhoto(viewer.id, finance)]) {
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    const { cookie } = await consoleUser('moderator');
    expect((await idPhoto(viewer.id, cookie)).status).toBe(404);
    expect((await idPhoto('1e3', cookie)).status).toBe(404);
    expect((await idPhoto('-1', cookie)).status).toBe(404);
  });

  it('refuses bad decisions in the operator’s language and writes nothing', async () => {
    const { account: operator, cookie } = await consoleUser('operator');
    const waiting = await applicant();
    const before = await latestAudit(waiting.id);
    expect(await call(rejectApplicationRoute, { user_id: waiting.id, reason: '  ' }, cookie)).toMatchObject({ status: 1, msg: 'Give the applicant the reason for the refusal.' });
    expect(await call(rejectApplicationRoute, { user_id: waiting.id }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请填写驳回原因，申请人会看到。' });
    expect(await call(rejectApplicationRoute, { user_id: waiting.id, reason: 'x'.repeat(201) }, cookie)).toMatchObject({ status: 1, msg: 'The reason can be at most 200 characters.' });
    expect(await call(approveApplicationRoute, { user_id: (await person()).id }, cookie)).toMatchObject({ status: 1, msg: 'This account has not applied to be an anchor.' });
    expect(await call(approveApplicationRoute, { user_id: 999_999_999 }, cookie)).toMatchObject({ status: 1, msg: 'No account has this id.' });
    expect(await call(approveApplicationRoute, { user_id: operator.id }, cookie)).toMatchObject({ status: 1, msg: 'You cannot do this to your own account.' });
    expect(await latestAudit(waiting.id)).toEqual(before);
    expect((await listApplicationsForConsole(await getDb(), { status: 'verifying', page: 1 })).rows.map((row) => row.userId)).toContain(waiting.id);

    // A manager who applied keeps the manager role until an operator changes it on purpose.
    await (await getDb()).update(users).set({ role: 'manager' }).where(eq(users.id, waiting.id));
    expect(await call(approveApplicationRoute, { user_id: waiting.id }, cookie)).toMatchObject({ status: 1, msg: expect.stringContaining('manager or an operator') });
  });
});

describe('chat keywords', () => {
  afterAll(async () => {
    const { cookie } = await consoleUser('operator');
    await call(saveChatKeywordsRoute, { words: '' }, cookie);
  });

  it('saves the brand’s list folded, audits what was added and removed, and the chat rules use it at once', async () => {
    const { account, cookie } = await consoleUser('moderator');
    const heard: string[] = [];
    const stop = await getBus().subscribe(chatControlChannel, (message) => heard.push(message));
    expect(await call(saveChatKeywordsRoute, { words: 'Scalper\n代购\nscalper\n' }, cookie)).toMatchObject({ status: 0, data: { count: 2, added: 2, removed: 0 } });
    // Every gateway hears that the chat rules changed, and reads them again with the next line.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.map((message) => JSON.parse(message))).toContainEqual({ kind: 'config' });
    await stop();
    expect(await readKeywordList(await getDb(), 'sportcast')).toMatchObject({ brandId: 'sportcast', words: ['scalper', '代购'], updatedAt: expect.any(String) });
    expect((await getChatLimits(await getDb(), 'sportcast')).keywords).toEqual(['scalper', '代购']);
    expect(await call(saveChatKeywordsRoute, { words: '代购\ntips for sale' }, cookie)).toMatchObject({ status: 0, data: { count: 2, added: 1, removed: 1 } });
    expect(await latestAudit('sportcast')).toMatchObject({
      actorId: account.id,
      actorRole: 'moderator',
      action: 'chat.keywords',
      targetType: 'brand',
      before: { count: 2 },
      after: { count: 2, added: ['tips for sale'], removed: ['scalper'] },
    });
    // Another brand's rooms keep their own list.
    expect((await getChatLimits(await getDb(), 'qiuba')).keywords).not.toContain('tips for sale');
  });

  it('refuses a word too long and a list too long in the operator’s language, and changes nothing', async () => {
    const { cookie } = await consoleUser('operator');
    expect(await call(saveChatKeywordsRoute, { words: 'fine' }, cookie)).toMatchObject({ status: 0 });
    const before = await latestAudit('sportcast');
    expect(await call(saveChatKeywordsRoute, { words: `ok\n${'x'.repeat(41)}` }, cookie)).toMatchObject({ status: 1, msg: 'A word or phrase can be at most 40 characters.' });
    const many = Array.from({ length: 1001 }, (_, index) => `w${index}`).join('\n');
    expect(await call(saveChatKeywordsRoute, { words: many }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '列表最多 1000 个词。' });
    expect(await call(saveChatKeywordsRoute, { words: ['a', 'b'] }, cookie)).toMatchObject({ status: 1, msg: 'Send the list as text, one word per line.' });
    expect(await latestAudit('sportcast')).toEqual(before);
    expect((await readKeywordList(await getDb(), 'sportcast')).words).toEqual(['fine']);
  });

  it('drops NUL characters (which Postgres cannot store) from the console’s free text instead of failing (found by the operator fuzz)', async () => {
    const { cookie } = await consoleUser('operator');
    expect(await call(saveChatKeywordsRoute, { words: 'sca\u0000lper\n\u0000' }, cookie)).toMatchObject({ status: 0, data: { count: 1 } });
    expect((await readKeywordList(await getDb(), 'sportcast')).words).toEqual(['sca lper']);
    const page = await call(saveSitePageRoute, { ...pageEdit('help', 1, 'Help\u0000 centre'), body_en: '\u0000' }, cookie);
    expect(page).toMatchObject({ status: 1, msg: 'Write the page in both languages.' });
    expect(await call(saveSitePageRoute, pageEdit('help', 1, 'Help\u0000 centre'), cookie)).toMatchObject({ status: 0 });
    expect((await readSitePageDraft(await getDb(), getBrand('sportcast')!, 'help', 1, 'brand'))?.title['en-US']).toBe('Help centre');
    const target = await person();
    expect(await call(banUser, { user_id: target.id, reason: 'Spam\u0000', hours: 1 }, cookie)).toMatchObject({ status: 0, data: { reason: 'Spam' } });
  });
});

describe('the moderation log', () => {
  it('lists room bans and unbans across rooms, newest first, with the room’s anchor, who and to whom, filtered', async () => {
    const anchor = await accountWithRole('1583', 'anchor');
    const manager = await accountWithRole('1583', 'manager');
    const viewer = await accountWithRole('1583');
    const room = `live:${anchor.id}`;
    expect((await callRoute(roomBanRoute, { credential: manager.credential, body: { groupId: room, user_id: viewer.id, unit: 'hour', duration: 2, reason: 'abuse' } })).status).toBe(0);
    expect((await callRoute(roomUnbanRoute, { credential: anchor.credential, body: { groupId: room, user_id: viewer.id } })).status).toBe(0);

    const db = await getDb();
    const byRoom = await listModerationLog(db, { room, page: 1 });
    expect(byRoom.total).toBe(2);
    expect(byRoom.rows.map((row) => row.action)).toEqual(['unban', 'ban']);
    expect(byRoom.rows[1]).toMatchObject({
      roomKey: room,
      roomAnchor: { id: anchor.id, fans: false },
      actor: { id: manager.id },
      target: { id: viewer.id },
      details: { reason: 'abuse', unit: 'hour', duration: 2 },
    });
    // The bare anchor id names the live room too; filters combine.
    expect((await listModerationLog(db, { room: String(anchor.id), action: 'ban', page: 1 })).rows.map((row) => row.actor?.id)).toEqual([manager.id]);
    expect((await listModerationLog(db, { target: viewer.id, actor: anchor.id, page: 1 })).rows.map((row) => row.action)).toEqual(['unban']);
    expect((await listModerationLog(db, { room: 'live:1', page: 1 })).total).toBe(0);
  });
});

describe('room managers', () => {
  it('appoints and removes a manager of any anchor of the brand, audited, in the moderation log, and told to the viewer', async () => {
    const { account: moderator, cookie } = await consoleUser('moderator');
    const anchor = await accountWithRole('1584', 'anchor');
    const viewer = await accountWithRole('1584');
    const db = await getDb();
    const target = `${anchor.id}:${viewer.id}`;

    expect(await call(appointRoomManagerRoute, { anchor_id: anchor.id, user: String(viewer.id) }, cookie)).toMatchObject({ status: 0, data: { managers: 1 } });
    expect(await latestAudit(target, 'roomManager')).toMatchObject({ actorId: moderator.id, action: 'roomManager.appoint', before: null, after: { anchor: anchor.id, manager: viewer.id } });
    const page = await listRoomManagersForConsole(db, 'sportcast', 1);
    expect(page.rows.find((row) => row.anchor.id === anchor.id)).toMatchObject({ manager: { id: viewer.id }, appointedBy: { id: moderator.id } });
    expect((await listModerationLog(db, { room: `live:${anchor.id}`, page: 1 })).rows.map((row) => row.action)).toEqual(['appointManager']);
    expect((await readSystemHistory(db, viewer.id, 1, 10)).mgr_chat_history[0]?.content).toContain('made you a manager of their live room');

    expect(await call(removeRoomManagerRoute, { anchor_id: anchor.id, user_id: viewer.id }, cookie)).toMatchObject({ status: 0, data: { managers: 0 } });
    expect(await latestAudit(target, 'roomManager')).toMatchObject({ action: 'roomManager.remove', before: { anchor: anchor.id, manager: viewer.id }, after: null });
  });

  it('refuses another brand’s anchor, a viewer who is not an anchor, and bad input, writing nothing', async () => {
    const { cookie } = await consoleUser('operator');
    const viewer = await accountWithRole('1584');
    const notAnchor = await accountWithRole('1584');
    const before = await latestAudit(`${notAnchor.id}:${viewer.id}`, 'roomManager');
    expect(await call(appointRoomManagerRoute, { anchor_id: notAnchor.id, user: String(viewer.id) }, cookie)).toMatchObject({ status: 1, msg: 'No anchor of this site has that ID.' });
    const anchor = await accountWithRole('1584', 'anchor');
    // The same anchor seen from qiuba's console is not theirs.
    expect(await call(appointRoomManagerRoute, { anchor_id: anchor.id, user: String(viewer.id) }, cookie, { host: 'zh.localhost:3000', lang: 'en' })).toMatchObject({ status: 1 });
    expect(await call(appointRoomManagerRoute, { anchor_id: 'x', user: '' }, cookie)).toMatchObject({ status: 1 });
    expect(await call(removeRoomManagerRoute, { anchor_id: anchor.id, user_id: viewer.id }, cookie)).toMatchObject({ status: 1, msg: 'This viewer is not a manager of the room.' });
    expect(await latestAudit(`${notAnchor.id}:${viewer.id}`, 'roomManager')).toEqual(before);
    expect((await listRoomManagersForConsole(await getDb(), 'sportcast', 1)).rows.some((row) => row.anchor.id === anchor.id)).toBe(false);
  });
});

describe('quiz disputes', () => {
  it('ends betting, draws and pays, audited; a cancel after the draw reverses it and gives every stake back', async () => {
    const { account: finance, cookie } = await consoleUser('finance');
    const bettors = [await accountWithRole('1585'), await accountWithRole('1585')];
    const quiz = await openQuizRow(bettors);
    const db = await getDb();
    const gold = async (id: number) => (await readWallet(db, id)).gold;
    expect(await gold(bettors[0].id)).toBe(9_000);

    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'close' }, cookie)).toMatchObject({ status: 0, data: { status: 'to_be_drawn' } });
    expect(await latestAudit(quiz.id, 'quiz')).toMatchObject({ actorId: finance.id, action: 'quiz.close', before: { status: 'in_progress' } });
    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'drawA' }, cookie)).toMatchObject({ status: 0, data: { status: 'prize_drawn', winner: 'A' } });
    expect(await latestAudit(quiz.id, 'quiz')).toMatchObject({ action: 'quiz.draw', after: { status: 'prize_drawn', winner: 'A', pool: 2_000, bettors: 2 } });
    expect(await gold(bettors[0].id)).toBeGreaterThan(10_000);
    expect(await gold(bettors[1].id)).toBe(9_000);

    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'cancel' }, cookie)).toMatchObject({ status: 0, data: { status: 'cancelled_after_draw' } });
    expect(await latestAudit(quiz.id, 'quiz')).toMatchObject({ action: 'quiz.cancel', before: { status: 'prize_drawn', winner: 'A' } });
    expect(await gold(bettors[0].id)).toBe(10_000);
    expect(await gold(bettors[1].id)).toBe(10_000);
    expect((await db.select().from(quizBets).where(eq(quizBets.quizId, quiz.id))).map((bet) => bet.result).sort()).toEqual(['bonus_withdrawn', 'refunded']);
    const page = await listQuizzesForConsole(db, 'sportcast', 1);
    expect(page.rows.find((row) => row.guess_id === quiz.id)).toMatchObject({ status: 'cancelled_after_draw' });
  });

  it('asks for the password again, refuses another brand’s quiz and a bad decision, and changes nothing then', async () => {
    const { cookie } = await consoleUser('operator');
    const quiz = await openQuizRow();
    const stale = await sealConsoleGrant({ credential: (await person('operator')).credential, mfa: true, reauthAt: Date.now() - 60 * 60_000 });
    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'cancel' }, stale)).toMatchObject({ status: 1, data: { reauth: 1 } });
    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'cancel' }, cookie, { host: 'zh.localhost:3000', lang: 'en' })).toMatchObject({ status: 1, msg: expect.stringMatching(/not found|does not exist/i) });
    expect(await call(decideQuizRoute, { quiz_id: quiz.id, decision: 'drawC' }, cookie)).toMatchObject({ status: 1 });
    expect(await call(decideQuizRoute, { quiz_id: 'x', decision: 'close' }, cookie)).toMatchObject({ status: 1 });
    const [row] = await (await getDb()).select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row.status).toBe('in_progress');
    expect(await latestAudit(quiz.id, 'quiz')).toBeUndefined();
  });
});

describe('brand settings', () => {
  it('writes only the changed keys as the brand’s own, audited, and the site reads them', async () => {
    const { account: operator, cookie } = await consoleUser('operator');
    const db = await getDb();
    const before = await getAppConfig(db, 'sportcast');
    const reply = await call<{ changed: string[] }>(saveBrandSettingsRoute, await settingsForm('sportcast', { lottery_switch: before.lottery_switch === 1 ? '0' : '1', chips: '5, 20, 100' }), cookie);
    expect(reply).toMatchObject({ status: 0, data: { changed: ['lottery_switch', 'chips'] } });
    const after = await getAppConfig(db, 'sportcast');
    expect(after).toMatchObject({ lottery_switch: before.lottery_switch === 1 ? 0 : 1, chips: [500, 2000, 10000] });
    expect(await latestAudit('sportcast', 'brand')).toMatchObject({
      actorId: operator.id,
      action: 'brand.config',
      before: { lottery_switch: before.lottery_switch, chips: before.chips },
      after: { lottery_switch: after.lottery_switch, chips: [500, 2000, 10000] },
    });
    // The shared row is untouched: qiuba keeps what it had.
    expect((await getAppConfig(db, 'qiuba')).chips).not.toEqual([500, 2000, 10000]);
    // Saving the same values writes nothing.
    const audited = await latestAudit('sportcast', 'brand');
    expect(await call(saveBrandSettingsRoute, await settingsForm('sportcast'), cookie)).toMatchObject({ status: 0, data: { changed: [] } });
    expect((await latestAudit('sportcast', 'brand')).id).toBe(audited.id);
    // Put back.
    await call(saveBrandSettingsRoute, await settingsForm('sportcast', { lottery_switch: String(before.lottery_switch), chips: before.chips.map((chip) => chip / 100).join(', ') }), cookie);
  });

  it('refuses bad values in the operator’s language and writes nothing', async () => {
    const { cookie } = await consoleUser('operator');
    const db = await getDb();
    const before = await getAppConfig(db, 'sportcast');
    for (const [change, message] of [
      [{ lottery_switch: '2' }, 'Choose on or off.'],
      [{ chips: '0, 10' }, 'Enter 1 to 10 whole amounts of gold, separated by commas.'],
      [{ chips: '' }, 'Enter 1 to 10 whole amounts of gold, separated by commas.'],
      [{ dialog_daily_times: '101' }, 'Enter a whole number in range.'],
      [{ weibo: 'x'.repeat(501) }, 'This text is too long.'],
    ] as const) {
      expect(await call(saveBrandSettingsRoute, await settingsForm('sportcast', change), cookie)).toMatchObject({ status: 1, msg: message });
    }
    expect(await call(saveBrandSettingsRoute, {}, cookie)).toMatchObject({ status: 1 });
    expect(await getAppConfig(db, 'sportcast')).toEqual(before);
    // A NUL character, which nobody types and Postgres cannot store, is dropped: the same weibo link changes nothing.
    expect(await call(saveBrandSettingsRoute, await settingsForm('sportcast', { weibo: `${before.weibo}\u0000` }), cookie)).toMatchObject({ status: 0, data: { changed: [] } });
  });
});
