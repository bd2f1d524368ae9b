// The slide captcha: the picture and piece it hands out, one verification per picture, one login per solve.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { POST as captchaPath } from '@/app/api/captcha_path/route';
import { POST as captchaVerify } from '@/app/api/captcha_verify/route';
import { getDb } from '@/lib/db';
import { drawCaptcha } from '@/lib/server/captcha/images';
import { captchaChallenges } from '@/lib/db/schema';
import { captchaPathReply, type CaptchaChallenge } from '@/lib/validation/auth';
import { callRoute } from '@/tests/support/call-route';
import { newIp, passwordLogin, solveCaptcha } from '@/tests/support/auth';
import { demoPassword } from '@/tests/support/demo-password';
import { expectReplyShape } from '@/tests/support/reply-shape';

// Opening the in-memory database (migrations, seeds) can take longer than a test's default 5 s.
beforeAll(() => getDb(), 60_000);
// With Redis the limits hold a connection of their own.

async function issue(ip = newIp()) {
  const reply = await callRoute<CaptchaChallenge>(captchaPath, { headers: { 'x-forwarded-for': ip } });
  const [challenge] = await (await getDb()).select().from(captchaChallenges).where(eq(captchaChallenges.id, reply.data.id));
  return { reply, challenge };
}

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1], 'base64');

async function meanBrightness(image: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const pixels = await sharp(image).extract(region).removeAlpha().raw().toBuffer();
  return pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
}

describe('POST /api/captcha_path', () => {
  it('answers a 590×360 picture, a 50×59 piece and the row the piece sits on', async () => {
    const { reply, challenge } = await issue();
    expect(reply.status).toBe(0);
    expectReplyShape(captchaPathReply, reply.data);
    expect(reply.data.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(reply.data.slide).toMatch(/^data:image\/png;base64,/);
    expect(await sharp(bytesOf(reply.data.image)).metadata()).toMatchObject({ width: 590, height: 360, format: 'jpeg' });
    expect(await sharp(bytesOf(reply.data.slide)).metadata()).toMatchObject({ width: 50, height: 59, format: 'png', hasAlpha: true });
    expect(reply.data.y).toBe(challenge.y);
    expect(reply.data.y).toBeGreaterThanOrEqual(0);
    expect(reply.data.y).toBeLessThanOrEqual(360 - 59);
    // The answer is not in the reply.
    expect(JSON.stringify(reply.data)).not.toMatch(/"x"/);
  });

  it('darkens the hole where the piece belongs', async () => {
    const { reply, challenge } = await issue();
    const inside = { left: 8, top: 20, width: 34, height: 30 };
    const hole = await meanBrightness(bytesOf(reply.data.image), { ...inside, left: challenge.x + inside.left, top: challenge.y + inside.top });
    const piece = await meanBrightness(bytesOf(reply.data.slide), inside);
    expect(hole).toBeLessThan(piece * 0.75);
  });

  it('draws an upside-down decoy on the piece\'s row, clear of the hole', async () => {
    for (let round = 0; round < 5; round += 1) {
      const drawn = await drawCaptcha();
      expect(Math.abs(drawn.decoyX - drawn.x)).toBeGreaterThanOrEqual(60);
      expect(drawn.decoyX).toBeGreaterThanOrEqual(100);
      expect(drawn.decoyX).toBeLessThanOrEqual(590 - 50);
    }
  });

  it('puts the piece somewhere new each time', async () => {
    const positions = new Set<string>();
    const ip = newIp();
    for (let round = 0; round < 6; round += 1) {
      const { challenge } = await issue(ip);
      positions.add(`${challenge.x},${challenge.y}`);
    }
    expect(positions.size).toBeGreaterThan(1);
  });

  it('limits how many pictures one IP may ask for in a minute', async () => {
    const ip = newIp();
    for (let round = 0; round < 30; round += 1) expect((await issue(ip)).reply.status).toBe(0);
    const refused = await callRoute(captchaPath, { headers: { 'x-forwarded-for': ip } });
    expect(refused).toMatchObject({ status: 1, msg: 'Too many requests. Please try again later.' });
  }, 60_000);
});

describe('POST /api/captcha_verify', () => {
  it('accepts the slider within 4 px of the hole and answers data true', async () => {
    const { reply, challenge } = await issue();
    expect(await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x - 4 } })).toMatchObject({ status: 0, data: true });
    const other = await issue();
    expect(await callRoute(captchaVerify, { body: { id: other.reply.data.id, x: other.challenge.x + 4 } })).toMatchObject({ status: 0, data: true });
  });

  it('refuses 5 px off: a blind guess passes about 2 % of the time, not 3 %', async () => {
    for (const offset of [-5, 5]) {
      const { reply, challenge } = await issue();
      expect(await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x + offset } })).toMatchObject({ status: 1, msg: 'Verification failed' });
    }
  });

  it('refuses a replay of a solved captcha', async () => {
    const { reply, challenge } = await issue();
    await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x } });
    const replay = await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x } });
    expect(replay).toMatchObject({ status: 1, msg: 'This verification has expired. Please refresh and try again.' });
  });

  it('gives one try per picture: after a miss even the right x is refused', async () => {
    const { reply, challenge } = await issue();
    const miss = await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x + 40 }, headers: { lang: 'zh_cn' } });
    expect(miss).toMatchObject({ status: 1, msg: '验证失败' });
    expect((await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x } })).status).toBe(1);
  });

  it('says "Verification failed" for a miss in English', async () => {
    const { reply, challenge } = await issue();
    expect((await callRoute(captchaVerify, { body: { id: reply.data.id, x: Math.max(0, challenge.x - 30) } })).msg).toBe('Verification failed');
  });

  it('refuses a picture older than two minutes and an unknown id', async () => {
    const { reply, challenge } = await issue();
    await (await getDb()).update(captchaChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(captchaChallenges.id, reply.data.id));
    expect((await callRoute(captchaVerify, { body: { id: reply.data.id, x: challenge.x } })).status).toBe(1);
    expect((await callRoute(captchaVerify, { body: { id: 'no-such-captcha', x: 100 } })).status).toBe(1);
  });

  it('refuses an x outside the picture with a clear message', async () => {
    const reply = await callRoute(captchaVerify, { body: { id: 'abc', x: 'far' } });
    expect(reply.status).toBe(1);
    expect(reply.msg).toBe('x must be a number.');
  });
});

describe('a solved captcha at login', () => {
  it('is accepted within 5 minutes of solving and refused after', async () => {
    const stale = await solveCaptcha();
    await (await getDb()).update(captchaChallenges).set({ solvedAt: new Date(Date.now() - 6 * 60_000) }).where(eq(captchaChallenges.id, stale));
    expect((await passwordLogin('18800000001', demoPassword, stale)).msg).toBe('Please complete the slide verification first.');
    expect((await passwordLogin('18800000001', demoPassword, await solveCaptcha())).status).toBe(0);
  });

  it('is refused when it was issued but never solved', async () => {
    const { reply } = await issue();
    expect((await passwordLogin('18800000001', demoPassword, reply.data.id)).msg).toBe('Please complete the slide verification first.');
  });
});
