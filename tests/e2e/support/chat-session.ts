// Signing a browser context in without the login dialog: an SMS code through the API (the code read from
// the console sender's outbox, as a person reads their phone), then the session stored as the client stores it
// (lib/http/stored-session.ts); the login reply sets the session cookie on the context itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type BrowserContext } from '@playwright/test';
import { e2eDataDir } from './e2e-server';

type SignedIn = { id: number; token: string; nick_name: string; [field: string]: unknown };

async function codeFor(mobile: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await fs.readFile(path.join(e2eDataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
    const line = text
      .split('\n')
      .filter(Boolean)
      .map((entry) => JSON.parse(entry) as { mobile: string; code: string; purpose: string; at: string })
      .filter((entry) => entry.mobile === mobile && entry.purpose === 'login' && new Date(entry.at).getTime() >= since - 1000)
      .at(-1);
    if (line) return line.code;
    if (Date.now() > deadline) throw new Error(`no login code for ${mobile} in the SMS outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Longest wait for a code: spec §9 allows one per phone per minute, and another journey may just have had one. */
const resendGapMs = 65_000;

/** Asks for a login code, again every few seconds while the server refuses (as a person waits out the countdown). */
async function requestCode(context: BrowserContext, baseURL: string, mobile: string): Promise<number> {
  const deadline = Date.now() + resendGapMs;
  for (;;) {
    const since = Date.now();
    const sent = await context.request.post(`${baseURL}/api/user/sendCode`, { data: { mobile, is_change_mobile: 0 } });
    const body = (await sent.json()) as { status: number; msg: string };
    if (body.status === 0 || Date.now() > deadline) {
      expect(body, body.msg).toMatchObject({ status: 0 });
      return since;
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
}

/** Signs `context` in as the account of `mobile` (an existing account: status 0) and returns its user info. */
export async function signInWithSmsCode(context: BrowserContext, baseURL: string, mobile: string): Promise<SignedIn> {
  const since = await requestCode(context, baseURL, mobile);
  const pwd = await codeFor(mobile, since);
  const reply = await context.request.post(`${baseURL}/api/user/login`, {
    data: { account: mobile, pwd, login_type: 2, platform: 0, source_id: 10001, website: new URL(baseURL).hostname },
  });
  const body = (await reply.json()) as { status: number; msg: string; data: SignedIn };
  expect(body, body.msg).toMatchObject({ status: 0 });
  const { token, ...userInfo } = body.data;
  await context.addInitScript(
    ({ session, info }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', session.token);
      localStorage.setItem('id', String(session.id));
      localStorage.setItem('userInfo', JSON.stringify(info));
    },
    { session: { token, id: body.data.id }, info: userInfo },
  );
  return body.data;
}
