// Bookings (docs/bookings.md): book a match or a planned live, the list the user centre shows, each booker told once
// when it starts (even with two job processes at once), followers told once when an anchor goes live unless they
// switched it off (5 000 of them in five batch publishes), and bad input answered in the user's language.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { POST as listRoute } from '@/app/api/booking/list/route';
import { POST as mineRoute } from '@/app/api/booking/mine/route';
import { POST as setRoute } from '@/app/api/booking/set/route';
import { GET as readSettingsRoute, POST as settingsRoute } from '@/app/api/booking/settings/route';
import { getDb, queryRows } from '@/lib/db';
import { anchorFollows, livePlans, lives, matches, users } from '@/lib/db/schema';
import { decodeUserBatch, getBus, userBatchChannel, type Bus } from '@/lib/realtime/bus';
import { announceLivesToFollowers, notifyStartedBookings } from '@/lib/server/bookings/notify';
import { listBookingsOf } from '@/lib/server/bookings/started';
import { createSession } from '@/lib/server/session/sessions';
import { bookedIdsReply, bookingListReply, noticeSettingsReply, type BookedIds, type BookingList } from '@/lib/validation/bookings';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { busSettles, listenToUser } from '@/tests/support/user-channel';

type Person = { id: number; credential: string };

beforeAll(() => getDb(), 60_000);

async function person(role: 'user' | 'anchor' = 'user'): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `176${String(id).slice(-8)}`, nickName: `${role === 'anchor' ? 'Host' : 'Booker'}${id % 100_000}`, role, brandId: 'sportcast' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential };
}

/** A World Cup match moved to `minutes` from now with the given status (the demo's replay moves them anyway). */
async function matchAt(id: number, minutes: number, status: 'upcoming' | 'live' | 'finished' = 'upcoming'): Promise<number> {
  await (await getDb()).update(matches).set({ kickoffAt: new Date(Date.now() + minutes * 60_000), status }).where(eq(matches.id, id));
  return id;
}

async function planOf(anchor: Person, minutes: number): Promise<number> {
  const [plan] = await (await getDb())
    .insert(livePlans)
    .values({ anchorId: anchor.id, title: 'Derby night', categoryId: 2, childCategoryId: 201, cover: '', planTime: new Date(Date.now() + minutes * 60_000) })
    .returning({ id: livePlans.id });
  return plan.id;
}

const book = (who: Person, kind: string, id: unknown, booked = 1, lang?: string) => callRoute(setRoute, { credential: who.credential, body: { kind, id, booked }, headers: lang ? { lang } : {} });
const mine = async (who: Person) => (await callRoute<BookedIds>(mineRoute, { credential: who.credential })).data;


describe('booking', () => {
  it('books a match and a planned live once each, lists them soonest first, and drops them', async () => {
    const [fan, anchor] = [await person(), await person('anchor')];
    const later = await matchAt(1040, 120);
    const sooner = await matchAt(1041, 30);
    const plan = await planOf(anchor, 60);
    for (const [kind, id] of [['match', later], ['match', later], ['match', sooner], ['plan', plan]] as const) expect((await book(fan, kind, id)).status).toBe(0);
    const ids = await mine(fan);
    expectReplyShape(bookedIdsReply, ids);
    expect(ids).toEqual({ match: expect.arrayContaining([later, sooner]), plan: [plan] });
    expect(ids.match).toHaveLength(2);

    const listed = await callRoute<BookingList>(listRoute, { credential: fan.credential, body: { page: 1 } });
    expectReplyShape(bookingListReply, listed.data);
    expect(listed.data.list.map((item) => [item.kind, item.id, item.state])).toEqual([
      ['match', sooner, 'upcoming'],
      ['plan', plan, 'upcoming'],
      ['match', later, 'upcoming'],
    ]);
    expect(listed.data.list[0]).toMatchObject({ path: `/scheduleDetail/${sooner}/2`, title: expect.stringMatching(/ v /) });
    expect(listed.data.list[1]).toMatchObject({ title: 'Derby night', path: `/liveMatchesTwo/${anchor.id}` });

    expect((await book(fan, 'match', sooner, 0)).status).toBe(0);
    expect((await mine(fan)).match).toEqual([later]);
  });

  it('names an undecided knock-out place by its slot, as the schedule does, in the list and the started notice', async () => {
    const fan = await person();
    const db = await getDb();
    // The final (match 64) while its semi-finals (61, 62) are still to be played: who reached it is not told.
    const final = await matchAt(1064, 240);
    for (const semi of [1061, 1062]) await matchAt(semi, 60);
    expect((await book(fan, 'match', final)).status).toBe(0);
    const title = async () => (await callRoute<BookingList>(listRoute, { credential: fan.credential, body: { page: 1 } })).data.list.find((item) => item.id === final)?.title;
    expect(await title()).toBe('Winner of match 61 v Winner of match 62');
    expect((await listBookingsOf(db, 'match', final, 'zh-CN'))[0].title).not.toMatch(/阿根廷|法国/);
    // Once both are over, the teams are named.
    for (const semi of [1061, 1062]) await matchAt(semi, -120, 'finished');
    expect(await title()).toBe('Argentina v France');
    expect((await listBookingsOf(db, 'match', final, 'en-US'))[0].title).toBe('Argentina v France');
  });

  it('refuses what cannot be booked, in the user’s language', async () => {
    const [fan, anchor] = [await person(), await person('anchor')];
    await matchAt(1042, -200, 'finished');
    expect(await book(fan, 'match', 1042)).toMatchObject({ status: 1, msg: 'That match is over.' });
    expect(await book(fan, 'match', 999_999)).toMatchObject({ status: 1, msg: 'That match does not exist.' });
    expect(await book(fan, 'match', 999_999, 1, 'zh_cn')).toMatchObject({ status: 1, msg: '该比赛不存在。' });
    const plan = await planOf(anchor, 30);
    await (await getDb()).update(livePlans).set({ status: 'cancelled' }).where(eq(livePlans.id, plan));
    expect(await book(fan, 'plan', plan)).toMatchObject({ status: 1, msg: 'That live has already started or was cancelled.' });
    expect(await book(fan, 'team', 1)).toMatchObject({ status: 1, msg: 'Only matches and planned lives can be booked.' });
    expect(await book(fan, 'match', 'abc')).toMatchObject({ status: 1, msg: 'Choose a match or a planned live.' });
    expect(await book(fan, 'match', 1040, 2)).toMatchObject({ status: 1, msg: 'Choose on or off.' });
    expect((await callRoute(setRoute, { body: { kind: 'match', id: 1040, booked: 1 } })).status).not.toBe(0);
  });
});

describe('telling bookers', () => {
  it('tells each booker once when the match kicks off, even with two job runs at once', async () => {
    const [first, second] = [await person(), await person()];
    const match = await matchAt(1043, 10);
    await book(first, 'match', match);
    await book(second, 'match', match);
    const ears = [await listenToUser(first.id), await listenToUser(second.id)];
    const db = await getDb();
    expect(await notifyStartedBookings(db)).toBe(0);
    await matchAt(match, -1, 'live');
    const told = await Promise.all([notifyStartedBookings(db), notifyStartedBookings(db)]);
    expect(told[0] + told[1]).toBeGreaterThanOrEqual(2);
    expect(await notifyStartedBookings(db)).toBe(0);
    await busSettles();
    for (const ear of ears) {
      expect(ear.heard.filter((frame) => frame.type === 'bookingStarted')).toEqual([expect.objectContaining({ kind: 'match', target_id: match, path: `/scheduleDetail/${match}/2` })]);
      expect(ear.heard.filter((frame) => frame.type === 'mgr_message_reply')).toEqual([expect.objectContaining({ content: expect.stringMatching(/^Your booked match .+ v .+ has kicked off\.$/) })]);
      await ear.stop();
    }
    const [row] = await queryRows<{ notified: string | number }>(db, sql`SELECT count(*) AS notified FROM bookings WHERE target_id = ${match} AND kind = 'match' AND notified_at IS NOT NULL`);
    expect(Number(row.notified)).toBe(2);
  });

  it('tells the bookers of a planned live when it starts', async () => {
    const [fan, anchor] = [await person(), await person('anchor')];
    const plan = await planOf(anchor, 20);
    await book(fan, 'plan', plan);
    const ear = await listenToUser(fan.id);
    await (await getDb()).update(livePlans).set({ status: 'started' }).where(eq(livePlans.id, plan));
    expect(await notifyStartedBookings(await getDb())).toBeGreaterThanOrEqual(1);
    await busSettles();
    expect(ear.heard.find((frame) => frame.type === 'bookingStarted')).toMatchObject({ kind: 'plan', title: 'Derby night', path: `/liveMatchesTwo/${anchor.id}` });
    await ear.stop();
  });

  it('announces a live once to the followers who keep the notice on', async () => {
    const [anchor, keen, quiet] = [await person('anchor'), await person(), await person()];
    const db = await getDb();
    await db.insert(anchorFollows).values([{ userId: keen.id, anchorId: anchor.id }, { userId: quiet.id, anchorId: anchor.id }]);
    const off = await callRoute(settingsRoute, { credential: quiet.credential, body: { followed_live: 0 } });
    expectReplyShape(noticeSettingsReply, off.data);
    expect((await callRoute(readSettingsRoute, { method: 'GET', credential: quiet.credential })).data).toEqual({ followed_live: 0 });
    const ears = [await listenToUser(keen.id), await listenToUser(quiet.id)];
    await db.insert(lives).values({ anchorId: anchor.id, stream: `notify-${anchor.id}`, title: 'Live now', categoryId: 2, childCategoryId: 201, status: 'live' });
    expect(await announceLivesToFollowers(db)).toBeGreaterThanOrEqual(1);
    await announceLivesToFollowers(db);
    await busSettles();
    expect(ears[0].heard.filter((frame) => frame.type === 'AnchorStartLiveMessage')).toEqual([expect.objectContaining({ data: expect.objectContaining({ id: anchor.id }) })]);
    expect(ears[1].heard.filter((frame) => frame.type === 'AnchorStartLiveMessage')).toEqual([]);
    for (const ear of ears) await ear.stop();
  });

  it('tells each of 5 000 followers once, in a few batch publishes, even with two job runs at once, skipping those who switched it off', async () => {
    const anchor = await person('anchor');
    const db = await getDb();
    const base = 900_000_000 + crypto.randomInt(0, 90_000_000);
    await db.execute(sql`INSERT INTO users (id, mobile, nick_name, brand_id) SELECT ${base} + n, '19' || lpad((${base} + n)::text, 9, '0'), 'Follower' || n, 'sportcast' FROM generate_series(1, 5050) n`);
    await db.execute(sql`INSERT INTO anchor_follows (user_id, anchor_id) SELECT ${base} + n, ${anchor.id} FROM generate_series(1, 5050) n`);
    // Every 101st follower switched the notice off: 50 of them.
    await db.execute(sql`INSERT INTO notice_settings (user_id, followed_live) SELECT ${base} + n, false FROM generate_series(101, 5050, 101) n`);
    const publishes: { channel: string; bytes: number }[] = [];
    const told = new Map<number, number>();
    const counting = Object.create(getBus()) as Bus;
    counting.publish = async (channel: string, published: string) => {
      const batch = decodeUserBatch(published);
      if (!batch || !batch.message.includes(`"id":${anchor.id},`)) return;
      publishes.push({ channel, bytes: Buffer.byteLength(published) });
      for (const id of batch.userIds) told.set(id, (told.get(id) ?? 0) + 1);
    };
    await db.insert(lives).values({ anchorId: anchor.id, stream: `crowd-${anchor.id}`, title: 'Big night', categoryId: 2, childCategoryId: 201, status: 'live' });
    const announced = await Promise.all([announceLivesToFollowers(db, counting), announceLivesToFollowers(db, counting)]);
    expect(announced[0] + announced[1]).toBeGreaterThanOrEqual(1);
    expect(told.size).toBe(5_000);
    expect([...told.values()].every((times) => times === 1)).toBe(true);
    expect([...told.keys()].some((id) => (id - base) % 101 === 0)).toBe(false);
    // One publish per 1 000 followers, each on the batch channel, each about 10 KB.
    expect(publishes).toHaveLength(5);
    expect(publishes.every((publish) => publish.channel === userBatchChannel && publish.bytes < 16_000)).toBe(true);
  });
});
