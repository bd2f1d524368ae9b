// Helpers for the account API tests: read codes from the console sender's outbox, sign in by SMS,
// solve a slide captcha the way a person would (the hole's x), and give each test its own phone and IP.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { POST as captchaPath } from '@/app/api/captcha_path/route';
import { POST as captchaVerify } from '@/app/api/captcha_verify/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as sendCode } from '@/app/api/user/sendCode/route';
import { POST as setPassword } from '@/app/api/user/setPassword/route';
import { POST as register } from '@/app/webapi/user/register/route';
import { getDb } from '@/lib/db';
import { captchaChallenges, smsCodes } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { resetLimit } from '@/lib/server/rate-limit/limits';
import type { SignedIn } from '@/lib/validation/users';
import { callRoute, type CallOptions } from './call-route';

export type { SignedIn };

// With TEST_REDIS_URL the rate-limit counters outlive a test file (and a run), so each file draws its own
// random block of phones and IPs instead of reusing fixed ones.
const phoneBlock = String(crypto.randomInt(0, 1000)).padStart(3, '0');
const ipBlock = `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}`;
let phoneCounter = 0;
let ipCounter = 0;

/** A mainland number no other test uses; `prefix` (4 digits) keeps files apart in the shared outbox. */
export function newPhone(prefix: string): string {
  phoneCounter += 1;
  return `${prefix}${phoneBlock}${String(phoneCounter).padStart(4, '0')}`;
}

export function newIp(): string {
  ipCounter += 1;
  return `${ipBlock}.${ipCounter}`;
}

type OutboxLine = { mobile: string; code: string; purpose: string; at: string };

export function outboxLines(mobile: string): OutboxLine[] {
  const file = path.join(getEnv().dataDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((line) => line.mobile === mobile);
}

export function latestCode(mobile: string, purpose: 'login' | 'reset' = 'login'): string {
  const line = outboxLines(mobile)
    .filter((entry) => entry.purpose === purpose)
    .at(-1);
  if (!line) throw new Error(`no ${purpose} code was sent to ${mobile}`);
  return line.code;
}

export function requestCode(mobile: string, options: { reset?: boolean; ip?: string; headers?: Record<string, string> } = {}) {
  return callRoute(sendCode, {
    body: { mobile, is_change_mobile: options.reset ? 1 : 0 },
    headers: { 'x-forwarded-for': options.ip ?? newIp(), ...options.headers },
  });
}

export const credentialOf = (signedIn: { id: number; token: string }) => `${signedIn.id}.${signedIn.token}`;

/** As if the 60-second resend gap had passed for this phone: for the limiter, and for the codes already stored. */
export async function skipResendGap(mobile: string): Promise<void> {
  await resetLimit('smsResendGap', mobile);
  await (await getDb())
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
    .where(eq(smsCodes.mobile, mobile));
}

/** The whole SMS journey: code, login, and on 301 registration; returns the signed-in reply. */
export async function signInBySms(mobile: string, options: CallOptions = {}): Promise<SignedIn> {
  await skipResendGap(mobile);
  const sent = await requestCode(mobile);
  if (sent.status !== 0) throw new Error(`sendCode failed: ${sent.msg}`);
  const reply = await callRoute<SignedIn & { mobile_hash: string }>(login, {
    ...options,
    body: { account: mobile, pwd: latestCode(mobile), login_type: 2, platform: 0, source_id: 10001, website: 'localhost' },
  });
  if (reply.status === 0) return reply.data;
  if (reply.status !== 301) throw new Error(`login failed: ${reply.msg}`);
  const registered = await callRoute<SignedIn>(register, {
    ...options,
    headers: { 'x-forwarded-for': newIp(), ...options.headers },
    body: { account: mobile, mobile_hash: reply.data.mobile_hash, platform: 0, pwd: '', sex: 0, device_info: '', reg_source_id: '', website: 'localhost', anchor_id: 0 },
  });
  if (registered.status !== 0) throw new Error(`register failed: ${registered.msg}`);
  return registered.data;
}

/** A new account that has a password (set at registration, as the spec's payload allows). */
export async function newAccountWithPassword(mobile: string, password: string): Promise<SignedIn> {
  const signedIn = await signInBySms(mobile);
  const reply = await callRoute(setPassword, { credential: credentialOf(signedIn), body: { pwd: password, pwd_confirm: password } });
  if (reply.status !== 0) throw new Error(`setPassword failed: ${reply.msg}`);
  return signedIn;
}

/** Issues a captcha and slides the piece onto its hole; returns the id a password login presents. */
export async function solveCaptcha(ip = newIp()): Promise<string> {
  const issued = await callRoute<{ id: string }>(captchaPath, { headers: { 'x-forwarded-for': ip } });
  const [challenge] = await (await getDb()).select().from(captchaChallenges).where(eq(captchaChallenges.id, issued.data.id));
  const verified = await callRoute(captchaVerify, { body: { id: issued.data.id, x: challenge.x + 2 } });
  if (verified.data !== true) throw new Error(`captcha not solved: ${verified.msg}`);
  return issued.data.id;
}

export function passwordLogin(mobile: string, password: string, captchaId: string, options: CallOptions = {}) {
  return callRoute<SignedIn>(login, {
    ...options,
    body: { account: mobile, pwd: password, login_type: 1, platform: 0, source_id: 10001, website: 'localhost', captcha_id: captchaId },
  });
}
