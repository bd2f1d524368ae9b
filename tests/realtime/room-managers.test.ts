// Room managers (docs/room-managers.md) with real WebSocket clients on two gateways: an anchor appoints a viewer,
// who then moderates that room (and only that room) with the speak rate lifted and the manager tag on their lines;
// removing them takes it all back on every gateway at once. Appointing is refused clearly for every bad case, and
// ten is the limit however many appointments race.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { POST as appointRoute } from '@/app/api/anchor/appointRoomManager/route';
import { POST as removeRoute } from '@/app/api/anchor/removeRoomManager/route';
import { POST as listRoute } from '@/app/api/anchor/roomManagers/route';
import { POST as banUser } from '@/app/api/live/banUser/route';
import { POST as deleteMessage } from '@/app/api/live/deleteMessage/route';
import { POST as systemHistoryRoute } from '@/app/api/mgrChat/getHistory/route';
import { getDb } from '@/lib/db';
import { chatModerationLog, roomManagers, users } from '@/lib/db/schema';
import { liveRoomKey } from '@/lib/validation/chat';
import type { SystemHistory } from '@/lib/validation/inbox';
import { roomManagerLimit, roomManagersReply, type RoomManagersReply } from '@/lib/validation/room-managers';
import { callRoute } from '../support/call-route';
import { expectReplyShape } from '../support/reply-shape';
import { createUser, setChatConfig, startGateways, TestClient, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

async function connect(index: number, user: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateways[index % gateways.length].port);
  opened.push(client);
  expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

const appoint = (anchor: TestUser, user: string | number) => callRoute<RoomManagersReply>(appointRoute, { credential: anchor.credential, body: { user: String(user) } });
const remove = (anchor: TestUser, userId: number) => callRoute<RoomManagersReply>(removeRoute, { credential: anchor.credential, body: { user_id: userId } });
const ban = (by: TestUser, room: string, userId: number) => callRoute(banUser, { credential: by.credential, body: { groupId: room, user_id: userId, unit: 'minute', duration: 10, reason: 'abuse' } });

beforeAll(async () => {
  gateways = await startGateways();
  // A speak rate the viewers meet and the room's keepers do not.
  await setChatConfig({ speakRate: 30, speakRateToggle: 1 });
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
});

it('an appointed viewer moderates the anchor’s room, only that room, until the anchor removes them', async () => {
  const anchor = await createUser({ role: 'anchor', nickName: 'Host' });
  const otherAnchor = await createUser({ role: 'anchor' });
  const helper = await createUser({ nickName: 'Helper' });
  const troll = await createUser();
  const room = liveRoomKey(anchor.id);

  const before = await connect(1, helper);
  expect(await before.join(room)).toMatchObject({ can_moderate: 0 });

  const appointed = await appoint(anchor, 'Helper');
  expect(appointed).toMatchObject({ status: 0, data: { limit: roomManagerLimit, managers: [{ user_id: helper.id, nick_name: 'Helper' }] } });
  expectReplyShape(roomManagersReply, appointed.data);
  expect((await callRoute<RoomManagersReply>(listRoute, { credential: anchor.credential })).data.managers.map((entry) => entry.user_id)).toEqual([helper.id]);

  // The gateway that cached the room before the appointment hears of it on the bus.
  const h = await connect(1, helper);
  expect(await h.join(room)).toMatchObject({ can_moderate: 1 });
  const t = await connect(0, troll);
  await t.join(room);
  const first = await h.say(room, 'keep it friendly, please');
  expect(first).toMatchObject({ status: 0, message: { room_manager: 1 } });
  // The room's keepers are not held to the speak rate.
  expect(await h.say(room, 'thanks all')).toMatchObject({ status: 0 });
  const line = await t.say(room, 'rude words');
  expect(line).toMatchObject({ status: 0 });
  const lineId = (line.message as { id: string }).id;

  expect(await callRoute(deleteMessage, { credential: helper.credential, body: { groupId: room, id: lineId } })).toMatchObject({ status: 0 });
  expect(await ban(helper, room, troll.id)).toMatchObject({ status: 0 });
  expect(await ban(helper, liveRoomKey(otherAnchor.id), troll.id)).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  // Another keeper of the room cannot ban them either.
  expect(await ban(anchor, room, helper.id)).toMatchObject({ status: 1, msg: 'Room managers and the anchor cannot be banned.' });

  const history = await callRoute<SystemHistory>(systemHistoryRoute, { credential: helper.credential, body: { limit: 20, page: 1 } });
  expect(history.data.mgr_chat_history[0]?.content).toBe('Host made you a manager of their live room: you can now mute viewers and delete lines there.');

  const removed = await remove(anchor, helper.id);
  expect(removed).toMatchObject({ status: 0, data: { managers: [] } });
  expect(await ban(helper, room, (await createUser()).id)).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  const after = await connect(0, helper);
  expect(await after.join(room)).toMatchObject({ can_moderate: 0 });
  const again = await connect(1, helper);
  expect(await again.join(room)).toMatchObject({ can_moderate: 0 });
  expect(await remove(anchor, helper.id)).toMatchObject({ status: 1, msg: 'This viewer is not a manager of the room.' });

  const db = await getDb();
  const log = await db.select().from(chatModerationLog).where(eq(chatModerationLog.roomKey, room));
  expect(log.filter((entry) => entry.action.endsWith('Manager')).map((entry) => [entry.action, entry.actorId, entry.targetUserId])).toEqual([
    ['appointManager', anchor.id, helper.id],
    ['removeManager', anchor.id, helper.id],
  ]);
});

it('refuses clearly: no such viewer, a shared nickname, oneself, a site manager, twice, another site’s viewer, and a caller who is not an anchor', async () => {
  const anchor = await createUser({ role: 'anchor', nickName: 'Refuser' });
  const viewer = await createUser();
  const siteManager = await createUser({ role: 'manager' });
  const twinName = `Twin${viewer.id % 100_000}`;
  await createUser({ nickName: twinName });
  await createUser({ nickName: twinName });
  const db = await getDb();
  const elsewhere = 900_000_000 + (viewer.id % 90_000_000);
  await db.insert(users).values({ id: elsewhere, mobile: `171${String(elsewhere).slice(-8)}`, nickName: `Away${elsewhere % 100_000}`, brandId: 'qiuba' });

  expect(await appoint(anchor, 'nobody-by-this-name')).toMatchObject({ status: 1, msg: 'No viewer of this site has that ID or nickname.' });
  expect(await appoint(anchor, 'nobody\u0000')).toMatchObject({ status: 1, msg: 'No viewer of this site has that ID or nickname.' });
  expect(await appoint(anchor, twinName)).toMatchObject({ status: 1, msg: 'More than one viewer has that nickname: enter their ID.' });
  expect(await appoint(anchor, anchor.id)).toMatchObject({ status: 1, msg: 'You keep order in your own room already.' });
  expect(await appoint(anchor, siteManager.id)).toMatchObject({ status: 1, msg: 'This account manages every room of the site already.' });
  expect(await appoint(anchor, elsewhere)).toMatchObject({ status: 1, msg: 'No viewer of this site has that ID or nickname.' });
  expect(await appoint(anchor, '   ')).toMatchObject({ status: 1, msg: "Enter the viewer's ID or nickname." });
  expect(await appoint(anchor, viewer.id)).toMatchObject({ status: 0 });
  expect(await appoint(anchor, viewer.id)).toMatchObject({ status: 1, msg: `${viewer.nickName} is a manager of this room already.` });
  expect(await appoint(viewer, anchor.id)).toMatchObject({ status: 1 });
  expect(await callRoute(appointRoute, { body: { user: String(viewer.id) } })).toMatchObject({ status: 2 });
  const rows = await db.select().from(roomManagers).where(eq(roomManagers.anchorId, anchor.id));
  expect(rows.map((row) => row.userId)).toEqual([viewer.id]);
});

it('ten at most, however many appointments race', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const candidates = await Promise.all(Array.from({ length: roomManagerLimit + 5 }, () => createUser()));
  const replies = await Promise.all(candidates.map((candidate) => appoint(anchor, candidate.id)));
  expect(replies.filter((reply) => reply.status === 0)).toHaveLength(roomManagerLimit);
  expect(replies.filter((reply) => reply.status === 1).map((reply) => reply.msg)).toEqual(Array(5).fill(`A room has at most ${roomManagerLimit} managers: remove one first.`));
  const db = await getDb();
  const rows = await db.select().from(roomManagers).where(eq(roomManagers.anchorId, anchor.id));
  expect(rows).toHaveLength(roomManagerLimit);
  const logged = await db
    .select()
    .from(chatModerationLog)
    .where(and(eq(chatModerationLog.roomKey, liveRoomKey(anchor.id)), eq(chatModerationLog.action, 'appointManager')));
  expect(logged).toHaveLength(roomManagerLimit);
});

it('any run of appointments and removals leaves exactly the managers a model expects, never more than ten', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const pool = await Promise.all(Array.from({ length: roomManagerLimit + 3 }, () => createUser()));
  const step = fc.record({ appoint: fc.boolean(), who: fc.integer({ min: 0, max: pool.length - 1 }) });
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
      for (const manager of (await callRoute<RoomManagersReply>(listRoute, { credential: anchor.credential })).data.managers) await remove(anchor, manager.user_id);
      const model = new Set<number>();
      for (const { appoint: appointing, who } of steps) {
        const user = pool[who];
        const reply = appointing ? await appoint(anchor, user.id) : await remove(anchor, user.id);
        const expected = appointing ? !model.has(user.id) && model.size < roomManagerLimit : model.has(user.id);
        expect(reply.status).toBe(expected ? 0 : 1);
        if (expected && appointing) model.add(user.id);
        if (expected && !appointing) model.delete(user.id);
        const listed = (await callRoute<RoomManagersReply>(listRoute, { credential: anchor.credential })).data.managers.map((entry) => entry.user_id);
        expect(new Set(listed)).toEqual(model);
        expect(listed.length).toBeLessThanOrEqual(roomManagerLimit);
      }
    }),
    { numRuns: 12 },
  );
});
