// Moderation with real WebSocket clients: managers and the room's anchor ban (with a duration and a reason),
// unban and delete; everyone else is refused. Bans live in the database, so they outlast the gateway.
import { and, eq } from 'drizzle-orm';
import { POST as banList } from '@/app/api/live/banList/route';
import { POST as banUser } from '@/app/api/live/banUser/route';
import { POST as deleteMessage } from '@/app/api/live/deleteMessage/route';
import { POST as setAnnouncement } from '@/app/api/live/setAnnouncement/route';
import { POST as unbanUser } from '@/app/api/live/unbanUser/route';
import { getDb } from '@/lib/db';
import { chatBans, chatModerationLog } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { banListReply, banResultSchema, deleteMessageReply, liveRoomKey, unbanUserReply, type BanListEntry, type BanResult } from '@/lib/validation/chat';
import { forgetAllBans } from '@/lib/server/chat/bans';
import { callRoute } from '../support/call-route';
import { expectReplyShape } from '../support/reply-shape';
import { createUser, setChatConfig, startGateway, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

async function connect(index: number, user: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateways[index % gateways.length].port);
  opened.push(client);
  expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

beforeAll(async () => {
  gateways = await startGateways();
  await setChatConfig({ speakRateToggle: 0 });
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
});

async function roomWithPeople() {
  const anchor = await createUser({ role: 'anchor', nickName: 'Anchor' });
  const manager = await createUser({ role: 'manager', nickName: 'Mod' });
  const troll = await createUser({ nickName: 'Troll' });
  const viewer = await createUser({ nickName: 'Viewer' });
  return { room: liveRoomKey(anchor.id), anchor, manager, troll, viewer };
}

it('a manager bans with a duration and a reason: the user is told, their lines vanish, they cannot send, and an unban lets them speak', async () => {
  const { room, manager, troll, viewer } = await roomWithPeople();
  const t = await connect(0, troll);
  const v = await connect(1, viewer);
  await t.join(room);
  await v.join(room);
  const line = await t.say(room, 'you all are fools');
  expect(line).toMatchObject({ status: 0 });
  await v.next((frame) => frame.type === 'say' && frame.user_id === troll.id);

  const banned = await callRoute<BanResult>(banUser, {
    credential: manager.credential,
    body: { groupId: room, user_id: troll.id, unit: 'hour', duration: 2, reason: 'abuse' },
  });
  expect(banned).toMatchObject({ status: 0, data: { user_id: troll.id, unit: 'hour', duration: 2, reason: 'abuse' } });
  expectReplyShape(banResultSchema, banned.data);
  const until = banned.data.until;
  expect(until).toBeGreaterThan(Date.now() + 119 * 60_000);

  for (const client of [t, v]) {
    const notice = await client.next((frame) => frame.type === 'bannedUser' && frame.user_id === troll.id);
    expect(notice).toMatchObject({ nick_name: 'Troll', reason: 'abuse', unit: 'hour', duration: 2, until, by: manager.id });
  }
  expect(await t.say(room, 'let me talk')).toMatchObject({ status: 1, msg: 'You have been banned and cannot chat until the ban ends.', banned_until: until });

  // Someone arriving now sees neither the troll's line nor a way around the ban.
  const late = await connect(0, await createUser());
  const joined = await late.join(room);
  expect((joined.history as Frame[]).map((message) => message.user_id)).not.toContain(troll.id);
  const rejoined = await connect(1, troll);
  expect(await rejoined.join(room)).toMatchObject({ banned_until: until });

  const list = await callRoute<BanListEntry[]>(banList, { credential: manager.credential, body: { groupId: room } });
  expect(list.data).toEqual([expect.objectContaining({ user_id: troll.id, nick_name: 'Troll', reason: 'abuse', by: manager.id })]);
  expectReplyShape(banListReply, list.data);

  const unbanned = await callRoute(unbanUser, { credential: manager.credential, body: { groupId: room, user_id: troll.id } });
  expect(unbanned).toMatchObject({ status: 0 });
  expectReplyShape(unbanUserReply, unbanned.data);
  await v.next((frame) => frame.type === 'unbannedUser' && frame.user_id === troll.id);
  expect(await t.say(room, 'sorry, everyone')).toMatchObject({ status: 0 });

  const db = await getDb();
  const log = await db.select().from(chatModerationLog).where(eq(chatModerationLog.roomKey, room));
  expect(log.map((entry) => [entry.action, entry.actorId, entry.targetUserId])).toEqual([
    ['ban', manager.id, troll.id],
    ['unban', manager.id, troll.id],
  ]);
});

it('the anchor moderates their own room but not another’s; viewers and guests cannot ban', async () => {
  const { room, anchor, troll, viewer } = await roomWithPeople();
  const otherAnchor = await createUser({ role: 'anchor' });
  const body = { groupId: room, user_id: troll.id, unit: 'minute', duration: 30, reason: 'porn' };

  expect(await callRoute(banUser, { credential: viewer.credential, body })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  expect(await callRoute(banUser, { credential: otherAnchor.credential, body })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  expect(await callRoute(banUser, { body })).toMatchObject({ status: 2 });
  expect(await callRoute(banUser, { credential: anchor.credential, body })).toMatchObject({ status: 0, data: { unit: 'minute', duration: 30 } });
  const db = await getDb();
  const [ban] = await db.select().from(chatBans).where(and(eq(chatBans.roomKey, room), eq(chatBans.userId, troll.id)));
  expect(ban).toMatchObject({ reason: 'porn', createdBy: anchor.id, liftedAt: null });
});

it('nobody bans a manager, the room’s anchor or themselves; bad input gets a clear message', async () => {
  const { room, anchor, manager, viewer } = await roomWithPeople();
  const otherManager = await createUser({ role: 'manager' });
  const ban = (credential: string, body: Record<string, unknown>) => callRoute(banUser, { credential, body });
  expect(await ban(manager.credential, { groupId: room, user_id: otherManager.id, unit: 'day', duration: 1, reason: 'other' })).toMatchObject({
    status: 1,
    msg: 'Room managers and the anchor cannot be banned.',
  });
  expect(await ban(manager.credential, { groupId: room, user_id: anchor.id, unit: 'day', duration: 1, reason: 'other' })).toMatchObject({ status: 1 });
  expect(await ban(manager.credential, { groupId: room, user_id: manager.id, unit: 'day', duration: 1, reason: 'other' })).toMatchObject({ status: 1, msg: 'You cannot ban yourself.' });
  expect(await ban(manager.credential, { groupId: room, user_id: viewer.id, unit: 'day', duration: 400, reason: 'other' })).toMatchObject({
    status: 1,
    msg: 'Enter a ban length: up to 1440 minutes, 720 hours or 365 days.',
  });
  expect(await ban(manager.credential, { groupId: room, user_id: viewer.id, unit: 'week', duration: 1, reason: 'other' })).toMatchObject({ status: 1, msg: 'Choose minutes, hours, days or permanent.' });
  expect(await ban(manager.credential, { groupId: 'lobby', user_id: viewer.id, unit: 'permanent', reason: 'other' })).toMatchObject({ status: 1, msg: 'This chat room does not exist.' });
  expect(await ban(manager.credential, { groupId: room, user_id: viewer.id, unit: 'permanent', reason: 'political' })).toMatchObject({ status: 0, data: { until: 0 } });
  expect(await callRoute(unbanUser, { credential: manager.credential, body: { groupId: room, user_id: anchor.id } })).toMatchObject({ status: 1, msg: 'This user is not banned here.' });
});

it('deletes a message for everyone, over the socket (clearRep) and over HTTP; a viewer cannot', async () => {
  const { room, manager, troll, viewer } = await roomWithPeople();
  const t = await connect(0, troll);
  const v = await connect(1, viewer);
  const m = await connect(0, manager);
  for (const client of [t, v, m]) await client.join(room);
  const first = (await t.say(room, 'rude line one')).message as Frame;
  const second = (await t.say(room, 'rude line two')).message as Frame;

  v.send({ type: 'clearChat', groupId: room, id: String(first.id) });
  expect(await v.nextOfType('clearRep')).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });

  m.send({ type: 'clearChat', groupId: room, id: String(first.id) });
  expect(await m.nextOfType('clearRep')).toMatchObject({ status: 0, id: first.id, msg: 'Message deleted' });
  await v.next((frame) => frame.type === 'clearChat' && frame.msg_id === first.id);

  const deleted = await callRoute(deleteMessage, { credential: manager.credential, body: { groupId: room, id: second.id } });
  expect(deleted).toMatchObject({ status: 0 });
  expectReplyShape(deleteMessageReply, deleted.data);
  await t.next((frame) => frame.type === 'clearChat' && frame.msg_id === second.id);
  expect(await callRoute(deleteMessage, { credential: manager.credential, body: { groupId: room, id: second.id } })).toMatchObject({
    status: 1,
    msg: 'This message no longer exists.',
  });

  const late = await connect(1, await createUser());
  const joined = await late.join(room);
  expect((joined.history as Frame[]).map((message) => message.id)).not.toEqual(expect.arrayContaining([first.id]));
  expect((joined.history as Frame[]).map((message) => message.id)).not.toContain(second.id);
  const db = await getDb();
  const deletions = await db.select().from(chatModerationLog).where(and(eq(chatModerationLog.roomKey, room), eq(chatModerationLog.action, 'delete')));
  expect(deletions.map((entry) => entry.details.content)).toEqual(['rude line one', 'rude line two']);
});

it('a ban outlasts the gateway that saw it', async () => {
  const { room, manager, troll } = await roomWithPeople();
  await callRoute(banUser, { credential: manager.credential, body: { groupId: room, user_id: troll.id, unit: 'day', duration: 1, reason: 'illegal' } });
  // A brand-new gateway with nothing cached (as after a restart) reads bans from the database.
  forgetAllBans();
  const fresh = await startGateway(getBus());
  try {
    const client = await TestClient.connect(fresh.port);
    await client.auth(troll);
    expect(await client.join(room)).toMatchObject({ banned_until: expect.any(Number) });
    expect(await client.say(room, 'I am back')).toMatchObject({ status: 1, msg: 'You have been banned and cannot chat until the ban ends.' });
    client.close();
  } finally {
    await fresh.stop();
  }
});

it('the anchor updates the room announcement for every viewer', async () => {
  const { room, anchor, viewer } = await roomWithPeople();
  const v = await connect(1, viewer);
  await v.join(room);
  const reply = await callRoute(setAnnouncement, {
    credential: anchor.credential,
    body: { groupId: room, content: 'Kick-off at 20:00', contact: [{ title: 'main_content', value: 'Tactics night' }] },
  });
  expect(reply).toMatchObject({ status: 0 });
  expect(await v.nextOfType('announcement')).toMatchObject({ content: 'Kick-off at 20:00', contact: [{ title: 'main_content', value: 'Tactics night' }] });
  expect(await callRoute(setAnnouncement, { credential: viewer.credential, body: { groupId: room, content: 'mine now' } })).toMatchObject({ status: 1 });
  const late = await connect(0, await createUser());
  expect(await late.join(room)).toMatchObject({ announcement: { content: 'Kick-off at 20:00' } });
});
