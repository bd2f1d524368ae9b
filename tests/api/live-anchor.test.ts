// Becoming an anchor (spec §3 application fields, §4 not certified → verifying → verified / failed (retry),
// §5 profile of at least 15 words): the application API, the private ID photo, and the operator's decision.
import fs from 'node:fs';
import path from 'node:path';
import { POST as apply } from '@/app/api/anchor/apply/route';
import { POST as applyInfo } from '@/app/api/anchor/applyInfo/route';
import { POST as uploadIdPhoto } from '@/app/api/anchor/uploadIdPhoto/route';
import { POST as checkAnchorStatus } from '@/app/api/user/checkAnchorStatus/route';
import { POST as getStreamInfo } from '@/app/webapi/live/getStreamInfo/route';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { applicationReply, uploadIdPhotoReply, type ApplicationView } from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';
import { latestCode, requestCode, skipResendGap } from '@/tests/support/auth';
import { accountWithRole, picture, uploadFile, type Account } from './live-helpers';
import { demoPassword } from '@/tests/support/demo-password';
import { expectReplyShape } from '@/tests/support/reply-shape';

beforeAll(() => getDb(), 60_000);

const profile = 'I have commented on football for ten years and know the Premier League and the World Cup inside out.';

async function application(account: Account, overrides: Record<string, unknown> = {}) {
  const photo = await uploadFile<{ id_photo: string }>(uploadIdPhoto, account.credential, await picture(800, 500, 'jpeg'), 'id.jpg', 'image/jpeg');
  expectReplyShape(uploadIdPhotoReply, photo.data);
  await skipResendGap(account.mobile);
  await requestCode(account.mobile);
  return {
    real_name: 'Li Wei',
    contact_type: 'whatsapp',
    contact: '+8613800001111',
    id_number: 'E12345678',
    id_photo: photo.data.id_photo,
    profile,
    phone: account.mobile,
    introducer: '',
    code: latestCode(account.mobile),
    ...overrides,
  };
}

describe('the application, from not certified to verified', () => {
  it('walks through verifying, a refusal with its reason, a retry and the approval', async () => {
    const applicant = await accountWithRole('1366');
    const status = () => callRoute<ApplicationView>(applyInfo, { credential: applicant.credential });
    expect((await status()).data).toMatchObject({ status: 0, status_name: 'not_certified', application: null });
    expectReplyShape(applicationReply, (await status()).data);

    const submitted = await callRoute<ApplicationView>(apply, { credential: applicant.credential, body: await application(applicant) });
    expect(submitted).toMatchObject({
      status: 0,
      data: { status: 1, status_name: 'verifying', application: { real_name: 'Li Wei', id_number: 'E12***678', contact_type: 'whatsapp' } },
    });
    expectReplyShape(applicationReply, submitted.data);
    expect(await callRoute(apply, { credential: applicant.credential, body: await application(applicant) })).toMatchObject({
      status: 1,
      msg: 'Your application is being verified. Please wait for the result.',
    });

    const pending = await runOpsCommand('anchor:applications');
    expect(pending.out).toContain(applicant.mobile);
    expect(pending.out).toContain(path.join(getEnv().dataDir, 'private', 'id-photos'));
    const rejected = await runOpsCommand('anchor:reject', applicant.mobile, '--reason', 'The ID photo is blurred');
    expect(rejected).toMatchObject({ code: 0 });
    expect((await status()).data).toMatchObject({ status: 3, status_name: 'failed', reject_reason: 'The ID photo is blurred' });
    expect(await runOpsCommand('anchor:approve', applicant.mobile)).toMatchObject({ code: 1, err: expect.stringContaining('is failed, not waiting for a decision') });

    // Retry after the refusal.
    expect((await callRoute<ApplicationView>(apply, { credential: applicant.credential, body: await application(applicant) })).data.status).toBe(1);
    expect(await callRoute(getStreamInfo, { credential: applicant.credential })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });

    const approved = await runOpsCommand('anchor:approve', applicant.mobile);
    expect(approved).toMatchObject({ code: 0, out: expect.stringContaining('is now a verified anchor') });
    expect((await status()).data).toMatchObject({ status: 2, status_name: 'verified', reject_reason: '' });
    expect((await callRoute(checkAnchorStatus, { credential: applicant.credential })).data).toEqual({ is_anchor: 1, is_live: 0 });
    expect((await callRoute(getStreamInfo, { credential: applicant.credential })).status).toBe(0);
    expect(await callRoute(apply, { credential: applicant.credential, body: await application(applicant) })).toMatchObject({ status: 1, msg: 'You are already a verified anchor.' });
  });

  it('shows the demo anchors as verified without an application', async () => {
    const { passwordLogin, solveCaptcha, credentialOf } = await import('@/tests/support/auth');
    const login = await passwordLogin('18800000003', demoPassword, await solveCaptcha());
    expect((await callRoute<ApplicationView>(applyInfo, { credential: credentialOf(login.data) })).data).toMatchObject({ status: 2, status_name: 'verified' });
  });
});

describe('the application’s rules', () => {
  let applicant: Account;
  beforeAll(async () => {
    applicant = await accountWithRole('1366');
  });

  it.each([
    ['a profile under 15 words', { profile: 'I love football very much.' }, 'The profile must have at least 15 words'],
    ['no real name', { real_name: ' ' }, 'Please enter your real name'],
    ['an unknown contact type', { contact_type: 'telegram' }, 'Please choose a contact type'],
    ['no contact', { contact: '' }, 'Please enter your contact account'],
    ['an ID number with symbols', { id_number: '12#45' }, 'Please enter a valid ID number'],
    ['an ID photo that was never uploaded', { id_photo: 'someone-else.jpg' }, 'Please upload a photo of your ID'],
  ])('refuses %s', async (_case, overrides, message) => {
    const reply = await callRoute(apply, { credential: applicant.credential, body: await application(applicant, overrides) });
    expect(reply).toMatchObject({ status: 1, msg: message });
    expect((await callRoute<ApplicationView>(applyInfo, { credential: applicant.credential })).data.status).toBe(0);
  });

  it('refuses a wrong verification code', async () => {
    const body = await application(applicant);
    const wrong = body.code === '123456' ? '654321' : '123456';
    expect(await callRoute(apply, { credential: applicant.credential, body: { ...body, code: wrong } })).toMatchObject({ status: 1, msg: 'The verification code is incorrect.' });
    expect((await callRoute<ApplicationView>(applyInfo, { credential: applicant.credential })).data.status).toBe(0);
  });

  it('counts Chinese characters as words and checks the mainland ID number’s check digit in zh-CN', async () => {
    const zh = { lang: 'zh_cn' };
    const short = await callRoute(apply, { credential: applicant.credential, headers: zh, body: await application(applicant, { profile: '我是一名足球解说员', id_number: '11010519491231002X' }) });
    expect(short.msg).toBe('个人简介至少 15 个字');
    const badCheck = await callRoute(apply, { credential: applicant.credential, headers: zh, body: await application(applicant, { profile: '我是一名资深足球解说员，十年来一直解说英超和世界杯比赛。', id_number: '11010519491231002A' }) });
    expect(badCheck.msg).toBe('请输入有效的身份证号');
    const ok = await callRoute<ApplicationView>(apply, {
      credential: applicant.credential,
      headers: zh,
      body: await application(applicant, { profile: '我是一名资深足球解说员，十年来一直解说英超和世界杯比赛。', id_number: '11010519491231002X', contact_type: 'wechat' }),
    });
    expect(ok).toMatchObject({ status: 0, data: { status: 1, application: { contact_type: 'wechat', id_number: '110************02X' } } });
  });

  it('keeps the ID photo private and refuses another user’s photo', async () => {
    const owner = await accountWithRole('1366');
    const thief = await accountWithRole('1366');
    const photo = await uploadFile<{ id_photo: string }>(uploadIdPhoto, owner.credential, await picture(400, 250, 'png'), 'id.png', 'image/png');
    expect(photo.data.id_photo).toMatch(new RegExp(`^${owner.id}-[0-9a-f]{24}\\.jpg$`));
    expect(fs.existsSync(path.join(getEnv().dataDir, 'private', 'id-photos', photo.data.id_photo))).toBe(true);
    expect(fs.existsSync(path.join(getEnv().dataDir, 'uploads', photo.data.id_photo))).toBe(false);
    const reply = await callRoute(apply, { credential: thief.credential, body: await application(thief, { id_photo: photo.data.id_photo }) });
    expect(reply).toMatchObject({ status: 1, msg: 'Please upload a photo of your ID' });
  });

  it('keeps at most the newest ID photo and the one an application names, and takes 20 uploads an hour', async () => {
    const account = await accountWithRole('1366');
    const idPhotos = path.join(getEnv().dataDir, 'private', 'id-photos');
    const mine = () => fs.readdirSync(idPhotos).filter((name) => name.startsWith(`${account.id}-`)).sort();
    const upload = async () => uploadFile<{ id_photo: string }>(uploadIdPhoto, account.credential, await picture(40, 25, 'png'), 'id.png', 'image/png');
    const names: string[] = [];
    for (let count = 0; count < 3; count += 1) names.push((await upload()).data.id_photo);
    expect(mine()).toEqual([names[2]]);
    const body = await application(account);
    expect((await callRoute(apply, { credential: account.credential, body })).status).toBe(0);
    const later = (await upload()).data.id_photo;
    expect(mine()).toEqual([body.id_photo, later].sort());
    // Five so far, counting the one the application helper sent.
    for (let count = 6; count <= 20; count += 1) expect((await upload()).status).toBe(0);
    expect(await upload()).toMatchObject({ status: 1, msg: 'Too many requests. Please try again later.' });
    expect(mine()).toHaveLength(2);
  });

  it('refuses an ID photo that is not a picture', async () => {
    const reply = await uploadFile(uploadIdPhoto, applicant.credential, Buffer.from('%PDF-1.7 not a picture'), 'id.pdf', 'application/pdf');
    expect(reply).toMatchObject({ status: 1, msg: 'Only JPG, GIF, PNG and BMP images can be uploaded' });
  });
});

describe('the operator commands', () => {
  it('explain what cannot be approved', async () => {
    expect(await runOpsCommand('anchor:approve', '13999999999')).toMatchObject({ code: 1, err: 'No account has the phone number 13999999999.' });
    const plain = await accountWithRole('1366');
    expect(await runOpsCommand('anchor:approve', plain.mobile)).toMatchObject({ code: 1, err: `The account ${plain.mobile} has not applied to be an anchor.` });
    expect(await runOpsCommand('anchor:reject', plain.mobile)).toMatchObject({ code: 1, err: expect.stringContaining('--reason') });
  });

  it('grant tickets, once per key', async () => {
    const holder = await accountWithRole('1366');
    expect(await runOpsCommand('tickets:grant', holder.mobile, '3', '--key', 'promo-1')).toMatchObject({ code: 0, out: expect.stringContaining('they now hold 3') });
    expect(await runOpsCommand('tickets:grant', holder.mobile, '3', '--key', 'promo-1')).toMatchObject({ code: 0, out: expect.stringContaining('already made') });
    expect(await runOpsCommand('tickets:grant', holder.mobile, '2')).toMatchObject({ code: 0, out: expect.stringContaining('they now hold 5') });
    expect(await runOpsCommand('tickets:grant', holder.mobile, '0')).toMatchObject({ code: 1, err: 'The count must be a whole number from 1 to 10000.' });
  });
});
