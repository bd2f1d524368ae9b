// Forgot password: reset code → readyForTakeOff (mobile_hash) → forgetPwdHash, which ends every session.
import { POST as forgetPwdHash } from '@/app/api/user/forgetPwdHash/route';
import { GET as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { POST as login } from '@/app/api/user/login/route';
import { POST as readyForTakeOff } from '@/app/api/user/readyForTakeOff/route';
import argon2 from '@node-rs/argon2';
import { getDb } from '@/lib/db';
import { readyForTakeOffReply } from '@/lib/validation/auth';
import { passwordMessageReply } from '@/lib/validation/users';
import { callRoute } from '@/tests/support/call-route';
import { credentialOf, latestCode, newAccountWithPassword, newIp, newPhone, outboxLines, passwordLogin, requestCode, signInBySms, skipResendGap, solveCaptcha } from '@/tests/support/auth';
import { expectReplyShape } from '@/tests/support/reply-shape';

const phone = () => newPhone('1393');

// Opening the in-memory database (migrations, seeds) can take longer than a test's default 5 s.
beforeAll(() => getDb(), 60_000);
// With Redis the limits hold a connection of their own.

/** forgetPwdHash from an address of its own (the proof-use limit counts per address). */
function finishReset<T = unknown>(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callRoute<T>(forgetPwdHash, { body, headers: { 'x-forwarded-for': newIp(), ...headers } });
}

async function resetProof(mobile: string): Promise<string> {
  await skipResendGap(mobile);
  await requestCode(mobile, { reset: true });
  const reply = await callRoute<{ mobile_hash: string }>(readyForTakeOff, { body: { mobile, smscode: latestCode(mobile, 'reset') } });
  expect(reply.status).toBe(0);
  return reply.data.mobile_hash;
}

describe('forgot password', () => {
  it('walks the three steps: code, new password, and the new password works while the old sessions end', async () => {
    const mobile = phone();
    const laptop = await signInBySms(mobile, { headers: { 'device-info': 'laptop' } });
    const tablet = await signInBySms(mobile, { headers: { 'device-info': 'tablet' } });

    await skipResendGap(mobile);
    expect((await requestCode(mobile, { reset: true })).status).toBe(0);
    expect(outboxLines(mobile).at(-1)?.purpose).toBe('reset');
    const step1 = await callRoute<{ mobile_hash: string }>(readyForTakeOff, { body: { mobile, smscode: latestCode(mobile, 'reset') } });
    expect(step1.status).toBe(0);
    expect(step1.data.mobile_hash).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expectReplyShape(readyForTakeOffReply, step1.data);

    const step2 = await finishReset<{ msg: string }>({ mobile, mobile_hash: step1.data.mobile_hash, pwd: 'NewGoal42' });
    expect(step2).toMatchObject({ status: 0, data: { msg: 'Password changed. Please log in with your new password.' } });
    expectReplyShape(passwordMessageReply, step2.data);

    for (const session of [laptop, tablet]) {
      expect((await callRoute(getUserInfo, { method: 'GET', credential: credentialOf(session) })).status).toBe(2);
    }
    expect((await passwordLogin(mobile, 'NewGoal42', await solveCaptcha())).status).toBe(0);
  });

  it('replaces the old password', async () => {
    const mobile = phone();
    await newAccountWithPassword(mobile, 'Before2026x');
    await finishReset({ mobile, mobile_hash: await resetProof(mobile), pwd: 'Derby2026x' });
    expect((await passwordLogin(mobile, 'Before2026x', await solveCaptcha())).msg).toBe('Incorrect phone number or password.');
    expect((await passwordLogin(mobile, 'Derby2026x', await solveCaptcha())).status).toBe(0);
  });

  it('refuses a wrong reset code, and a login code used as a reset code', async () => {
    const mobile = phone();
    await signInBySms(mobile);
    await skipResendGap(mobile);
    await requestCode(mobile, { reset: true });
    const code = latestCode(mobile, 'reset');
    const wrong = await callRoute(readyForTakeOff, { body: { mobile, smscode: code === '999999' ? '000000' : '999999' }, headers: { lang: 'zh_cn' } });
    expect(wrong).toMatchObject({ status: 1, msg: '验证码错误。' });
    const loginCode = latestCode(mobile, 'login');
    if (loginCode !== code) expect((await callRoute(readyForTakeOff, { body: { mobile, smscode: loginCode } })).status).toBe(1);
  });

  it('refuses a forged proof, one for another phone, and a spent one', async () => {
    const mobile = phone();
    const other = phone();
    await signInBySms(mobile);
    await signInBySms(other);
    const proof = await resetProof(mobile);
    expect(await finishReset({ mobile, mobile_hash: 'forged-proof-value', pwd: 'Corner11x' })).toMatchObject({
      status: 1,
      msg: 'Your phone verification has expired. Please verify your phone number again.',
    });
    expect((await finishReset({ mobile: other, mobile_hash: proof, pwd: 'Corner11x' })).status).toBe(1);
    expect((await finishReset({ mobile, mobile_hash: proof, pwd: 'Corner11x' })).status).toBe(0);
    expect((await finishReset({ mobile, mobile_hash: proof, pwd: 'Corner12x' })).status).toBe(1);
  });

  it('checks the proof before hashing the new password', async () => {
    // The module object the password code calls through, so a spy sees every hash.
    const hashing = jest.spyOn(argon2, 'hash');
    const forged = await finishReset({ mobile: phone(), mobile_hash: 'forged-proof-value', pwd: 'Corner11x' });
    expect(forged).toMatchObject({ status: 1, msg: 'Your phone verification has expired. Please verify your phone number again.' });
    expect(hashing).not.toHaveBeenCalled();
    hashing.mockRestore();
  });

  it('limits how often one address may present proofs', async () => {
    const ip = newIp();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      await finishReset({ mobile: phone(), mobile_hash: 'forged-proof-value', pwd: 'Corner11x' }, { 'x-forwarded-for': ip });
    }
    const refused = await finishReset({ mobile: phone(), mobile_hash: 'forged-proof-value', pwd: 'Corner11x' }, { 'x-forwarded-for': ip, lang: 'zh_cn' });
    expect(refused).toMatchObject({ status: 1, msg: '请求过于频繁，请稍后再试。' });
  });

  it('refuses a registration proof for a reset', async () => {
    const mobile = phone();
    await skipResendGap(mobile);
    await requestCode(mobile);
    const unregistered = await callRoute<{ mobile_hash: string }>(login, { body: { account: mobile, pwd: latestCode(mobile), login_type: 2 } });
    expect(unregistered.status).toBe(301);
    expect((await finishReset({ mobile, mobile_hash: unregistered.data.mobile_hash, pwd: 'Corner11x' })).status).toBe(1);
  });

  it('keeps the proof when the new password is refused, so step 2 can be retried', async () => {
    const mobile = phone();
    await signInBySms(mobile);
    const proof = await resetProof(mobile);
    expect(await finishReset({ mobile, mobile_hash: proof, pwd: 'password1' })).toMatchObject({
      status: 1,
      msg: 'This password is too easy to guess. Please choose another one.',
    });
    expect((await finishReset({ mobile, mobile_hash: proof, pwd: 'Offside9z' })).status).toBe(0);
  });

  it.each([
    ['en', 'abc123def4567', 'Password length must be up to 12 characters'],
    ['zh_cn', 'abc123def4567', '密码长度不能超过 12 位'],
    ['en', 'abc12', 'Password length must be at least 6 characters'],
    ['en', 'abcdefg', 'Your password must contain letters and numbers'],
    ['zh_cn', '', '密码不能为空'],
    ['en', '', 'Password does not have value'],
  ])('answers lang %s, new password "%s" with "%s"', async (lang, pwd, message) => {
    const reply = await finishReset({ mobile: phone(), mobile_hash: 'x', pwd }, { lang });
    expect(reply).toMatchObject({ status: 1, msg: message });
  });

  it('refuses step 1 for a phone without an account', async () => {
    const reply = await callRoute(readyForTakeOff, { body: { mobile: phone(), smscode: '123456' } });
    expect(reply.status).toBe(1);
  });
});
