// The inbox (docs/inbox.md): private messages between viewers and anchors (who may write to whom, blocking, recall
// within 2 minutes, images judged by their bytes, a retry sent once, rate limits), unread counts told over the user
// channel, and the system conversation operators write to one account or to a whole brand.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POST as blockRoute } from '@/app/api/privateChat/block/route';
import { POST as conversationsRoute } from '@/app/api/privateChat/conversations/route';
import { POST as historyRoute } from '@/app/api/privateChat/getRecordDetail/route';
import { POST as readRoute } from '@/app/api/privateChat/read/route';
import { POST as revokeRoute } from '@/app/api/privateChat/revoke/route';
import { POST as sendRoute } from '@/app/api/privateChat/send/route';
import { POST as unreadRoute } from '@/app/api/privateChat/unread/route';
import { POST as uploadRoute } from '@/app/api/privateChat/upload/route';
import { POST as systemHistoryRoute } from '@/app/api/mgrChat/getHistory/route';
import { POST as systemReadRoute } from '@/app/api/mgrChat/read/route';
import { GET as serveUpload } from '@/app/uploads/[...path]/route';
import { getDb, queryRows } from '@/lib/db';
import { anchorFollows, users } from '@/lib/db/schema';
import { getBus, roomChannel } from '@/lib/realtime/bus';
import { createSession } from '@/lib/server/session/sessions';
import {
  conversationsReply, privateHistoryReply, privateImageReply, privateMessageSchema, systemHistoryReply, unreadReply,
  type Conversations, type PrivateHistory, type PrivateImage, type PrivateMessage, type SystemHistory, type UnreadCounts,
} from '@/lib/validation/inbox';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { busSettles, listenToUser } from '@/tests/support/user-channel';
import { picture, uploadFile } from './live-helpers';

type Person = { id: number; credential: string; mobile: string };

beforeAll(() => getDb(), 60_000);

async function person(role: 'user' | 'anchor' = 'user', brandId = 'sportcast'): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  const mobile = `171${String(id).slice(-8)}`;
  await db.insert(users).values({ id, mobile, nickName: `${role === 'anchor' ? 'Host' : 'Fan'}${id % 100_000}`, role, brandId });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, mobile };
}

const send = (from: Person, to: Person, content: string, extra: Record<string, unknown> = {}, lang?: string) =>
  callRoute<PrivateMessage>(sendRoute, { credential: from.credential, body: { anchor_id: to.id, content, client_id: crypto.randomUUID(), ...extra }, headers: lang ? { lang } : {} });
const unread = async (who: Person) => (await callRoute<UnreadCounts>(unreadRoute, { credential: who.credential })).data;
const history = (who: Person, peer: Person, page = 1) => callRoute<PrivateHistory>(historyRoute, { credential: who.credential, body: { anchor_id: peer.id, page, size: 20 } });


describe('private messages between a viewer and an anchor', () => {
  it('delivers a message to the anchor: history, unread badge over the user channel, read', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    const anchorEar = await listenToUser(anchor.id);
    const sent = await send(viewer, anchor, 'Great commentary tonight!');
    expect(sent.status).toBe(0);
    expectReplyShape(privateMessageSchema, sent.data);
    expect(sent.data).toMatchObject({ sender_uid: viewer.id, content: 'Great commentary tonight!', chatType: 1, revoked: false });
    await busSettles();
    expect(anchorEar.heard.find((frame) => frame.type === 'private_message_reply')).toMatchObject({ msg_id: sent.data.id, sender_uid: viewer.id, anchor_id: anchor.id, content: 'Great commentary tonight!' });
    expect(anchorEar.heard.find((frame) => frame.type === 'SystemMessage')).toMatchObject({ unread: { private: 1, system: 0, total: 1 } });
    await anchorEar.stop();

    const seen = await history(anchor, viewer);
    expect(seen.status).toBe(0);
    expectReplyShape(privateHistoryReply, seen.data);
    expect(seen.data).toMatchObject({ no_more: true, peer: { id: viewer.id }, can_send: true, blocked: false });
    expect(seen.data.msg_group.map((message) => [message.content, message.chatType])).toEqual([['Great commentary tonight!', 2]]);
    expect(await unread(anchor)).toEqual({ private: 1, system: 0, total: 1 });
    expect((await callRoute(readRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, latest_msg_stamp: sent.data.send_time } })).status).toBe(0);
    expect(await unread(anchor)).toEqual({ private: 0, system: 0, total: 0 });

    const reply = await send(anchor, viewer, 'Thanks for watching');
    expect(reply.status).toBe(0);
    const listed = await callRoute<Conversations>(conversationsRoute, { credential: viewer.credential, body: { page: 1 } });
    expectReplyShape(conversationsReply, listed.data);
    expect(listed.data.list).toEqual([expect.objectContaining({ peer: expect.objectContaining({ id: anchor.id, role: 'anchor' }), unread: 1, last: expect.objectContaining({ content: 'Thanks for watching', chatType: 2 }) })]);
  });

  it('tells the sender how far their messages were read (read receipts)', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    const first = await send(viewer, anchor, 'First');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await send(viewer, anchor, 'Second');
    expect((await history(viewer, anchor)).data.peer_read_id).toBe(0);
    const viewerEar = await listenToUser(viewer.id);
    await callRoute(readRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, latest_msg_stamp: first.data.send_time } });
    await busSettles();
    expect(viewerEar.heard.filter((frame) => frame.type === 'private_message_read')).toEqual([expect.objectContaining({ reader_uid: anchor.id, last_read_id: first.data.id })]);
    expect((await history(viewer, anchor)).data.peer_read_id).toBe(first.data.id);
    // Reading the same again tells nothing new; reading further does.
    await callRoute(readRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, latest_msg_stamp: first.data.send_time } });
    await callRoute(readRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, latest_msg_stamp: second.data.send_time } });
    await busSettles();
    await viewerEar.stop();
    expect(viewerEar.heard.filter((frame) => frame.type === 'private_message_read').map((frame) => frame.last_read_id)).toEqual([first.data.id, second.data.id]);
    expect((await history(anchor, viewer)).data.peer_read_id).toBe(0);
  });

  it('pages the history 20 at a time, newest first', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    // Both sides write (each stays under 20 a minute).
    for (let index = 1; index <= 23; index += 1) expect((await (index % 2 ? send(viewer, anchor, `line ${index}`) : send(anchor, viewer, `line ${index}`))).status).toBe(0);
    const first = await history(anchor, viewer);
    expect(first.data.msg_group).toHaveLength(20);
    expect(first.data.msg_group[0].content).toBe('line 23');
    expect(first.data.no_more).toBe(false);
    const second = await history(anchor, viewer, 2);
    expect(second.data.msg_group.map((message) => message.content)).toEqual(['line 3', 'line 2', 'line 1']);
    expect(second.data.no_more).toBe(true);
  });

  it('lets a conversation happen only with an anchor on one side, and an anchor write first only to a follower', async () => {
    const [viewer, other, anchor, stranger] = [await person(), await person(), await person('anchor'), await person()];
    expect(await send(viewer, other, 'hi')).toMatchObject({ status: 1, msg: 'Private messages are between viewers and anchors.' });
    expect(await send(viewer, viewer, 'me')).toMatchObject({ status: 1, msg: 'You cannot message yourself.' });
    expect(await send(anchor, stranger, 'Follow me!')).toMatchObject({ status: 1, msg: 'You can write to your followers and to viewers who wrote to you.' });
    await (await getDb()).insert(anchorFollows).values({ userId: stranger.id, anchorId: anchor.id });
    expect((await send(anchor, stranger, 'Thanks for the follow')).status).toBe(0);
    expect((await history(viewer, other)).data.can_send).toBe(false);
  });

  it('sends a retried message once, even 20 times at once, and refuses a client id used for another text', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    const clientId = crypto.randomUUID();
    const replies = await Promise.all(Array.from({ length: 20 }, () => send(viewer, anchor, 'once', { client_id: clientId })));
    expect(replies.every((reply) => reply.status === 0)).toBe(true);
    expect(new Set(replies.map((reply) => reply.data.id)).size).toBe(1);
    const [row] = await queryRows<{ count: string | number }>(await getDb(), sql`SELECT count(*) FROM direct_messages WHERE sender_id = ${viewer.id}`);
    expect(Number(row.count)).toBe(1);
    expect(await send(viewer, anchor, 'something else', { client_id: clientId })).toMatchObject({ status: 1, msg: 'That message id was used for another message.' });
  });

  it('recalls within 2 minutes only, by the sender only, and tells both sides', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    const sent = (await send(viewer, anchor, 'oops')).data;
    const anchorEar = await listenToUser(anchor.id);
    expect((await callRoute(revokeRoute, { credential: anchor.credential, body: { msg_id: sent.id } })).msg).toBe('You can only recall your own messages.');
    expect((await callRoute(revokeRoute, { credential: viewer.credential, body: { msg_id: sent.id } })).status).toBe(0);
    await busSettles();
    expect(anchorEar.heard.find((frame) => frame.type === 'private_message_revoke')).toMatchObject({ msg_id: String(sent.id), sender_uid: viewer.id });
    expect(anchorEar.heard.find((frame) => frame.type === 'SystemMessage')).toMatchObject({ unread: { private: 0 } });
    await anchorEar.stop();
    expect((await history(anchor, viewer)).data.msg_group[0]).toMatchObject({ id: sent.id, revoked: true, content: '' });

    const late = (await send(viewer, anchor, 'too late to take back')).data;
    await (await getDb()).execute(sql`UPDATE direct_messages SET created_at = now() - interval '121 seconds' WHERE id = ${late.id}`);
    expect((await callRoute(revokeRoute, { credential: viewer.credential, body: { msg_id: late.id } })).msg).toBe('Messages can be recalled within 2 minutes.');
  });

  it('refuses a blocked sender until unblocked; a blocked sender does not count as unread', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    expect((await send(viewer, anchor, 'first')).status).toBe(0);
    expect((await callRoute(blockRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, blocked: 1 } })).status).toBe(0);
    expect(await unread(anchor)).toMatchObject({ private: 0 });
    expect(await send(viewer, anchor, 'again', {}, 'zh_cn')).toMatchObject({ status: 1, msg: '对方拒收您的私信。' });
    expect((await history(anchor, viewer)).data.blocked).toBe(true);
    expect((await callRoute(blockRoute, { credential: anchor.credential, body: { anchor_id: viewer.id, blocked: 0 } })).status).toBe(0);
    expect((await send(viewer, anchor, 'sorry')).status).toBe(0);
  });

  it('sends an uploaded image (re-encoded), and refuses an image path that is not the sender’s upload', async () => {
    const [viewer, anchor, other] = [await person(), await person('anchor'), await person()];
    const uploaded = await uploadFile<PrivateImage>(uploadRoute, viewer.credential, await picture(320, 200, 'png'), 'shot.png', 'image/png');
    expect(uploaded.status).toBe(0);
    expectReplyShape(privateImageReply, uploaded.data);
    expect(uploaded.data.img_url).toMatch(new RegExp(`^chat/chat-${viewer.id}-[0-9a-f]{20}\\.webp$`));
    expect(uploaded.data.url).toBe(`/uploads/${uploaded.data.img_url}`);
    const sent = await send(viewer, anchor, '', { img_url: uploaded.data.img_url });
    expect(sent).toMatchObject({ status: 0, data: { img_url: uploaded.data.url, content: '' } });
    const served = await serveUpload(new Request(`http://localhost:3000${uploaded.data.url}`), { params: Promise.resolve({ path: uploaded.data.img_url.split('/') }) });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await send(other, anchor, '', { img_url: uploaded.data.img_url })).toMatchObject({ status: 1, msg: 'That image cannot be sent.' });
    expect(await send(viewer, anchor, '', { img_url: '../../etc/passwd' })).toMatchObject({ status: 1, msg: 'That image cannot be sent.' });
    const notAnImage = await uploadFile(uploadRoute, viewer.credential, Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(notAnImage.status).toBe(1);
  });

  it('answers bad input with a clear message in the user’s language, never a crash', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    expect(await send(viewer, anchor, '   ')).toMatchObject({ status: 1, msg: 'Write a message or add an image.' });
    expect(await send(viewer, anchor, 'x'.repeat(501))).toMatchObject({ status: 1, msg: 'A message is at most 500 characters.' });
    expect(await send(viewer, anchor, 'x'.repeat(501), {}, 'zh_cn')).toMatchObject({ status: 1, msg: '私信最多 500 个字符。' });
    expect(await send(viewer, { ...anchor, id: 999_999_999_999 }, 'hello')).toMatchObject({ status: 1, msg: 'That user does not exist.' });
    expect(await callRoute(sendRoute, { credential: viewer.credential, body: { anchor_id: 'abc', content: 'x', client_id: 'k' } })).toMatchObject({ status: 1, msg: 'Choose who to write to.' });
    expect(await callRoute(historyRoute, { credential: viewer.credential, body: { anchor_id: anchor.id, page: 0 } })).toMatchObject({ status: 1, msg: 'That page does not exist.' });
    expect(await callRoute(sendRoute, { credential: viewer.credential, rawBody: '{"anchor_id":', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 1 });
    expect((await callRoute(sendRoute, { body: { anchor_id: anchor.id, content: 'x', client_id: 'k' } })).status).not.toBe(0);
  });

  it('holds a sender to 20 messages a minute', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    for (let index = 0; index < 20; index += 1) expect((await send(viewer, anchor, `m${index}`)).status).toBe(0);
    expect(await send(viewer, anchor, 'one more')).toMatchObject({ status: 1, msg: expect.stringMatching(/^You are sending too fast\. Try again in \d+ s\.$/) });
  });
});

describe('the system conversation', () => {
  it('reaches one account, counts as unread until read, and pages newest first', async () => {
    const viewer = await person();
    const ear = await listenToUser(viewer.id);
    expect((await runOpsCommand('message:send', '--phone', viewer.mobile, 'Your refund is on its way')).code).toBe(0);
    await busSettles();
    expect(ear.heard.find((frame) => frame.type === 'mgr_message_reply')).toMatchObject({ content: 'Your refund is on its way' });
    await ear.stop();
    expect(await unread(viewer)).toEqual({ private: 0, system: 1, total: 1 });
    const page = await callRoute<SystemHistory>(systemHistoryRoute, { credential: viewer.credential, body: { limit: 20, page: 1 } });
    expectReplyShape(systemHistoryReply, page.data);
    expect(page.data.mgr_chat_history.map((message) => message.content)).toEqual(['Your refund is on its way']);
    expect((await callRoute(systemReadRoute, { credential: viewer.credential })).status).toBe(0);
    expect(await unread(viewer)).toMatchObject({ system: 0, total: 0 });
  });

  it('reaches every account of a brand that existed when it was sent, through the system room', async () => {
    const before = await person();
    const otherBrand = await person('user', 'other-brand');
    const heard: string[] = [];
    const stop = await getBus().subscribe(roomChannel('system'), (frame) => heard.push(frame));
    expect((await runOpsCommand('message:send', '--brand', 'sportcast', 'Maintenance tonight at 02:00')).code).toBe(0);
    await busSettles();
    await stop();
    expect(heard.map((frame) => JSON.parse(frame))).toContainEqual(expect.objectContaining({ type: 'SystemMessage', brand_id: 'sportcast' }));
    await (await getDb()).execute(sql`UPDATE users SET created_at = now() - interval '1 hour' WHERE id = ${before.id}`);
    const after = await person();
    expect((await unread(before)).system).toBeGreaterThanOrEqual(1);
    expect((await unread(after)).system).toBe(0);
    expect((await unread(otherBrand)).system).toBe(0);
  });

  it('refuses an unknown brand, no audience and an empty text', async () => {
    expect(await runOpsCommand('message:send', '--brand', 'nope', 'hello')).toMatchObject({ code: 1, err: expect.stringContaining('Unknown brand "nope"') });
    expect(await runOpsCommand('message:send', 'hello')).toMatchObject({ code: 1, err: expect.stringContaining('Name either --phone or --brand.') });
    expect(await runOpsCommand('message:send', '--brand', 'sportcast', ' ')).toMatchObject({ code: 1 });
  });
});

describe('unread counts', () => {
  it('add private and system messages for the badge', async () => {
    const [viewer, anchor] = [await person(), await person('anchor')];
    expect((await send(anchor, viewer, 'hello')).status).toBe(1);
    await send(viewer, anchor, 'hi');
    await send(anchor, viewer, 'hello');
    await send(anchor, viewer, 'welcome');
    const reply = await callRoute<UnreadCounts>(unreadRoute, { credential: viewer.credential });
    expectReplyShape(unreadReply, reply.data);
    expect(reply.data).toEqual({ private: 2, system: 0, total: 2 });
  });
});
