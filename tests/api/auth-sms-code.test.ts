// SMS codes: what sendCode sends, the resend gap and caps, and how a code can be spent (once, in time, in 5 tries).
import { eq } from 'drizzle-orm';
import { POST as login } from '@/app/api/user/login/route';
import { POST as readyForTakeOff } from '@/app/api/user/readyForTakeOff/route';
import { POST as sendCode } from '@/app/api/user/sendCode/route';
import { getDb } from '@/lib/db';
import { smsCodes } from '@/lib/db/schema';
import { resetLimit } from '@/lib/server/rate-limit/limits';
import { callRoute } from '@/tests/support/call-route';
import { latestCode, newIp, newPhone, outboxLines, requestCode, skipResendGap } from '@/tests/support/auth';

const phone = () => newPhone('1391');

// Opening the in-memory database (migrations, seeds) can take longer than a test's default 5 s.
beforeAll(() => getDb(), 60_000);
// With Redis the limits hold a connection of their own.

function smsLogin(mobile: string, code: string) {
  return callRoute<{ mobile_hash?: string }>(login, { body: { account: mobile, pwd: code, login_type: 2, platform: 0, source_id: 10001, website: 'localhost' } });
}

describe('POST /api/user/sendCode', () => {
  it('sends a 6-digit login code to the outbox, and stores only a hash of it', async () => {
    const mobile = phone();
    const reply = await requestCode(mobile);
    expect(reply).toMatchObject({ status: 0, data: null });
    const [line] = outboxLines(mobile);
    expect(line.purpose).toBe('login');
    expect(line.code).toMatch(/^\d{6}$/);
    expect(Number.isNaN(Date.parse(line.at))).toBe(false);
    const rows = await (await getDb()).select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(line.code);
  });

  it('accepts a phone typed with spaces (3-4-4 grouping)', async () => {
    const mobile = phone();
    const grouped = `${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`;
    expect((await requestCode(grouped)).status).toBe(0);
    expect(outboxLines(mobile)).toHaveLength(1);
  });

  it('refuses a second code within 60 seconds, saying how long to wait', async () => {
    const mobile = phone();
    await requestCode(mobile);
    const again = await requestCode(mobile);
    expect(again.status).toBe(1);
    expect(again.msg).toMatch(/^Please wait (59|60) seconds before requesting another code\.$/);
    expect(outboxLines(mobile)).toHaveLength(1);
  });

  it('says the wait in Chinese for a zh_cn request', async () => {
    const mobile = phone();
    await requestCode(mobile);
    const again = await requestCode(mobile, { headers: { lang: 'zh_cn' } });
    expect(again.msg).toMatch(/^请 (59|60) 秒后再获取验证码。$/);
  });

  it('caps one phone at 5 codes an hour, even after each 60-second gap has passed', async () => {
    const mobile = phone();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await requestCode(mobile)).status).toBe(0);
      await skipResendGap(mobile); // as if the minute had passed
    }
    const sixth = await requestCode(mobile);
    expect(sixth.status).toBe(1);
    expect(sixth.msg).toMatch(/^Too many verification codes requested\. Please try again in \d+ minutes?\.$/);
    expect(outboxLines(mobile)).toHaveLength(5);
  });

  it('stops a flood from one IP after 20 codes an hour, while other IPs still get theirs', async () => {
    const ip = newIp();
    for (let sent = 0; sent < 20; sent += 1) expect((await requestCode(phone(), { ip })).status).toBe(0);
    const victim = phone();
    const refused = await requestCode(victim, { ip });
    expect(refused.status).toBe(1);
    expect(refused.msg).toContain('Too many verification codes requested');
    expect(outboxLines(victim)).toHaveLength(0);
    expect((await requestCode(victim, { ip: newIp() })).status).toBe(0);
  });

  it('sends one code when 30 requests for one phone arrive at once (from 30 addresses)', async () => {
    const mobile = phone();
    const replies = await Promise.all(Array.from({ length: 30 }, () => requestCode(mobile)));
    expect(replies.filter((reply) => reply.status === 0)).toHaveLength(1);
    for (const refused of replies.filter((reply) => reply.status !== 0)) expect(refused.msg).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
    expect(outboxLines(mobile)).toHaveLength(1);
  });

  it('keeps the 60-second gap even when the limiter forgot the phone (another process, Redis down)', async () => {
    const mobile = phone();
    await requestCode(mobile);
    await resetLimit('smsResendGap', mobile);
    expect((await requestCode(mobile)).msg).toMatch(/^Please wait (59|60) seconds before requesting another code\.$/);
    expect(outboxLines(mobile)).toHaveLength(1);
    // The refusal counted nothing: the hourly cap still allows four more.
    for (let sent = 0; sent < 4; sent += 1) {
      await skipResendGap(mobile);
      expect((await requestCode(mobile)).status).toBe(0);
    }
  });

  it('holds one address to 20 codes an hour when 30 requests arrive at once', async () => {
    const ip = newIp();
    const replies = await Promise.all(Array.from({ length: 30 }, () => requestCode(phone(), { ip })));
    expect(replies.filter((reply) => reply.status === 0)).toHaveLength(20);
    expect(replies.filter((reply) => reply.status !== 0).every((reply) => reply.msg.startsWith('Too many verification codes requested'))).toBe(true);
  });

  it('answers a password-reset request for a phone without an account as for any other, and sends nothing', async () => {
    const mobile = phone();
    expect(await requestCode(mobile, { reset: true })).toMatchObject({ status: 0, msg: 'success', data: null });
    expect(outboxLines(mobile)).toHaveLength(0);
    // The gap and the caps count as for a real account, and a guessed code fails as a wrong one would.
    expect((await requestCode(mobile, { reset: true })).msg).toMatch(/^Please wait (59|60) seconds/);
    const guess = await callRoute(readyForTakeOff, { body: { mobile, smscode: '123456' } });
    expect(guess).toMatchObject({ status: 1, msg: 'The verification code is incorrect.' });
  });

  it.each([
    ['en', '', 'Phone number does not have value'],
    ['zh_cn', '', '手机号不能为空'],
    ['zh_cn', '12345678901', '请输入正确的手机号'],
    ['zh_cn', '1381234567', '请输入正确的手机号'],
    ['en', '12ab', 'Please enter a valid phone number'],
  ])('answers lang %s, mobile "%s" with "%s"', async (lang, mobile, message) => {
    const reply = await callRoute(sendCode, { body: { mobile }, headers: { lang, 'x-forwarded-for': newIp() } });
    expect(reply).toMatchObject({ status: 1, msg: message });
  });

  it('accepts an international number with its country code in English, not in Chinese', async () => {
    const digits = phone().slice(-6);
    expect((await callRoute(sendCode, { body: { mobile: `+44 7700 ${digits}` }, headers: { lang: 'en', 'x-forwarded-for': newIp() } })).status).toBe(0);
    expect(outboxLines(`447700${digits}`)).toHaveLength(1);
    const zh = await callRoute(sendCode, { body: { mobile: `+44 7700 ${digits}` }, headers: { lang: 'zh_cn', 'x-forwarded-for': newIp() } });
    expect(zh.msg).toBe('请输入正确的手机号');
  });
});

describe('spending a code', () => {
  it('works once: the same code a second time is refused', async () => {
    const mobile = phone();
    await requestCode(mobile);
    const code = latestCode(mobile);
    expect((await smsLogin(mobile, code)).status).toBe(301);
    const reused = await smsLogin(mobile, code);
    expect(reused).toMatchObject({ status: 1, msg: 'This verification code has already been used. Please get a new one.' });
  });

  it('voids the code after 5 wrong tries: even the right code is refused on the 6th', async () => {
    const mobile = phone();
    await requestCode(mobile);
    const code = latestCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await smsLogin(mobile, wrong)).toMatchObject({ status: 1, msg: 'The verification code is incorrect.' });
    }
    expect((await smsLogin(mobile, wrong)).msg).toBe('Too many wrong attempts. Please get a new verification code.');
    expect(await smsLogin(mobile, code)).toMatchObject({ status: 1, msg: 'Too many wrong attempts. Please get a new verification code.' });
  });

  it('refuses a code after its 5 minutes', async () => {
    const mobile = phone();
    await requestCode(mobile);
    await (await getDb()).update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.mobile, mobile));
    expect(await smsLogin(mobile, latestCode(mobile))).toMatchObject({ status: 1, msg: 'The verification code has expired. Please get a new one.' });
  });

  it('keeps only the newest code valid', async () => {
    const mobile = phone();
    await requestCode(mobile);
    const first = latestCode(mobile);
    await skipResendGap(mobile);
    await requestCode(mobile);
    const second = latestCode(mobile);
    if (first !== second) expect((await smsLogin(mobile, first)).msg).toBe('The verification code is incorrect.');
    expect((await smsLogin(mobile, second)).status).toBe(301);
  });

  it('asks for a code first when none was sent', async () => {
    expect(await smsLogin(phone(), '123456')).toMatchObject({ status: 1, msg: 'Please get a verification code first.' });
  });

  it.each([
    ['en', '', 'Verification code must be filled'],
    ['zh_cn', '', '验证码不能为空'],
    ['en', '12345', 'The verification code is 6 digits'],
    ['zh_cn', '12a456', '验证码为 6 位数字'],
  ])('answers lang %s, code "%s" with "%s"', async (lang, code, message) => {
    const reply = await callRoute(login, { body: { account: phone(), pwd: code, login_type: 2 }, headers: { lang } });
    expect(reply).toMatchObject({ status: 1, msg: message });
  });
});
