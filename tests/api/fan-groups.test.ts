// Fan groups (docs/fan-groups.md): joining (once, a "joined" line, a day's wait after a kick), who reads and writes,
// history pages of 20, text and images, a retry sent once, recall within 2 minutes, the anchor's and managers'
// moderation (delete, kick, ban with its notice), the chat list's unread numbers and read, and bad input.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POST as profileRoute } from '@/app/api/groupChat/getAnchorProfile/route';
import { POST as joinRoute } from '@/app/api/groupChat/addToGroupChat/route';
import { POST as leaveRoute } from '@/app/api/groupChat/leave/route';
import { POST as infoRoute } from '@/app/api/groupChat/getGroupInfo/route';
import { POST as historyRoute } from '@/app/api/groupChat/getHistory/route';
import { POST as chatListRoute } from '@/app/api/groupChat/getChatList/route';
import { POST as readRoute } from '@/app/api/groupChat/read/route';
import { POST as sendRoute } from '@/app/api/groupChat/send/route';
import { POST as recallRoute } from '@/app/api/groupChat/recall/route';
import { POST as deleteRoute } from '@/app/api/groupChat/delete/route';
import { POST as kickRoute } from '@/app/api/groupChat/kick/route';
import { POST as banRoute } from '@/app/api/groupChat/ban/route';
import { POST as unbanRoute } from '@/app/api/groupChat/unban/route';
import { POST as uploadRoute } from '@/app/api/privateChat/upload/route';
import { getDb } from '@/lib/db';
import { chatKeywords, users } from '@/lib/db/schema';
import { forgetChatConfigCache } from '@/lib/server/chat/config';
import { getBus, roomChannel } from '@/lib/realtime/bus';
import { createSession } from '@/lib/server/session/sessions';
import {
  anchorProfileReply, groupChatListReply, groupHistoryReply, groupInfoSchema, groupMessageSchema,
  type AnchorGroupProfile, type GroupChatList, type GroupHistory, type GroupInfo, type GroupMessage,
} from '@/lib/validation/fan-groups';
import type { PrivateImage } from '@/lib/validation/inbox';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { busSettles } from '@/tests/support/user-channel';
import { picture, uploadFile } from './live-helpers';

type Person = { id: number; credential: string; nickName: string };

beforeAll(() => getDb(), 60_000);

async function person(role: 'user' | 'anchor' | 'manager' = 'user'): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  const nickName = `${role === 'anchor' ? 'Host' : 'Fan'}${id % 100_000}`;
  await db.insert(users).values({ id, mobile: `172${String(id).slice(-8)}`, nickName, role, brandId: 'sportcast' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, nickName };
}

const join = (who: Person, anchor: Person) => callRoute<GroupInfo>(joinRoute, { credential: who.credential, body: { group_id: `fans:${anchor.id}` } });
const say = (who: Person, anchor: Person, content: string, extra: Record<string, unknown> = {}, lang?: string) =>
  callRoute<GroupMessage>(sendRoute, { credential: who.credential, body: { group_id: `fans:${anchor.id}`, content, client_id: crypto.randomUUID(), ...extra }, headers: lang ? { lang } : {} });
const history = (who: Person, anchor: Person, page = 1) => callRoute<GroupHistory>(historyRoute, { credential: who.credential, body: { group_id: `fans:${anchor.id}`, limit: 20, page } });
const chatList = async (who: Person) => (await callRoute<GroupChatList>(chatListRoute, { credential: who.credential })).data.chat_list;

/** Frames published to the group's room while a test runs. */
async function listenToGroup(anchor: Person) {
  const heard: { type: string; line: GroupMessage }[] = [];
  const stop = await getBus().subscribe(roomChannel(`fans:${anchor.id}`), (frame) => heard.push(JSON.parse(frame)));
  return { heard, stop };
}

describe('joining a fan group', () => {
  it('shows the anchor’s group to a visitor, joins once with one "joined" line, and leaves quietly', async () => {
    const [anchor, fan] = [await person('anchor'), await person()];
    const visitor = await callRoute<AnchorGroupProfile>(profileRoute, { body: { anchorId: anchor.id } });
    expect(visitor.status).toBe(0);
    expectReplyShape(anchorProfileReply, visitor.data);
    expect(visitor.data).toMatchObject({ is_attend: 0, anchor_profile: { id: anchor.id }, groups: [{ group_id: `fans:${anchor.id}`, fans_group_id: anchor.id, member_count: 1 }] });

    const ear = await listenToGroup(anchor);
    const joins = await Promise.all(Array.from({ length: 8 }, () => join(fan, anchor)));
    expect(joins.map((reply) => reply.status)).toEqual(Array(8).fill(0));
    expectReplyShape(groupInfoSchema, joins[0].data);
    expect(joins[0].data).toMatchObject({ is_member: 1, member_count: 2, can_moderate: 0 });
    await busSettles();
    await ear.stop();
    expect(ear.heard.filter((frame) => frame.type === 'groupMessage').map((frame) => [frame.line.type, frame.line.subject?.id])).toEqual([[1, fan.id]]);
    expect((await history(fan, anchor)).data.list.map((line) => [line.type, line.chatType])).toEqual([[1, 3]]);
    expect((await callRoute<AnchorGroupProfile>(profileRoute, { credential: fan.credential, body: { anchorId: anchor.id } })).data.is_attend).toBe(1);

    expect((await callRoute(leaveRoute, { credential: fan.credential, body: { group_id: anchor.id } })).status).toBe(0);
    expect(await history(fan, anchor)).toMatchObject({ status: 1, msg: 'Join the fan group to read and write in it.' });
    expect(await callRoute(leaveRoute, { credential: anchor.credential, body: { group_id: anchor.id } })).toMatchObject({ status: 1, msg: 'The anchor cannot leave their own fan group.' });
  });

  it('has no group for someone who is not an anchor, and refuses bad ids in the user’s language', async () => {
    const [viewer, other] = [await person(), await person()];
    expect(await join(viewer, other)).toMatchObject({ status: 1, msg: 'That fan group does not exist.' });
    for (const group_id of ['fans:0', 'live:5', 'x', -3, '1e3', { a: 1 }, '__proto__']) {
      expect(await callRoute(joinRoute, { credential: viewer.credential, body: { group_id } })).toMatchObject({ status: 1, msg: 'That fan group does not exist.' });
    }
    expect(await callRoute(joinRoute, { credential: viewer.credential, body: { group_id: 'x' }, headers: { lang: 'zh-CN' } })).toMatchObject({ status: 1, msg: '该粉丝群不存在。' });
    expect((await callRoute(joinRoute, { body: { group_id: other.id } })).status).not.toBe(0);
    expect(await callRoute(profileRoute, { body: { anchorId: 'abc' } })).toMatchObject({ status: 1, msg: 'That fan group does not exist.' });
  });
});

describe('writing in a fan group', () => {
  it('delivers text and images to the room, sends a retried line once, and pages the history 20 at a time', async () => {
    const [anchor, fan] = [await person('anchor'), await person()];
    await join(fan, anchor);
    const ear = await listenToGroup(anchor);
    const clientId = crypto.randomUUID();
    const sends = await Promise.all(Array.from({ length: 6 }, () => say(fan, anchor, 'Come on!', { client_id: clientId })));
    expect(new Set(sends.map((reply) => reply.data.id)).size).toBe(1);
    expectReplyShape(groupMessageSchema, sends[0].data);
    expect(sends[0].data).toMatchObject({ type: 0, chatType: 1, uid: fan.id, content: 'Come on!', group_id: `fans:${anchor.id}` });
    expect(await say(fan, anchor, 'Other text', { client_id: clientId })).toMatchObject({ status: 1, msg: 'That message id was used for another message.' });

    const upload = await uploadFile<PrivateImage>(uploadRoute, fan.credential, await picture(64, 48, 'png'), 'goal.png', 'image/png');
    const image = await say(fan, anchor, '', { img_url: upload.data.img_url });
    expect(image.data).toMatchObject({ type: 7, content: '' });
    expect(image.data.img_url).toMatch(/\.webp$/);
    const anchorUpload = await uploadFile<PrivateImage>(uploadRoute, anchor.credential, await picture(16, 16, 'png'), 'a.png', 'image/png');
    expect(await say(fan, anchor, '', { img_url: anchorUpload.data.img_url })).toMatchObject({ status: 1, msg: 'That image cannot be sent.' });
    expect(await say(fan, anchor, 'both', { img_url: upload.data.img_url })).toMatchObject({ status: 1, msg: 'Send text or an image, one at a time.' });
    await busSettles();
    await ear.stop();
    expect(ear.heard.map((frame) => frame.line.type)).toEqual([0, 7]);

    for (let index = 0; index < 21; index += 1) expect((await say(anchor, anchor, `line ${index}`)).status).toBe(0);
    const first = await history(fan, anchor);
    expectReplyShape(groupHistoryReply, first.data);
    expect(first.data.list).toHaveLength(20);
    expect(first.data.no_more).toBe(false);
    expect(first.data.list[0]).toMatchObject({ content: 'line 20', chatType: 2 });
    const second = await history(fan, anchor, 2);
    expect(second.data.list.map((line) => line.type)).toEqual([0, 7, 0, 1]);
    expect(second.data.no_more).toBe(true);
  });

  it('keeps strangers out, refuses advertising, empty and long lines, and limits the pace', async () => {
    const [anchor, fan, stranger] = [await person('anchor'), await person(), await person()];
    await join(fan, anchor);
    expect(await say(stranger, anchor, 'hi')).toMatchObject({ status: 1, msg: 'Join the fan group to read and write in it.' });
    expect(await history(stranger, anchor)).toMatchObject({ status: 1 });
    expect(await say(fan, anchor, '   ')).toMatchObject({ status: 1, msg: 'Write a message or add an image.' });
    expect(await say(fan, anchor, 'x'.repeat(501))).toMatchObject({ status: 1, msg: 'A message is at most 500 characters.' });
    expect((await say(fan, anchor, 'add me on wechat 13800138000')).status).toBe(1);
    expect((await say(anchor, anchor, 'The anchor may share 13800138000')).status).toBe(0);
    const burst = await Promise.all(Array.from({ length: 24 }, (_, index) => say(fan, anchor, `fast ${index}`)));
    expect(burst.filter((reply) => reply.status === 0)).toHaveLength(20);
    expect(burst.find((reply) => reply.status === 1)?.msg).toMatch(/^You are sending too fast/);
  });

  it('refuses the brand’s blocked words to members and to the anchor alike', async () => {
    const db = await getDb();
    await db.insert(chatKeywords).values({ brandId: 'sportcast', words: ['scalper', '黄牛'] }).onConflictDoUpdate({ target: chatKeywords.brandId, set: { words: ['scalper', '黄牛'] } });
    forgetChatConfigCache();
    try {
      const [anchor, fan] = [await person('anchor'), await person()];
      await join(fan, anchor);
      expect(await say(fan, anchor, '今天的黄牛票很贵')).toMatchObject({ status: 1, msg: 'Your message contains a word that is not allowed here.' });
      expect(await say(anchor, anchor, 'Ask the Scalper')).toMatchObject({ status: 1, msg: 'Your message contains a word that is not allowed here.' });
      expect((await say(fan, anchor, 'Scalpers are everywhere today')).status).toBe(0);
    } finally {
      await db.update(chatKeywords).set({ words: [] });
      forgetChatConfigCache();
    }
  });

  it('lets the sender recall a line within 2 minutes, and the others read who recalled it', async () => {
    const [anchor, fan, other] = [await person('anchor'), await person(), await person()];
    await join(fan, anchor);
    await join(other, anchor);
    const sent = await say(fan, anchor, 'Oops, wrong group');
    expect(await callRoute(recallRoute, { credential: other.credential, body: { msg_id: sent.data.id } })).toMatchObject({ status: 1, msg: 'You can only recall your own messages.' });
    expect((await callRoute(recallRoute, { credential: fan.credential, body: { msg_id: sent.data.id } })).status).toBe(0);
    expect((await callRoute(recallRoute, { credential: fan.credential, body: { msg_id: sent.data.id } })).status).toBe(0);
    const seen = (await history(other, anchor)).data.list[0];
    expect(seen).toMatchObject({ id: sent.data.id, type: 2, content: '', uid: fan.id, nick_name: fan.nickName });

    const late = await say(fan, anchor, 'Said long ago');
    const db = await getDb();
    await db.execute(sql`UPDATE fan_group_messages SET created_at = now() - interval '3 minutes' WHERE id = ${late.data.id}`);
    expect(await callRoute(recallRoute, { credential: fan.credential, body: { msg_id: late.data.id } })).toMatchObject({ status: 1, msg: 'Messages can be recalled within 2 minutes.' });
    expect(await callRoute(recallRoute, { credential: fan.credential, body: { msg_id: 'abc' } })).toMatchObject({ status: 1, msg: 'That message does not exist.' });
  });
});

describe('moderating a fan group', () => {
  it('lets the anchor and managers delete, ban and kick, each with its notice; members cannot', async () => {
    const [anchor, fan, other, manager] = [await person('anchor'), await person(), await person(), await person('manager')];
    await join(fan, anchor);
    await join(other, anchor);
    const line = await say(fan, anchor, 'spam spam');
    expect(await callRoute(deleteRoute, { credential: other.credential, body: { msg_id: line.data.id } })).toMatchObject({ status: 1, msg: 'Only the anchor and managers can do that.' });
    expect((await callRoute(deleteRoute, { credential: anchor.credential, body: { msg_id: line.data.id } })).status).toBe(0);
    expect((await history(fan, anchor)).data.list[0]).toMatchObject({ id: line.data.id, type: 3, content: '' });
    expect((await callRoute<GroupInfo>(infoRoute, { credential: manager.credential, body: { group_id: anchor.id } })).data).toMatchObject({ can_moderate: 1, is_member: 0 });

    expect(await callRoute(banRoute, { credential: other.credential, body: { group_id: anchor.id, user_id: fan.id, unit: 'minute', duration: 10 } })).toMatchObject({ status: 1 });
    expect((await callRoute(banRoute, { credential: manager.credential, body: { group_id: anchor.id, user_id: fan.id, unit: 'minute', duration: 10 } })).status).toBe(0);
    expect(await say(fan, anchor, 'let me speak')).toMatchObject({ status: 1, msg: 'You have been banned in this group.' });
    expect((await callRoute<GroupInfo>(infoRoute, { credential: fan.credential, body: { group_id: anchor.id } })).data.banned_until).toBeGreaterThan(Date.now());
    expect(await callRoute(banRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: fan.id, unit: 'minute', duration: 0 } })).toMatchObject({ status: 1 });
    expect(await callRoute(banRoute, { credential: fan.credential, body: { group_id: anchor.id, user_id: anchor.id, unit: 'permanent' } })).toMatchObject({ status: 1 });
    expect((await callRoute(unbanRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: fan.id } })).status).toBe(0);
    expect((await say(fan, anchor, 'thanks')).status).toBe(0);

    expect(await callRoute(kickRoute, { credential: fan.credential, body: { group_id: anchor.id, user_id: other.id } })).toMatchObject({ status: 1, msg: 'Only the anchor and managers can do that.' });
    expect(await callRoute(kickRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: manager.id } })).toMatchObject({ status: 1, msg: 'That member cannot be removed.' });
    expect((await callRoute(kickRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: other.id } })).status).toBe(0);
    expect(await callRoute(kickRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: other.id } })).toMatchObject({ status: 1, msg: 'That user is not in the group.' });
    expect(await say(other, anchor, 'hello?')).toMatchObject({ status: 1, msg: 'Join the fan group to read and write in it.' });
    expect(await join(other, anchor)).toMatchObject({ status: 1, msg: 'You were removed from this group. You can join again in 24 h.' });
    const db = await getDb();
    await db.execute(sql`UPDATE fan_group_members SET kicked_at = now() - interval '25 hours' WHERE anchor_id = ${anchor.id} AND user_id = ${other.id}`);
    expect((await join(other, anchor)).status).toBe(0);

    const notices = (await history(anchor, anchor)).data.list.filter((entry) => entry.chatType === 3).map((entry) => [entry.type, entry.subject?.id]);
    expect(notices).toEqual([[1, other.id], [4, other.id], [6, fan.id], [5, fan.id], [3, undefined], [1, other.id], [1, fan.id]]);
    expect(await callRoute(kickRoute, { credential: anchor.credential, body: { group_id: anchor.id, user_id: 'me' } })).toMatchObject({ status: 1, msg: 'Choose a member.' });
  });
});

describe('the chat list', () => {
  it('counts other people’s lines after the last read, clears on read, lists the anchor’s own group first and the rest by their newest line', async () => {
    const [anchor, second, fan] = [await person('anchor'), await person('anchor'), await person()];
    await join(fan, anchor);
    await join(fan, second);
    await join(anchor, second);
    await say(anchor, anchor, 'Welcome everyone');
    await say(fan, anchor, 'Hi!');
    await say(fan, second, 'Hello second');
    const [recalled] = [await say(anchor, anchor, 'to be recalled')];
    await callRoute(recallRoute, { credential: anchor.credential, body: { msg_id: recalled.data.id } });

    const fanList = await callRoute<GroupChatList>(chatListRoute, { credential: fan.credential });
    expectReplyShape(groupChatListReply, fanList.data);
    expect(fanList.data.chat_list.map((chat) => [chat.anchor_id, chat.unread_num])).toEqual([[anchor.id, 1], [second.id, 0]]);
    expect((await chatList(anchor)).map((chat) => [chat.anchor_id, chat.unread_num, chat.last?.content])).toEqual([[anchor.id, 1, ''], [second.id, 1, 'Hello second']]);

    expect(await callRoute(readRoute, { credential: fan.credential, body: { fans_group_id: anchor.id } })).toMatchObject({ status: 0 });
    expect((await chatList(fan)).find((chat) => chat.anchor_id === anchor.id)?.unread_num).toBe(0);
    expect(await callRoute(readRoute, { credential: fan.credential, body: { fans_group_id: 'nope' } })).toMatchObject({ status: 1, msg: 'That fan group does not exist.' });
  });
});
