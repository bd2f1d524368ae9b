// Messages to many accounts (docs/bookings.md): a followed anchor going live reaches each follower's open tabs on
// whichever gateway holds them, through one batch publish that every gateway fans out to the accounts it holds,
// once per tab, and nobody else.
import { getDb } from '@/lib/db';
import { anchorFollows, lives } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { createRedisBus } from '@/lib/realtime/bus/redis-bus';
import { announceLivesToFollowers } from '@/lib/server/bookings/notify';
import { createUser, sleep, startGateway, TestClient, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

// Two gateways: the process bus (Redis with TEST_REDIS_URL) and a second connection to it, so a batch must cross the
// bus to reach the other gateway's sockets.
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  gateways = [await startGateway(getBus()), await startGateway(redisUrl ? createRedisBus(redisUrl) : getBus())];
});
afterAll(async () => {
  for (const client of opened.splice(0)) client.close();
  for (const gateway of gateways) await gateway.stop();
  if (process.env.TEST_REDIS_URL) await gateways[1].bus.close();
});

async function connect(gateway: RunningGateway, user: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

it('tells every open tab of each follower once, on every gateway, and nobody who does not follow', async () => {
  const [anchor, near, far, stranger] = [await createUser({ role: 'anchor' }), await createUser(), await createUser(), await createUser()];
  const db = await getDb();
  await db.insert(anchorFollows).values([near, far].map((fan) => ({ userId: fan.id, anchorId: anchor.id })));
  // Two tabs of one follower (the same device, so neither replaces the other) on the first gateway, one on the second.
  const tabs = [await connect(gateways[0], near), await connect(gateways[0], near), await connect(gateways[1], far)];
  const outsider = await connect(gateways[1], stranger);

  await db.insert(lives).values({ anchorId: anchor.id, stream: `batch-${anchor.id}`, title: 'On air', categoryId: 2, childCategoryId: 201, status: 'live' });
  expect(await announceLivesToFollowers(db)).toBeGreaterThanOrEqual(1);
  for (const tab of tabs) expect(await tab.nextOfType('AnchorStartLiveMessage')).toMatchObject({ data: { id: anchor.id, nick_name: anchor.nickName } });
  await sleep(100);
  for (const tab of tabs) expect(tab.frames.filter((frame) => frame.type === 'AnchorStartLiveMessage')).toHaveLength(1);
  expect(outsider.frames.filter((frame) => frame.type === 'AnchorStartLiveMessage')).toEqual([]);
});
