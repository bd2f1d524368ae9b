// The room's contribution ranking through the gateways (spec §2.4 item 10): a gift recorded on the rankings reaches
// every viewer of the room, on every gateway, as one ephemeral rankRep (no seq, not in the room's log), and a burst
// of gifts costs at most one a second, the last carrying the final totals.
import { getDb } from '@/lib/db';
import { getBus } from '@/lib/realtime/bus';
import { closeRankingStore } from '@/lib/server/rankings';
import { recordGiftContribution } from '@/lib/server/rankings/record';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import { createUser, eventually, sleep, startGateways, TestClient, type Frame, type RunningGateway } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

beforeAll(async () => {
  gateways = await startGateways();
});
afterAll(async () => {
  for (const client of opened.splice(0)) client.close();
  await closeRankingStore();
  for (const gateway of gateways) await gateway.stop();
});

const rankReps = (client: TestClient, room: string) => client.frames.filter((frame) => frame.type === 'rankRep' && frame.groupId === room);

it('sends the room’s new ranking to its viewers on every gateway, once a second at most, and logs none of it', async () => {
  const db = await getDb();
  const anchor = await createUser({ role: 'anchor' });
  const giver = await createUser({ nickName: 'Generous', level: 9, vipLevel: 2 });
  const other = await createUser();
  const room = liveRoomKey(anchor.id);
  const viewers: TestClient[] = [];
  for (const [index, user] of [giver, other].entries()) {
    const client = await TestClient.connect(gateways[index % gateways.length].port);
    opened.push(client);
    await client.auth(user);
    await client.join(room);
    viewers.push(client);
  }

  await recordGiftContribution(db, { anchorId: anchor.id, senderId: giver.id, value: 5_000, currency: 'diamond', at: new Date() });
  for (const viewer of viewers) {
    const frame = await viewer.next((candidate) => candidate.type === 'rankRep' && candidate.groupId === room);
    expect(frame.seq).toBeUndefined();
    expect(frame).toMatchObject({ period: 'day', top: [{ rank: 1, user_id: giver.id, nick_name: 'Generous', level: 9, vip_level: 2, score: 5_000 }] });
  }

  // A burst: 30 gifts from two senders within a few hundred milliseconds.
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 30 }, (_, index) =>
      recordGiftContribution(db, { anchorId: anchor.id, senderId: index % 3 === 0 ? other.id : giver.id, value: 100, currency: 'diamond', at: new Date() }),
    ),
  );
  const totals = (client: TestClient) => {
    const last = rankReps(client, room).at(-1) as (Frame & { top: { user_id: number; score: number }[] }) | undefined;
    return JSON.stringify(last?.top.map((row) => [row.user_id, row.score]));
  };
  const expected = JSON.stringify([
    [giver.id, 7_000],
    [other.id, 1_000],
  ]);
  await eventually(() => viewers.every((viewer) => totals(viewer) === expected), 5000);
  await sleep(1200);
  const seconds = (Date.now() - started) / 1000;
  for (const viewer of viewers) expect(rankReps(viewer, room).length).toBeLessThanOrEqual(1 + Math.ceil(seconds) + 1);
  // Ephemeral: the room's log keeps none.
  const logged = await getBus().readBefore(room, undefined, 100);
  expect(logged.some((entry) => entry.frame.includes('"rankRep"'))).toBe(false);
}, 30_000);
