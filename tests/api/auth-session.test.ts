// Sessions: an expired, revoked or forged credential gets status 2 on every signed-in route; logout ends the session.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as getUserAssetGet, POST as getUserAsset } from '@/app/api/user/getUserAsset/route';
import { GET as getUserInfoGet, POST as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { GET as checkAnchorStatusGet, POST as checkAnchorStatus } from '@/app/api/user/checkAnchorStatus/route';
import { POST as logout } from '@/app/api/user/logout/route';
import { POST as setPassword } from '@/app/api/user/setPassword/route';
import { POST as updateNickname } from '@/app/api/user/updateNickname/route';
import { POST as uploadAvatar } from '@/app/api/user/uploadAvatar/route';
import { getDb } from '@/lib/db';
import { sessions } from '@/lib/db/schema';
import { sealSessionCookie, sessionCookieName } from '@/lib/server/session/sessions';
import { callRoute } from '@/tests/support/call-route';
import { credentialOf, newPhone, signInBySms } from '@/tests/support/auth';

const phone = () => newPhone('1394');

// Opening the in-memory database (migrations, seeds) can take longer than a test's default 5 s.
beforeAll(() => getDb(), 60_000);
// With Redis the limits hold a connection of their own.

const signedInRoutes = [
  ['GET getUserInfo', getUserInfoGet, 'GET'],
  ['POST getUserInfo', getUserInfo, 'POST'],
  ['GET getUserAsset', getUserAssetGet, 'GET'],
  ['POST getUserAsset', getUserAsset, 'POST'],
  ['GET checkAnchorStatus', checkAnchorStatusGet, 'GET'],
  ['POST checkAnchorStatus', checkAnchorStatus, 'POST'],
  ['logout', logout, 'POST'],
  ['updateNickname', updateNickname, 'POST'],
  ['uploadAvatar', uploadAvatar, 'POST'],
  ['setPassword', setPassword, 'POST'],
] as const;

const validBodies: Record<string, unknown> = {
  updateNickname: { nick_name: 'Striker' },
  setPassword: { pwd: 'Header99x', pwd_confirm: 'Header99x' },
};

async function expectSessionExpiredEverywhere(credential: string) {
  for (const [name, handler, method] of signedInRoutes) {
    const reply = await callRoute(handler, { method, credential, body: method === 'POST' ? (validBodies[name] ?? {}) : undefined });
    expect({ name, status: reply.status, msg: reply.msg }).toEqual({ name, status: 2, msg: 'Login timed out. Please log in again.' });
  }
}

describe('a credential that no longer works', () => {
  it('gets status 2 on every signed-in route once the session has expired', async () => {
    const user = await signInBySms(phone());
    await (await getDb()).update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    await expectSessionExpiredEverywhere(credentialOf(user));
  });

  it('gets status 2 on every signed-in route after logout', async () => {
    const user = await signInBySms(phone());
    expect(await callRoute(logout, { credential: credentialOf(user) })).toMatchObject({ status: 0 });
    await expectSessionExpiredEverywhere(credentialOf(user));
  });

  it('gets status 2 when the token is made up or belongs to another user id', async () => {
    const user = await signInBySms(phone());
    const other = await signInBySms(phone());
    await expectSessionExpiredEverywhere(`${user.id}.${'A'.repeat(43)}`);
    await expectSessionExpiredEverywhere(`${other.id}.${user.token}`);
    expect((await callRoute(getUserInfo, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(2);
  });

  it('says login timeout in Chinese for a zh_cn request', async () => {
    const reply = await callRoute(getUserInfo, { credential: '1.xxxxxxxxxxxxxxxxxxxxxxxx', headers: { lang: 'zh_cn' } });
    expect(reply).toMatchObject({ status: 2, msg: '登录超时，请重新登录。' });
  });
});

describe('logout', () => {
  it('ends only the session it was called with', async () => {
    const mobile = phone();
    const phoneSession = await signInBySms(mobile, { headers: { 'device-info': 'phone' } });
    const laptopSession = await signInBySms(mobile, { headers: { 'device-info': 'laptop' } });
    await callRoute(logout, { credential: credentialOf(phoneSession) });
    expect((await callRoute(getUserInfo, { credential: credentialOf(phoneSession) })).status).toBe(2);
    expect((await callRoute(getUserInfo, { credential: credentialOf(laptopSession) })).status).toBe(0);
  });

  it('clears the session cookie, and the old cookie no longer signs anyone in', async () => {
    const user = await signInBySms(phone());
    const sealed = `${sessionCookieName.plain}=${await sealSessionCookie(credentialOf(user))}`;
    const request = new NextRequest('http://localhost:3000/api/user/logout', {
      method: 'POST',
      headers: { host: 'localhost:3000', cookie: sealed, origin: 'http://localhost:3000' },
    });
    const response = await logout(request);
    expect(((await response.json()) as { status: number }).status).toBe(0);
    const cleared = response.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(new RegExp(`^${sessionCookieName.plain}=;`));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect((await callRoute(getUserInfo, { headers: { cookie: sealed } })).status).toBe(2);
  });
});

describe('idle expiry and token rotation', () => {
  const db = () => getDb();
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  /** getUserInfo as the web client calls it (it stores replaced tokens), with the reply's headers. */
  async function asWebClient(credential: string, accepts = true) {
    const response = await getUserInfo(
      new NextRequest('http://localhost:3000/api/user/getUserInfo', {
        method: 'POST',
        headers: { host: 'localhost:3000', authorization: `Bearer ${credential}`, ...(accepts ? { 'x-session-rotate': '1' } : {}) },
      }),
    );
    const body = (await response.json()) as { status: number };
    return { status: body.status, renewed: response.headers.get('x-session-token'), cookie: response.headers.get('set-cookie') ?? '' };
  }

  it('ends a session unused for SESSION_IDLE_DAYS (7), and keeps one in use alive', async () => {
    const idle = await signInBySms(phone());
    await (await db()).update(sessions).set({ lastSeenAt: minutesAgo(7 * 24 * 60 + 1) }).where(eq(sessions.userId, idle.id));
    expect((await callRoute(getUserInfo, { credential: credentialOf(idle) })).status).toBe(2);

    const used = await signInBySms(phone());
    await (await db()).update(sessions).set({ lastSeenAt: minutesAgo(6 * 24 * 60) }).where(eq(sessions.userId, used.id));
    expect((await callRoute(getUserInfo, { credential: credentialOf(used) })).status).toBe(0);
    const [row] = await (await db()).select().from(sessions).where(eq(sessions.userId, used.id));
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('replaces an hour-old token for the web client: header and cookie carry the new one, the old one lasts a minute', async () => {
    const user = await signInBySms(phone());
    await (await db()).update(sessions).set({ tokenIssuedAt: minutesAgo(61) }).where(eq(sessions.userId, user.id));
    const first = await asWebClient(credentialOf(user));
    expect(first.status).toBe(0);
    expect(first.renewed).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.cookie).toMatch(new RegExp(`^${sessionCookieName.plain}=Fe26\\.2\\*`));
    const renewed = `${user.id}.${first.renewed}`;
    expect((await asWebClient(renewed)).renewed).toBeNull();
    // A request sent with the old token just before is still answered.
    expect((await callRoute(getUserInfo, { credential: credentialOf(user) })).status).toBe(0);

    // After the grace, the old token showing up means a copy is in use: the session ends for both.
    await (await db()).update(sessions).set({ previousValidUntil: minutesAgo(1) }).where(eq(sessions.userId, user.id));
    expect((await callRoute(getUserInfo, { credential: credentialOf(user) })).status).toBe(2);
    expect((await callRoute(getUserInfo, { credential: renewed })).status).toBe(2);
  });

  it('rotates once when several requests arrive together with the old token', async () => {
    const user = await signInBySms(phone());
    await (await db()).update(sessions).set({ tokenIssuedAt: minutesAgo(61) }).where(eq(sessions.userId, user.id));
    const replies = await Promise.all(Array.from({ length: 5 }, () => asWebClient(credentialOf(user))));
    expect(replies.map((reply) => reply.status)).toEqual([0, 0, 0, 0, 0]);
    expect(replies.filter((reply) => reply.renewed)).toHaveLength(1);
  });

  it('leaves the token of a client that does not store replacements alone', async () => {
    const user = await signInBySms(phone());
    await (await db()).update(sessions).set({ tokenIssuedAt: minutesAgo(24 * 60) }).where(eq(sessions.userId, user.id));
    expect(await asWebClient(credentialOf(user), false)).toMatchObject({ status: 0, renewed: null });
    expect((await callRoute(getUserInfo, { credential: credentialOf(user) })).status).toBe(0);
  });
});
