// A fan group over real WebSockets (docs/fan-groups.md): two members and the anchor in the group's room hear every
// line written through the HTTP send, an image, a recall and a ban in place, in order, across gateways when Redis is
// there; a missed line comes back on a reconnect; the socket cannot write in the group, and a kicked member cannot
// enter it again.
import crypto from 'node:crypto';
import { POST as joinRoute } from '@/app/api/groupChat/addToGroupChat/route';
import { POST as banRoute } from '@/app/api/groupChat/ban/route';
import { POST as kickRoute } from '@/app/api/groupChat/kick/route';
import { POST as recallRoute } from '@/app/api/groupChat/recall/route';
import { POST as sendRoute } from '@/app/api/groupChat/send/route';
import { POST as uploadRoute } from '@/app/api/privateChat/upload/route';
import type { GroupMessage } from '@/lib/validation/fan-groups';
import type { PrivateImage } from '@/lib/validation/inbox';
import { callRoute } from '../support/call-route';
import { picture, uploadFile } from '../api/live-helpers';
import { createUser, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];
beforeAll(async () => {
  gateways = await startGateways();
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(() => Promise.all(gateways.map((gateway) => gateway.stop())));

async function inRoom(user: TestUser, room: string, gatewayIndex: number, resume: { epoch?: string; last_seq?: number } = {}): Promise<{ client: TestClient; joined: Frame }> {
  const client = await TestClient.connect(gateways[gatewayIndex % gateways.length].port);
  opened.push(client);
  expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return { client, joined: await client.join(room, resume) };
}

const lines = (client: TestClient, room: string) => client.roomMessages(room).filter((frame) => frame.type === 'groupMessage').map((frame) => frame.line as GroupMessage);

async function heardAll(client: TestClient, room: string, count: number): Promise<GroupMessage[]> {
  await client.next(() => lines(client, room).length >= count, { timeoutMs: 5000 });
  return lines(client, room);
}

describe('a fan group over WebSockets', () => {
  it('delivers text, an image, a recall and a ban to every member in place, and refuses writing on the socket', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const [fan, other] = [await createUser(), await createUser()];
    const room = `fans:${anchor.id}`;
    for (const member of [fan, other]) expect((await callRoute(joinRoute, { credential: member.credential, body: { group_id: room } })).status).toBe(0);
    const listeners = [await inRoom(anchor, room, 0), await inRoom(fan, room, 1), await inRoom(other, room, 0)];
    for (const { joined } of listeners) expect(joined).toMatchObject({ type: 'joined', groupId: room });

    const send = (who: TestUser, body: Record<string, unknown>) => callRoute<GroupMessage>(sendRoute, { credential: who.credential, body: { group_id: room, client_id: crypto.randomUUID(), ...body } });
    const hello = await send(fan, { content: 'Kick-off soon!' });
    const upload = await uploadFile<PrivateImage>(uploadRoute, other.credential, await picture(40, 30, 'jpeg'), 'scarf.jpg', 'image/jpeg');
    const image = await send(other, { img_url: upload.data.img_url });
    expect((await callRoute(recallRoute, { credential: fan.credential, body: { msg_id: hello.data.id } })).status).toBe(0);
    expect((await callRoute(banRoute, { credential: anchor.credential, body: { group_id: room, user_id: other.id, unit: 'minute', duration: 5 } })).status).toBe(0);

    for (const { client } of listeners) {
      const heard = await heardAll(client, room, 4);
      expect(heard.map((line) => [line.id, line.type])).toEqual([
        [hello.data.id, 0],
        [image.data.id, 7],
        [hello.data.id, 2],
        [expect.any(Number), 5],
      ]);
      expect(heard[1].img_url).toMatch(/\.webp$/);
      expect(heard[2]).toMatchObject({ content: '', nick_name: fan.nickName });
      expect(heard[3].subject).toMatchObject({ id: other.id, nick_name: other.nickName });
    }

    const { client } = listeners[1];
    const from = client.frames.length;
    client.send({ type: 'say', groupId: room, content: 'over the socket', client_id: 'c1' });
    expect(await client.next((frame) => frame.type === 'sayRep', { from })).toMatchObject({ status: 1, msg: 'Send fan group messages from the group chat.' });
  });

  it('gives a member who reconnects the lines they missed, and keeps a kicked member out', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const fan = await createUser();
    const room = `fans:${anchor.id}`;
    await callRoute(joinRoute, { credential: fan.credential, body: { group_id: room } });
    const first = await inRoom(fan, room, 0);
    const epoch = first.joined.epoch as string;
    const lastSeq = first.joined.seq as number;
    first.client.close();

    const missed = await callRoute<GroupMessage>(sendRoute, { credential: anchor.credential, body: { group_id: room, content: 'You missed this', client_id: crypto.randomUUID() } });
    const again = await inRoom(fan, room, 1, { epoch, last_seq: lastSeq });
    expect(again.joined).toMatchObject({ mode: 'recover' });
    expect((await heardAll(again.client, room, 1)).map((line) => line.id)).toEqual([missed.data.id]);

    expect((await callRoute(kickRoute, { credential: anchor.credential, body: { group_id: room, user_id: fan.id } })).status).toBe(0);
    expect((await inRoom(fan, room, 0)).joined).toMatchObject({ type: 'error', msg: "Join the anchor's fan group to enter it." });
  });
});
