// A socket lives only as long as the session it signed in with: logging out, a password change and a role change
// reach every gateway through the bus within seconds; the user's sig (getUserInfo) dies with its session.
import { eq } from 'drizzle-orm';
import { POST as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { POST as logout } from '@/app/api/user/logout/route';
import { POST as setPassword } from '@/app/api/user/setPassword/route';
import { getDb } from '@/lib/db';
import { sessions, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { createRedisBus } from '@/lib/realtime/bus/redis-bus';
import { sessionEndedCloseCode } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { setUserRole } from '@/lib/server/ops/users';
import { createSession } from '@/lib/server/session/sessions';
import { callRoute } from '../support/call-route';
import { createUser, startGateway, TestClient, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

// Two gateways sharing a bus: the process bus (Redis with TEST_REDIS_URL) and a second connection to it, so a
// notice published by the HTTP routes must cross the bus to reach the other gateway's sockets.
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  gateways = [await startGateway(getBus()), await startGateway(redisUrl ? createRedisBus(redisUrl) : getBus())];
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
  if (process.env.TEST_REDIS_URL) await gateways[1].bus.close();
});

async function connect(gateway: RunningGateway, credentials: TestUser | { uid: string; sig: string }, device?: string): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  expect(await client.auth(credentials, device)).toMatchObject({ type: 'authed' });
  return client;
}

/**
 * A second sign-in session of the same account. Its socket uses the same device id as the first one's, since a
 * socket of another device would kick the first off (spec §4) and this test is about sessions, not devices.
 */
async function secondSession(user: TestUser): Promise<TestUser> {
  const { credential } = await createSession(await getDb(), user.id);
  return { ...user, credential };
}

async function closedWithin(client: TestClient, ms: number): Promise<number> {
  const started = Date.now();
  const code = await Promise.race([client.closed(), new Promise<number>((resolve) => setTimeout(() => resolve(-1), ms))]);
  expect(Date.now() - started).toBeLessThan(ms);
  return code;
}

it('logging out closes that session’s sockets on every gateway within seconds, and only that session’s', async () => {
  const user = await createUser();
  const other = await secondSession(user);
  const onFirst = await connect(gateways[0], user);
  const onSecond = await connect(gateways[1], user);
  const otherSession = await connect(gateways[1], other);

  expect(await callRoute(logout, { credential: user.credential })).toMatchObject({ status: 0 });
  expect(await closedWithin(onFirst, 3000)).toBe(sessionEndedCloseCode);
  expect(await closedWithin(onSecond, 3000)).toBe(sessionEndedCloseCode);
  expect(onSecond.frames).toContainEqual(expect.objectContaining({ type: 'error', code: 70001, msg: 'Your session has ended. Please log in again.' }));
  // The account's other session was not logged out: its socket carries on.
  otherSession.send({ type: 'ping' });
  await otherSession.nextOfType('pong');
  expect(otherSession.closeCode).toBeUndefined();
});

it('binds the user sig of getUserInfo to its session: after logout the sig neither works nor keeps a socket', async () => {
  const user = await createUser();
  const info = await callRoute<{ id: number; sig: string }>(getUserInfo, { credential: user.credential });
  const viaSig = await connect(gateways[1], { uid: String(user.id), sig: info.data.sig });

  await callRoute(logout, { credential: user.credential });
  expect(await closedWithin(viaSig, 3000)).toBe(sessionEndedCloseCode);
  const again = await TestClient.connect(gateways[0].port);
  opened.push(again);
  expect(await again.auth({ uid: String(user.id), sig: info.data.sig })).toMatchObject({ type: 'error', code: 70001 });
});

it('a password change closes the sockets of the account’s other sessions and keeps the caller’s', async () => {
  const user = await createUser();
  const other = await secondSession(user);
  const caller = await connect(gateways[0], user);
  const elsewhere = await connect(gateways[1], other);

  expect(await callRoute(setPassword, { credential: user.credential, body: { pwd: 'Kickoff2026!', pwd_confirm: 'Kickoff2026!' } })).toMatchObject({ status: 0 });
  expect(await closedWithin(elsewhere, 3000)).toBe(sessionEndedCloseCode);
  expect(caller.closeCode).toBeUndefined();
});

it('a demoted manager’s socket loses the role at once: a new authed, and no moderation in the room it rejoins', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const manager = await createUser({ role: 'manager' });
  const client = await connect(gateways[1], manager);
  const room = liveRoomKey(anchor.id);
  expect(await client.join(room)).toMatchObject({ type: 'joined', can_moderate: 1 });

  const from = client.frames.length;
  const [{ mobile }] = await (await getDb()).select({ mobile: users.mobile }).from(users).where(eq(users.id, manager.id));
  await setUserRole(await getDb(), mobile, 'user');
  expect(await client.next((frame) => frame.type === 'authed', { from })).toMatchObject({ user: { id: manager.id, role: 'user' } });
  expect(await client.join(room)).toMatchObject({ type: 'joined', can_moderate: 0 });
  client.send({ type: 'clearChat', groupId: room, id: 'any' });
  expect(await client.nextOfType('clearRep', from)).toMatchObject({ status: 1 });
  expect(client.closeCode).toBeUndefined();
});

it('catches a session ended without a notice (another process, no bus) at the periodic check', async () => {
  const checking = await startGateway(getBus(), { identityRecheckMs: 200 });
  try {
    const user = await createUser();
    const client = await connect(checking, user);
    await (await getDb()).update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect(await closedWithin(client, 2000)).toBe(sessionEndedCloseCode);
  } finally {
    await checking.stop();
  }
});
