// The signed-in user's own data: user info, assets, nickname, avatar, password; nobody reaches another's.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { GET as serveUpload } from '@/app/uploads/[...path]/route';
import { POST as getUserAsset } from '@/app/api/user/getUserAsset/route';
import { GET as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { POST as checkAnchorStatus } from '@/app/api/user/checkAnchorStatus/route';
import { POST as setPassword } from '@/app/api/user/setPassword/route';
import { POST as updateNickname } from '@/app/api/user/updateNickname/route';
import { POST as uploadAvatar } from '@/app/api/user/uploadAvatar/route';
import { getDb } from '@/lib/db';
import { sessions, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { verifyImSig } from '@/lib/server/session/im-sig';
import { findSessionUser } from '@/lib/server/session/sessions';
import type { Envelope } from '@/lib/server/http/errors';
import {
  anchorStatusReply,
  passwordMessageReply,
  updateNicknameReply,
  uploadAvatarReply,
  userAssetReply,
  userInfoSchema,
  type UserInfo,
} from '@/lib/validation/users';
import { callRoute } from '@/tests/support/call-route';
import { credentialOf, newAccountWithPassword, newIp, newPhone, passwordLogin, signInBySms, solveCaptcha } from '@/tests/support/auth';
import { demoPassword } from '@/tests/support/demo-password';
import { expectReplyShape } from '@/tests/support/reply-shape';

const phone = () => newPhone('1395');

// Opening the in-memory database (migrations, seeds) can take longer than a test's default 5 s.
beforeAll(() => getDb(), 60_000);
// With Redis the limits hold a connection of their own.

async function upload(credential: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new NextRequest('http://localhost:3000/api/user/uploadAvatar', {
    method: 'POST',
    headers: { host: 'localhost:3000', authorization: `Bearer ${credential}` },
    body: form,
  });
  return (await (await uploadAvatar(request)).json()) as Envelope<{ avatar: string }>;
}

function fetchUpload(urlPath: string) {
  const segments = urlPath.replace(/^\/uploads\//, '').split('/');
  return serveUpload(new Request(`http://localhost:3000${urlPath}`), { params: Promise.resolve({ path: segments }) });
}

const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#16a34a' } }).toFormat(format).toBuffer();

describe('getUserInfo', () => {
  it('answers every user-info field of spec §3 for the caller', async () => {
    const reply = await passwordLogin('18800000003', demoPassword, await solveCaptcha());
    const info = await callRoute<UserInfo>(getUserInfo, { method: 'GET', credential: credentialOf(reply.data) });
    expect(info.status).toBe(0);
    expectReplyShape(userInfoSchema, info.data);
    expect(info.data).toMatchObject({
      id: reply.data.id,
      nick_name: 'Coach Li',
      avatar: '',
      level: 14,
      // Level 14 spans 22,000..28,000 experience; the demo anchor has 25,500.
      process: 3_500,
      remainder: 2_500,
      diamond: 1_530_000,
      gold: 245_000,
      mobile: '18800000003',
      formatPhone: '188****0003',
      vip_level: 2,
      is_anchor: 1,
      has_password: 1,
    });
    // The sig names the session it was issued to (the one this call was made with).
    const session = await findSessionUser(await getDb(), credentialOf(reply.data));
    expect(verifyImSig(info.data.id, info.data.sig)).toEqual({ sessionId: session?.sessionId });
    expect(verifyImSig(info.data.id + 1, info.data.sig)).toBeUndefined();
  });

  it('ignores an id in the request: it always answers the caller', async () => {
    const me = await signInBySms(phone());
    const other = await signInBySms(phone());
    const reply = await callRoute<UserInfo>(getUserInfo, { method: 'GET', path: `/api/user/getUserInfo?id=${other.id}&uid=${other.id}`, credential: credentialOf(me) });
    expect(reply.data.id).toBe(me.id);
    expect(reply.data.mobile).not.toBe(other.mobile);
  });
});

describe('getUserAsset and checkAnchorStatus', () => {
  it('answer the caller\'s balances in hundredths and anchor status', async () => {
    const viewer = await passwordLogin('18800000001', demoPassword, await solveCaptcha());
    const asset = await callRoute(getUserAsset, { credential: credentialOf(viewer.data), body: { user_id: 1 } });
    expect(asset.data).toEqual({ diamond: 128_800, gold: 56_000 });
    expectReplyShape(userAssetReply, asset.data);
    const status = await callRoute(checkAnchorStatus, { credential: credentialOf(viewer.data) });
    expect(status.data).toEqual({ is_anchor: 0, is_live: 0 });
    expectReplyShape(anchorStatusReply, status.data);
  });
});

describe('updateNickname', () => {
  it('changes the nickname once, then refuses another change within 7 days', async () => {
    const user = await signInBySms(phone());
    const changed = await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: '  进球机器 ' } });
    expect(changed).toMatchObject({ status: 0, data: { nick_name: '进球机器' } });
    expectReplyShape(updateNicknameReply, changed.data);
    const info = await callRoute<UserInfo>(getUserInfo, { method: 'GET', credential: credentialOf(user) });
    expect(info.data.nick_name).toBe('进球机器');
    expect(info.data.nickname_change_at).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);

    const again = await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: 'Striker9' } });
    expect(again).toMatchObject({ status: 1, msg: 'You can change your nickname again in 7 days.' });
    const zh = await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: 'Striker9' }, headers: { lang: 'zh_cn' } });
    expect(zh.msg).toBe('7 天后才能再次修改昵称。');

    await (await getDb()).update(users).set({ nicknameChangedAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(users.id, user.id));
    expect((await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: 'Striker9' } })).status).toBe(0);
  });

  it.each([
    ['en', 'A', 'Nickname must be 2 to 8 characters'],
    ['en', 'ABCDEFGHI', 'Nickname must be 2 to 8 characters'],
    ['zh_cn', '一二三四五六七八九', '昵称长度为 2-8 个字符'],
    ['en', 'ab\ncd', 'Nickname cannot contain line breaks or control characters'],
  ])('answers lang %s, nickname %j with "%s"', async (lang, nickName, message) => {
    const user = await signInBySms(phone());
    expect(await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: nickName }, headers: { lang } })).toMatchObject({ status: 1, msg: message });
  });

  it('counts characters as people see them: 8 Chinese characters are fine', async () => {
    const user = await signInBySms(phone());
    expect((await callRoute(updateNickname, { credential: credentialOf(user), body: { nick_name: '一二三四五六七八' } })).status).toBe(0);
  });

  it('refuses an anchor’s or a staff member’s name however it is disguised (issue 18)', async () => {
    const db = await getDb();
    const anchor = await signInBySms(phone());
    await db.update(users).set({ role: 'anchor', nickName: 'Zhou Yi' }).where(eq(users.id, anchor.id));
    const manager = await signInBySms(phone());
    await db.update(users).set({ role: 'manager', nickName: '房管阿杰' }).where(eq(users.id, manager.id));
    const viewer = await signInBySms(phone());
    const rename = (nickName: string, lang = 'en') => callRoute(updateNickname, { credential: credentialOf(viewer), body: { nick_name: nickName }, headers: { lang } });
    // Case, full width, Cyrillic о and і, digits for letters, punctuation for spaces; a manager's name; the site's voice.
    for (const name of ['zhou yi', 'ＺＨＯＵ ＹＩ', 'Zh\u043Eu Y\u0456', 'ZH0U Y1', 'Zhou_Yi', 'Zhou.Yl', '房管阿杰', '房 管 阿 杰', 'Official', '官方客服']) {
      expect({ name, reply: await rename(name) }).toEqual({ name, reply: expect.objectContaining({ status: 1, msg: 'This name belongs to an anchor or to the site’s staff. Choose another one.' }) });
    }
    expect(await rename('Zhou Yi', 'zh_cn')).toMatchObject({ status: 1, msg: '该昵称属于主播或平台工作人员，请换一个。' });
    // A name that only starts the same is the viewer's to take; the anchor may change the case of their own.
    expect(await rename('Zhou Yu')).toMatchObject({ status: 0 });
    expect(await callRoute(updateNickname, { credential: credentialOf(anchor), body: { nick_name: 'ZHOU YI' } })).toMatchObject({ status: 0 });
  });

  it('changes only the caller, whatever user id the request names', async () => {
    const me = await signInBySms(phone());
    const victim = await signInBySms(phone());
    await callRoute(updateNickname, { credential: credentialOf(me), body: { nick_name: 'Hacker1', uid: victim.id, id: victim.id, user_id: victim.id } });
    const [victimRow] = await (await getDb()).select().from(users).where(eq(users.id, victim.id));
    expect(victimRow.nickName).toBe(victim.nick_name);
    const [myRow] = await (await getDb()).select().from(users).where(eq(users.id, me.id));
    expect(myRow.nickName).toBe('Hacker1');
  });
});

describe('uploadAvatar and /uploads', () => {
  it('stores a 256×256 WebP under uploads/avatars and serves it', async () => {
    const user = await signInBySms(phone());
    const reply = await upload(credentialOf(user), await picture(800, 600, 'jpeg'), 'me.jpg', 'image/jpeg');
    expect(reply.status).toBe(0);
    expectReplyShape(uploadAvatarReply, reply.data);
    expect(reply.data.avatar).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]{16}\\.webp$`));
    expect(fs.existsSync(path.join(getEnv().dataDir, reply.data.avatar))).toBe(true);

    const served = await fetchUpload(reply.data.avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 256, height: 256, format: 'webp' });
    expect((await callRoute<UserInfo>(getUserInfo, { method: 'GET', credential: credentialOf(user) })).data.avatar).toBe(reply.data.avatar);
  });

  it('accepts PNG, GIF and WebP, and removes the previous file', async () => {
    const user = await signInBySms(phone());
    let previous = '';
    for (const format of ['png', 'gif', 'webp'] as const) {
      const reply = await upload(credentialOf(user), await picture(120, 90, format), `a.${format}`, `image/${format}`);
      expect(reply.status).toBe(0);
      if (previous) expect(fs.existsSync(path.join(getEnv().dataDir, previous))).toBe(false);
      previous = reply.data.avatar;
    }
  });

  it('judges the content, not the name: text called .png is refused', async () => {
    const user = await signInBySms(phone());
    const reply = await upload(credentialOf(user), Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
    expect(reply).toMatchObject({ status: 1, msg: 'Only JPG, PNG, GIF and WebP images can be used.' });
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer();
    expect((await upload(credentialOf(user), tiff, 'a.jpg', 'image/jpeg')).status).toBe(1);
  });

  it('refuses an image of 2 MB or more, in the user\'s language', async () => {
    const user = await signInBySms(phone());
    const big = Buffer.concat([await picture(10, 10, 'png'), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(credentialOf(user), big, 'big.png', 'image/png')).toMatchObject({ status: 1, msg: 'The image must be smaller than 2 MB' });
  });

  it('refuses a request without a file', async () => {
    const user = await signInBySms(phone());
    expect(await callRoute(uploadAvatar, { credential: credentialOf(user), body: {} })).toMatchObject({ status: 1, msg: 'Please choose an image' });
  });

  it('serves nothing outside the uploads folder, nor unknown files', async () => {
    const avatars = path.join(getEnv().dataDir, 'uploads', 'avatars');
    fs.mkdirSync(avatars, { recursive: true });
    fs.writeFileSync(path.join(getEnv().dataDir, 'outside.png'), 'private');
    fs.rmSync(path.join(avatars, 'link.png'), { force: true });
    fs.symlinkSync(path.join(getEnv().dataDir, 'outside.png'), path.join(avatars, 'link.png'));
    const tricks = [['..', 'outside.png'], ['avatars', '..', '..', 'outside.png'], ['avatars', 'link.png'], ['avatars', 'missing.webp'], ['.hidden.png'], ['avatars', 'x.svg']];
    for (const segments of tricks) {
      const response = await serveUpload(new Request('http://localhost:3000/uploads/x'), { params: Promise.resolve({ path: segments }) });
      expect({ segments, status: response.status }).toEqual({ segments, status: 404 });
    }
  });
});

describe('setPassword', () => {
  it('lets an SMS-registered account set a first password without an old one', async () => {
    const mobile = phone();
    const user = await signInBySms(mobile);
    expect(user.has_password).toBe(0);
    const reply = await callRoute(setPassword, { credential: credentialOf(user), body: { pwd: 'Volley77x', pwd_confirm: 'Volley77x' } });
    expect(reply).toMatchObject({ status: 0, data: { msg: 'Password saved.' } });
    expectReplyShape(passwordMessageReply, reply.data);
    expect((await passwordLogin(mobile, 'Volley77x', await solveCaptcha())).status).toBe(0);
  });

  it('wants a fresh SMS sign-in for a first password: a session older than 15 minutes is refused', async () => {
    const mobile = phone();
    const user = await signInBySms(mobile);
    await (await getDb()).update(sessions).set({ createdAt: new Date(Date.now() - 16 * 60_000) }).where(eq(sessions.userId, user.id));
    const body = { pwd: 'Volley77x', pwd_confirm: 'Volley77x' };
    expect(await callRoute(setPassword, { credential: credentialOf(user), body })).toMatchObject({
      status: 1,
      msg: 'For your security, sign in again with an SMS code, then set your password within 15 minutes.',
    });
    expect((await callRoute(setPassword, { credential: credentialOf(user), body, headers: { lang: 'zh_cn' } })).msg).toBe('为了账号安全，请先用短信验证码重新登录，并在 15 分钟内设置密码。');
    const again = await signInBySms(mobile);
    expect((await callRoute(setPassword, { credential: credentialOf(again), body })).status).toBe(0);
  });

  it('needs the current password to change it, keeps the caller signed in and ends other sessions', async () => {
    const mobile = phone();
    const here = await signInBySms(mobile, { headers: { 'device-info': 'here' } });
    const elsewhere = await signInBySms(mobile, { headers: { 'device-info': 'elsewhere' } });
    await callRoute(setPassword, { credential: credentialOf(here), body: { pwd: 'First11a', pwd_confirm: 'First11a' } });

    expect(await callRoute(setPassword, { credential: credentialOf(here), body: { pwd: 'Second22b', pwd_confirm: 'Second22b' } })).toMatchObject({
      status: 1,
      msg: 'Please enter your current password.',
    });
    expect(await callRoute(setPassword, { credential: credentialOf(here), body: { old_pwd: 'Wrong99z', pwd: 'Second22b', pwd_confirm: 'Second22b' } })).toMatchObject({
      status: 1,
      msg: 'The current password is incorrect.',
    });
    expect((await callRoute(setPassword, { credential: credentialOf(here), body: { old_pwd: 'First11a', pwd: 'Second22b', pwd_confirm: 'Second22b' } })).status).toBe(0);
    expect((await callRoute(getUserInfo, { method: 'GET', credential: credentialOf(here) })).status).toBe(0);
    expect((await callRoute(getUserInfo, { method: 'GET', credential: credentialOf(elsewhere) })).status).toBe(2);
  });

  it('throttles parallel guesses of the current password like logins: 10 at once from one address, 5 are checked', async () => {
    const mobile = phone();
    const user = await newAccountWithPassword(mobile, 'First11a');
    const ip = newIp();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        callRoute(setPassword, { credential: credentialOf(user), body: { old_pwd: 'Wrong99z', pwd: 'Second22b', pwd_confirm: 'Second22b' }, headers: { 'x-forwarded-for': ip } }),
      ),
    );
    expect(replies.filter((reply) => reply.msg === 'The current password is incorrect.')).toHaveLength(5);
    expect(replies.filter((reply) => reply.msg.startsWith('Too many failed attempts.'))).toHaveLength(5);
  });

  it.each([
    ['en', { pwd: 'Goal12ab', pwd_confirm: 'Goal12ac' }, 'The two password inputs are inconsistent'],
    ['zh_cn', { pwd: 'Goal12ab', pwd_confirm: 'Goal12ac' }, '两次输入的密码不一致'],
    ['en', { pwd: 'qwerty123', pwd_confirm: 'qwerty123' }, 'This password is too easy to guess. Please choose another one.'],
    ['zh_cn', { pwd: 'Abc123', pwd_confirm: 'Abc123' }, '密码过于简单，请更换一个。'],
    ['en', { pwd: 'Goal12abcdefg', pwd_confirm: 'Goal12abcdefg' }, 'Password length must be up to 12 characters'],
  ])('answers lang %s, %j with "%s"', async (lang, body, message) => {
    const user = await signInBySms(phone());
    expect(await callRoute(setPassword, { credential: credentialOf(user), body, headers: { lang } })).toMatchObject({ status: 1, msg: message });
  });
});
