// Signing an account in without the login dialog, for journeys about something else: an SMS code through the API
// (read from the console sender's outbox, as a person reads their phone), then the session stored in a browser
// context as the client stores it after a login (lib/http/stored-session.ts).
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { latestSmsCode } from '../pages/sms-outbox';

export type ApiSession = { id: number; token: string; nick_name: string; info: Record<string, unknown> };

type Envelope<T> = { status: number; msg: string; data: T };

/** A phone number no account has yet (the prefix keeps journeys apart). */
export function newPhone(prefix = '139'): string {
  return `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Longest wait for a code: spec §9 allows one per phone per minute (the e2e servers: 2 s), and another journey may just have had one. */
const resendGapMs = 65_000;

/** Asks for a login code, again every few seconds while the server refuses (as a person waits out the countdown). */
async function requestCode(request: APIRequestContext, origin: string, mobile: string): Promise<Date> {
  const deadline = Date.now() + resendGapMs;
  for (;;) {
    const since = new Date();
    const sent = (await (await request.post(`${origin}/api/user/sendCode`, { data: { mobile, is_change_mobile: 0 } })).json()) as Envelope<unknown>;
    if (sent.status === 0 || Date.now() > deadline) {
      expect(sent, sent.msg).toMatchObject({ status: 0 });
      return since;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Signs the existing account of `mobile` in; `origin` is needed when `request` has no base URL (a context's own);
 * `dataDir` when the server's SMS outbox is not the e2e server's (the cluster).
 */
export async function signInThroughApi(request: APIRequestContext, mobile: string, origin = '', dataDir?: string): Promise<ApiSession> {
  const since = await requestCode(request, origin, mobile);
  const pwd = await latestSmsCode(mobile, 'login', since, dataDir);
  const website = origin ? new URL(origin).hostname : 'localhost';
  const reply = await request.post(`${origin}/api/user/login`, { data: { account: mobile, pwd, login_type: 2, platform: 0, source_id: 10001, website } });
  const body = (await reply.json()) as Envelope<{ id: number; token: string; nick_name: string }>;
  expect(body, body.msg).toMatchObject({ status: 0 });
  const { token, ...info } = body.data;
  return { id: body.data.id, token, nick_name: body.data.nick_name, info };
}

/**
 * A phone that has no account yet: its SMS login answers 301 with the proof, and registering makes the account.
 * `dataDir`: where the server's SMS outbox is, when it is not the e2e server (the cluster).
 */
export async function registerThroughApi(request: APIRequestContext, mobile: string, dataDir?: string): Promise<ApiSession> {
  const since = await requestCode(request, '', mobile);
  const pwd = await latestSmsCode(mobile, 'login', since, dataDir);
  const login = (await (await request.post('/api/user/login', { data: { account: mobile, pwd, login_type: 2, platform: 0, source_id: 10001, website: 'localhost' } })).json()) as Envelope<{ mobile_hash: string }>;
  expect(login, login.msg).toMatchObject({ status: 301 });
  const reply = (await (await request.post('/webapi/user/register', { data: { account: mobile, mobile_hash: login.data.mobile_hash, pwd: '', website: 'localhost' } })).json()) as Envelope<{ id: number; token: string; nick_name: string }>;
  expect(reply, reply.msg).toMatchObject({ status: 0 });
  const { token, ...info } = reply.data;
  return { id: reply.data.id, token, nick_name: reply.data.nick_name, info };
}

/** The browser context starts signed in, as after a login; a session the page changed later is left alone. */
export async function useSession(context: BrowserContext, session: ApiSession): Promise<void> {
  await context.addInitScript(
    ({ token, id, info }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', token);
      localStorage.setItem('id', String(id));
      localStorage.setItem('userInfo', JSON.stringify(info));
    },
    { token: session.token, id: session.id, info: session.info },
  );
}
