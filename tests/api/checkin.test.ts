// Daily check-in over HTTP (spec §3 check-in info and history, §4 statuses, §5 '今天已签到', §7 /api/checkin/*, §9 the
// 7-day cycle): one reward per user per day whatever the number of devices and requests, the 7th day and the new
// cycle after it, retroactive days that cost, fill the gap and respect the monthly limit, the anti-farming limits per
// device and address, every bad input refused with a clear message, and the books verified after.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { POST as checkinRetroRoute } from '@/app/api/checkin/checkinRetro/route';
import { POST as checkinTodayRoute } from '@/app/api/checkin/checkinToday/route';
import { POST as historyRoute } from '@/app/api/checkin/getCheckinHistory/route';
import { POST as infoRoute } from '@/app/api/checkin/getCheckinInfo/route';
import { getDb, queryRows } from '@/lib/db';
import { checkinDays, checkinRetroMonths, users } from '@/lib/db/schema';
import { checkInToday } from '@/lib/server/checkin/check-in';
import { dayFromNumber, dayNumber, localDay } from '@/lib/server/checkin/cycle';
import { checkInRetro } from '@/lib/server/checkin/retro';
import { siteToday } from '@/lib/server/checkin/site-day';
import { itemAsset } from '@/lib/server/ledger/accounts';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { runOps, type OpsIo } from '@/lib/server/ops/run';
import { createSession } from '@/lib/server/session/sessions';
import { lotteryChanceItemType } from '@/lib/validation/checkin-constants';
import { checkinHistoryReply, checkinInfoReply, checkinRetroReply, checkinTodayReply, type CheckinHistory, type CheckinInfo, type CheckinRetroReply, type CheckinTodayReply } from '@/lib/validation/checkin';
import { ticketItemType } from '@/lib/validation/live-constants';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

// Read at the first getEnv(). The site's day must not change while the file runs: of a few zones, take the one where
// it is now furthest from midnight.
process.env.CHECKIN_TIME_ZONE = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']
  .map((zone) => ({ zone, hour: Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date())) }))
  .sort((a, b) => Math.abs(a.hour - 12) - Math.abs(b.hour - 12))[0].zone;
process.env.CHECKIN_RETRO_COST = '500';
process.env.CHECKIN_RETRO_MONTHLY_LIMIT = '2';
process.env.CHECKIN_DEVICE_DAILY_LIMIT = '3';
process.env.CHECKIN_IP_DAILY_LIMIT = '5';

type Person = { id: number; credential: string };

beforeAll(() => getDb(), 60_000);

async function person(gold = 0): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `173${String(id).slice(-8)}`, nickName: `Checker${id % 100_000}`, role: 'user', brandId: 'sportcast' });
  if (gold > 0) await grantCurrency(db, { userId: id, currency: 'gold', amount: gold, idempotencyKey: `test:checkin:${id}`, note: 'test' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential };
}

/** A device fingerprint and an address of their own per story: the limits are counted per device and per address. */
const newDevice = () => crypto.randomBytes(8).toString('hex');
const newAddress = () => `10.${crypto.randomInt(0, 256)}.${crypto.randomInt(0, 256)}.${crypto.randomInt(1, 255)}`;

function checkIn(who: Person, device: string, address: string, lang?: string) {
  return callRoute<CheckinTodayReply>(checkinTodayRoute, {
    credential: who.credential,
    headers: { 'device-info': device, 'x-forwarded-for': address, ...(lang ? { lang } : {}) },
  });
}

const info = (who: Person) => callRoute<CheckinInfo>(infoRoute, { credential: who.credential });

/** Days checked before today (as earlier check-ins left them), each with its streak. */
async function checkedBefore(userId: number, daysAgo: number[], today = siteToday()): Promise<void> {
  const days = daysAgo.map((ago) => dayNumber(today) - ago).sort((a, b) => a - b);
  const streaks = new Map<number, number>();
  for (const day of days) streaks.set(day, (streaks.get(day - 1) ?? 0) + 1);
  await (await getDb()).insert(checkinDays).values(days.map((day) => ({ userId, day: dayFromNumber(day), streak: streaks.get(day)!, cycleDay: ((streaks.get(day)! - 1) % 7) + 1 })));
}

async function expectBooksClean(): Promise<void> {
  const db = await getDb();
  while ((await foldPendingEntries(db)) > 0);
  const report = await verifyLedger(db);
  expect(report.details).toEqual([]);
  expect(report.mismatches).toBe(0);
}

async function ledgerTransactionsOf(userId: number, kind: string): Promise<{ idempotency_key: string }[]> {
  return queryRows(await getDb(), sql`SELECT idempotency_key FROM ledger_transactions WHERE user_id = ${userId} AND kind = ${kind}`);
}

const dayOne = [
  { reward_type: 0, title: 'Experience', quantity: 10, icon: 'experience' },
  { reward_type: 1, title: 'Diamonds', quantity: 100, icon: 'gold' },
];

describe('checking in today', () => {
  it('shows a new user an unchecked week, then checks in: day 1 rewards, the wallet and the experience grow', async () => {
    const user = await person();
    const before = await info(user);
    expect(before.status).toBe(0);
    expectReplyShape(checkinInfoReply, before.data);
    expect(before.data).toMatchObject({ Continuous: 0, IsCheckedToday: false, today: siteToday(), retro: { cost: 500, limit: 2, used: 0 } });
    expect(before.data.CheckinDetails.map((day) => [day.day, day.IsChecked, day.ExpNum])).toEqual([
      [1, false, 10], [2, false, 10], [3, false, 15], [4, false, 15], [5, false, 20], [6, false, 20], [7, false, 50],
    ]);
    expect(before.data.CheckinDetails[0].RewardList).toEqual(dayOne);
    expect(before.data.month.find((day) => day.date === siteToday())?.state).toBe('today');

    const reply = await checkIn(user, newDevice(), newAddress());
    expect(reply).toMatchObject({ status: 0, msg: 'success' });
    expectReplyShape(checkinTodayReply, reply.data);
    expect(reply.data).toEqual({ RewardList: dayOne, Continuous: 1, day: 1, bal: { diamond: 0, gold: 100 } });
    const [row] = await (await getDb()).select({ experience: users.experience }).from(users).where(eq(users.id, user.id));
    expect(row.experience).toBe(10);

    const after = await info(user);
    expect(after.data).toMatchObject({ Continuous: 1, IsCheckedToday: true });
    expect(after.data.CheckinDetails.map((day) => day.IsChecked)).toEqual([true, false, false, false, false, false, false]);
    expect(after.data.month.find((day) => day.date === siteToday())?.state).toBe('checked');
  });

  it('counts days by the site time zone: a minute before and a minute after its midnight are two days in a row', async () => {
    const user = await person();
    const request = { userId: user.id, brandId: 'sportcast', locale: 'en-US' as const, deviceId: newDevice(), ip: newAddress() };
    const zone = process.env.CHECKIN_TIME_ZONE!;
    // Midnight of 2026-11-20 in the zone: the instant whose local day turns from the 19th to the 20th.
    let midnight = Date.UTC(2026, 10, 19, 0, 0);
    while (localDay(new Date(midnight), zone) !== '2026-11-20') midnight += 60_000;
    const before = await checkInToday(await getDb(), { ...request, now: new Date(midnight - 60_000) });
    const after = await checkInToday(await getDb(), { ...request, now: new Date(midnight + 60_000) });
    expect([before.day, before.Continuous, after.day, after.Continuous]).toEqual([1, 1, 2, 2]);
    const days = await (await getDb()).select({ day: checkinDays.day }).from(checkinDays).where(eq(checkinDays.userId, user.id)).orderBy(checkinDays.day);
    expect(days.map((row) => row.day)).toEqual(['2026-11-19', '2026-11-20']);
  });

  it("answers a second check-in with '今天已签到' (in the user's language) and grants nothing more", async () => {
    const user = await person();
    const device = newDevice();
    const address = newAddress();
    expect((await checkIn(user, device, address)).status).toBe(0);
    expect(await checkIn(user, device, address, 'zh')).toMatchObject({ status: 1, msg: '今天已签到', data: null });
    expect(await checkIn(user, device, address)).toMatchObject({ status: 1, msg: 'You have already checked in today' });
    expect((await readWallet(await getDb(), user.id)).gold).toBe(100);
  });

  it('gives one reward and one ledger transaction for 20 requests at once from four devices', async () => {
    const user = await person();
    const devices = Array.from({ length: 4 }, () => ({ device: newDevice(), address: newAddress() }));
    const replies = await Promise.all(Array.from({ length: 20 }, (_, index) => checkIn(user, devices[index % 4].device, devices[index % 4].address)));
    expect(replies.filter((reply) => reply.status === 0)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status !== 0).map((reply) => reply.msg)).toEqual(Array(19).fill('You have already checked in today'));
    expect((await readWallet(await getDb(), user.id)).gold).toBe(100);
    expect(await ledgerTransactionsOf(user.id, 'checkin')).toEqual([{ idempotency_key: `checkin:${user.id}:${siteToday()}` }]);
    const rows = await (await getDb()).select().from(checkinDays).where(eq(checkinDays.userId, user.id));
    expect(rows).toHaveLength(1);
    const [row] = await (await getDb()).select({ experience: users.experience }).from(users).where(eq(users.id, user.id));
    expect(row.experience).toBe(10);
    await expectBooksClean();
  });
});

describe('the 7-day cycle', () => {
  it('gives day 7 its rewards, the lottery chance among them, after six days in a row', async () => {
    const user = await person();
    await checkedBefore(user.id, [6, 5, 4, 3, 2, 1]);
    const week = await info(user);
    expect(week.data).toMatchObject({ Continuous: 6, IsCheckedToday: false });
    expect(week.data.CheckinDetails.map((day) => day.IsChecked)).toEqual([true, true, true, true, true, true, false]);

    const reply = await checkIn(user, newDevice(), newAddress());
    expect(reply.data).toMatchObject({ day: 7, Continuous: 7, bal: { gold: 1_000 } });
    expect(reply.data.RewardList).toEqual([
      { reward_type: 0, title: 'Experience', quantity: 50, icon: 'experience' },
      { reward_type: 1, title: 'Diamonds', quantity: 1_000, icon: 'gold' },
      { reward_type: 6, title: 'Lottery chance', quantity: 1, icon: 'lottery' },
    ]);
    expect(await readItemCount(await getDb(), user.id, itemAsset(lotteryChanceItemType))).toBe(1);
    expect((await info(user)).data.CheckinDetails.every((day) => day.IsChecked)).toBe(true);
  });

  it('starts a new cycle after day 7: the week shows empty, the 8th day in a row is day 1 again', async () => {
    const user = await person();
    await checkedBefore(user.id, [7, 6, 5, 4, 3, 2, 1]);
    const week = await info(user);
    expect(week.data).toMatchObject({ Continuous: 7, IsCheckedToday: false });
    expect(week.data.CheckinDetails.some((day) => day.IsChecked)).toBe(false);
    const reply = await checkIn(user, newDevice(), newAddress());
    expect(reply.data).toMatchObject({ day: 1, Continuous: 8, RewardList: dayOne });
  });

  it('starts over at day 1 after a missed day, and gives day 3 its viewing ticket', async () => {
    const user = await person();
    await checkedBefore(user.id, [5, 4, 3, 2]);
    expect((await info(user)).data).toMatchObject({ Continuous: 0 });
    expect((await checkIn(user, newDevice(), newAddress())).data).toMatchObject({ day: 1, Continuous: 1 });

    const other = await person();
    await checkedBefore(other.id, [2, 1]);
    const third = await checkIn(other, newDevice(), newAddress());
    expect(third.data).toMatchObject({ day: 3, Continuous: 3 });
    expect(third.data.RewardList).toContainEqual({ reward_type: 4, title: 'Viewing ticket', quantity: 1, icon: 'ticket' });
    expect(await readItemCount(await getDb(), other.id, itemAsset(ticketItemType))).toBe(1);
    await expectBooksClean();
  });
});

describe('retroactive check-in', () => {
  // The month matters (only this month's days can be filled), so these stories run on a fixed clock: the 20th.
  const now = new Date('2026-11-20T06:00:00Z');
  const today = () => siteToday(now);
  const ago = (days: number) => dayFromNumber(dayNumber(today()) - days);

  it('costs its price, fills the gap and joins the runs: the streak and the week count on', async () => {
    const user = await person(2_000);
    await checkedBefore(user.id, [5, 4, 2, 1], today());
    const reply = await checkInRetro(await getDb(), { userId: user.id, brandId: 'sportcast', date: ago(3), locale: 'en-US', now });
    expectReplyShape(checkinRetroReply, reply);
    expect(reply.bal.gold).toBe(1_500);
    expect(reply.info).toMatchObject({ Continuous: 5, IsCheckedToday: false, retro: { used: 1, limit: 2 } });
    expect(reply.info.CheckinDetails.map((day) => day.IsChecked)).toEqual([true, true, true, true, true, false, false]);
    expect(reply.info.month.find((day) => day.date === ago(3))?.state).toBe('retroactive');
    const streaks = await (await getDb()).select({ day: checkinDays.day, streak: checkinDays.streak }).from(checkinDays).where(eq(checkinDays.userId, user.id)).orderBy(checkinDays.day);
    expect(streaks.map((row) => row.streak)).toEqual([1, 2, 3, 4, 5]);
    expect(await ledgerTransactionsOf(user.id, 'checkin.retro')).toEqual([{ idempotency_key: `checkin.retro:${user.id}:${ago(3)}` }]);
    await expectBooksClean();
  });

  it('allows two a month (CHECKIN_RETRO_MONTHLY_LIMIT), refuses a checked day and what the wallet cannot pay, charging nothing', async () => {
    const user = await person(1_000);
    const db = await getDb();
    await checkedBefore(user.id, [1], today());
    const retro = (date: string) => checkInRetro(db, { userId: user.id, brandId: 'sportcast', date, locale: 'en-US', now }).then(() => 'ok', (error: Error) => error.message);
    expect(await retro(ago(1))).toBe('checkin.errors.retroAlreadyChecked');
    expect(await retro(ago(2))).toBe('ok');
    expect(await retro(ago(3))).toBe('ok');
    expect(await retro(ago(4))).toBe('checkin.errors.retroLimit');
    expect((await readWallet(db, user.id)).gold).toBe(0);

    const poor = await person(400);
    expect(await checkInRetro(db, { userId: poor.id, brandId: 'sportcast', date: ago(2), locale: 'en-US', now }).catch((error: Error) => error.message)).toBe('checkin.errors.retroInsufficient');
    expect((await readWallet(db, poor.id)).gold).toBe(400);
    const [row] = await db.select().from(checkinDays).where(and(eq(checkinDays.userId, poor.id), eq(checkinDays.day, ago(2))));
    expect(row).toBeUndefined();
    // The refused one used none of the month's allowance.
    expect(await db.select().from(checkinRetroMonths).where(eq(checkinRetroMonths.userId, poor.id))).toEqual([]);
    await expectBooksClean();
  });

  it('lets only the monthly limit through when four retroactive check-ins arrive at once', async () => {
    const user = await person(5_000);
    const db = await getDb();
    const results = await Promise.all(
      [2, 3, 4, 5].map((days) => checkInRetro(db, { userId: user.id, brandId: 'sportcast', date: ago(days), locale: 'en-US', now }).then(() => 'ok', (error: Error) => error.message)),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(2);
    expect(results.filter((result) => result !== 'ok')).toEqual(['checkin.errors.retroLimit', 'checkin.errors.retroLimit']);
    expect((await readWallet(db, user.id)).gold).toBe(4_000);
    expect(await db.select().from(checkinDays).where(eq(checkinDays.userId, user.id))).toHaveLength(2);
    await expectBooksClean();
  });

  it('answers retroactive requests over HTTP with the translated reasons', async () => {
    const user = await person(1_000);
    const send = (body: unknown, lang?: string) => callRoute<CheckinRetroReply>(checkinRetroRoute, { credential: user.credential, body, headers: lang ? { lang } : {} });
    expect(await send({ date: siteToday() })).toMatchObject({ status: 1, msg: 'Only a day before today can be checked in retroactively.' });
    expect(await send({ date: dayFromNumber(dayNumber(siteToday()) + 3) })).toMatchObject({ status: 1, msg: 'Only a day before today can be checked in retroactively.' });
    expect(await send({ date: dayFromNumber(dayNumber(`${siteToday().slice(0, 7)}-01`) - 1) })).toMatchObject({ status: 1, msg: 'Only a missed day of this month can be checked in retroactively.' });
    expect(await send({ date: dayFromNumber(dayNumber(`${siteToday().slice(0, 7)}-01`) - 1) }, 'zh')).toMatchObject({ status: 1, msg: '只能补签本月漏签的日期。' });
    expect(await send({})).toMatchObject({ status: 1, msg: 'Choose the day to check in retroactively.' });
    expect(await send({ date: '2026-13-01' })).toMatchObject({ status: 1, msg: 'The day must be a date written YYYY-MM-DD.' });
    expect(await send({ date: '2026-02-30' })).toMatchObject({ status: 1, msg: 'The day must be a date written YYYY-MM-DD.' });
    expect(await send({ date: 'yesterday' })).toMatchObject({ status: 1, msg: 'The day must be a date written YYYY-MM-DD.' });
    expect((await readWallet(await getDb(), user.id)).gold).toBe(1_000);
  });
});

describe('anti-farming limits', () => {
  it('lets one device check in three accounts a day; the fourth is refused and not checked in', async () => {
    const device = newDevice();
    const accounts = await Promise.all([person(), person(), person(), person()]);
    for (const account of accounts.slice(0, 3)) expect((await checkIn(account, device, newAddress())).status).toBe(0);
    const refused = await checkIn(accounts[3], device, newAddress());
    expect(refused).toMatchObject({ status: 1, msg: 'Too many accounts have checked in from this device today. Try again tomorrow.' });
    expect((await info(accounts[3])).data.IsCheckedToday).toBe(false);
    expect((await readWallet(await getDb(), accounts[3].id)).gold).toBe(0);
    // A request without a fingerprint counts against its address's own device budget, so dropping it gains nothing.
    const address = newAddress();
    for (const account of await Promise.all([person(), person(), person()])) expect((await checkIn(account, '', address)).status).toBe(0);
    expect((await checkIn(await person(), '', address)).msg).toBe('Too many accounts have checked in from this device today. Try again tomorrow.');
  });

  it('lets one address check in five accounts a day, whatever their devices', async () => {
    const address = newAddress();
    for (let index = 0; index < 5; index += 1) expect((await checkIn(await person(), newDevice(), address)).status).toBe(0);
    expect(await checkIn(await person(), newDevice(), address, 'zh')).toMatchObject({ status: 1, msg: '今天此网络下签到的账号过多，请明天再试。' });
  });

  it('does not count a refused check-in (already checked in) against the device', async () => {
    const device = newDevice();
    const user = await person();
    for (let index = 0; index < 5; index += 1) await checkIn(user, device, newAddress());
    for (const account of [await person(), await person()]) expect((await checkIn(account, device, newAddress())).status).toBe(0);
  });
});

describe('history and bad input', () => {
  it('lists the history newest first, 20 a page, each with its RewardDesc', async () => {
    const user = await person();
    await checkedBefore(user.id, Array.from({ length: 25 }, (_, index) => index + 1));
    await (await getDb()).execute(sql`UPDATE checkin_days SET rewards = ${JSON.stringify([{ reward_type: 0, quantity: 10, item_type: null, props_id: 0 }, { reward_type: 1, quantity: 150, item_type: null, props_id: 0 }])}::jsonb WHERE user_id = ${user.id}`);
    const first = await callRoute<CheckinHistory>(historyRoute, { credential: user.credential, body: { page: 1 } });
    expectReplyShape(checkinHistoryReply, first.data);
    expect(first.data.total).toBe(25);
    expect(first.data.CheckinHistory).toHaveLength(20);
    expect(first.data.CheckinHistory[0]).toMatchObject({ date: dayFromNumber(dayNumber(siteToday()) - 1), day: 4, retroactive: false, RewardDesc: 'Experience +10, Diamonds +1.5' });
    const second = await callRoute<CheckinHistory>(historyRoute, { credential: user.credential, body: { page: 2 }, headers: { lang: 'zh' } });
    expect(second.data.CheckinHistory).toHaveLength(5);
    expect(second.data.CheckinHistory[4]).toMatchObject({ date: dayFromNumber(dayNumber(siteToday()) - 25), RewardDesc: '经验 +10、钻石 +1.5' });
  });

  it('refuses a bad page and a visitor, with the envelope status the client acts on', async () => {
    const user = await person();
    for (const page of [0, -1, 'two', 1.5]) {
      expect(await callRoute(historyRoute, { credential: user.credential, body: { page } })).toMatchObject({ status: 1, msg: 'The page must be a whole number from 1.' });
    }
    for (const route of [infoRoute, historyRoute, checkinTodayRoute, checkinRetroRoute]) {
      expect(await callRoute(route, { body: { date: '2026-11-01' } })).toMatchObject({ status: 2 });
    }
  });
});

describe('operator commands', () => {
  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io: OpsIo = { openDatabase: getDb, closeDatabase: async () => undefined, print: (text) => out.push(text), printError: (text) => err.push(text) };
    const code = await runOps(argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it("lists the cycle, replaces a day's rewards (the next check-in of that day gets them) and refuses bad ones", async () => {
    expect(await ops('checkin:rewards')).toMatchObject({ code: 0, out: expect.stringContaining('Day 7: Experience +50, Diamonds +10, Lottery chance +1') });
    expect(await ops('checkin:day', '2', '0:5', '2:250')).toMatchObject({ code: 0, out: expect.stringContaining('Day 2: Experience +5, Gems +2.5') });
    const user = await person();
    await checkedBefore(user.id, [1]);
    expect((await checkIn(user, newDevice(), newAddress())).data).toMatchObject({ day: 2, bal: { diamond: 250, gold: 0 } });
    expect(await ops('checkin:day', '8', '0:5')).toMatchObject({ code: 1, err: expect.stringContaining('The day is 1 to 7.') });
    expect(await ops('checkin:day', '2', '4:1')).toMatchObject({ code: 1, err: expect.stringContaining('an item type for types 3 to 5 only') });
    expect(await ops('checkin:day', '2', 'lots')).toMatchObject({ code: 1, err: expect.stringContaining('is not a reward') });
    expect(await ops('checkin:rewards')).toMatchObject({ out: expect.stringContaining('Day 2: Experience +5, Gems +2.5') });
    await expectBooksClean();
  });

  it("gives a brand with a table of its own its rewards and every other brand the default's, one check-in a day across brands", async () => {
    const qiuba = 'zh.localhost:3000';
    const onHost = (who: Person, host?: string) =>
      callRoute<CheckinTodayReply>(checkinTodayRoute, { credential: who.credential, host, headers: { 'device-info': newDevice(), 'x-forwarded-for': newAddress(), lang: 'en' } });
    const weekOn = async (who: Person, host?: string) => (await callRoute<CheckinInfo>(infoRoute, { credential: who.credential, host, headers: { lang: 'en' } })).data.CheckinDetails;
    const amounts = (list: { reward_type: number; quantity: number }[]) => list.map((reward) => [reward.reward_type, reward.quantity]);

    expect(await ops('checkin:rewards', '--brand', 'qiuba')).toMatchObject({ code: 0, out: expect.stringContaining('qiuba: the default table (no table of its own)\nDay 1: Experience +10, Diamonds +1') });
    // The first change of a brand's day copies the default table, so its other days stay as they were.
    const changed = await ops('checkin:day', '1', '0:30', '2:500', '--brand', 'qiuba');
    expect(changed).toMatchObject({ code: 0, out: expect.stringContaining('qiuba: its own table\nDay 1: Experience +30, Gems +5') });
    expect(changed.out).toContain('Day 7: Experience +50, Diamonds +10, Lottery chance +1');
    expect(await ops('checkin:rewards')).toMatchObject({ out: expect.stringContaining('The default table:\nDay 1: Experience +10, Diamonds +1') });
    expect(await ops('checkin:rewards', '--brand', 'sportcast')).toMatchObject({ out: expect.stringContaining('sportcast: the default table (no table of its own)') });

    expect(amounts((await weekOn(await person(), qiuba))[0].RewardList)).toEqual([[0, 30], [2, 500]]);
    expect(amounts((await weekOn(await person()))[0].RewardList)).toEqual([[0, 10], [1, 100]]);
    const [there, here] = [await person(), await person()];
    expect((await onHost(there, qiuba)).data).toMatchObject({ day: 1, RewardList: [expect.objectContaining({ reward_type: 0, quantity: 30 }), expect.objectContaining({ reward_type: 2, quantity: 500 })], bal: { diamond: 500, gold: 0 } });
    expect((await onHost(here)).data).toMatchObject({ day: 1, RewardList: dayOne, bal: { diamond: 0, gold: 100 } });
    // The day is the site's, not the brand's: checking in on the other brand the same day earns nothing more.
    expect(await onHost(there)).toMatchObject({ status: 1, msg: 'You have already checked in today' });
    expect(await readWallet(await getDb(), there.id)).toEqual({ diamond: 500, gold: 0 });

    // A retroactive day answers with the week of the brand it was asked on.
    const filler = await person(1_000);
    await checkedBefore(filler.id, [2]);
    const retro = await callRoute<CheckinRetroReply>(checkinRetroRoute, { credential: filler.credential, host: qiuba, body: { date: dayFromNumber(dayNumber(siteToday()) - 1) }, headers: { lang: 'en' } });
    if (dayNumber(siteToday()) - 1 >= dayNumber(`${siteToday().slice(0, 7)}-01`)) expect(amounts(retro.data.info.CheckinDetails[0].RewardList)).toEqual([[0, 30], [2, 500]]);

    for (const argv of [['checkin:rewards', '--brand', 'nope'], ['checkin:day', '1', '0:5', '--brand', 'nope']]) {
      expect(await ops(...argv)).toMatchObject({ code: 1, err: 'Unknown brand "nope". Use one of: sportcast, qiuba.' });
    }
    expect(await ops('checkin:rewards', '--reset')).toMatchObject({ code: 1, err: expect.stringContaining('name it with --brand') });
    expect(await ops('checkin:rewards', '--brand', 'qiuba', '--reset')).toMatchObject({ code: 0, out: expect.stringContaining('qiuba: the default table (no table of its own)\nDay 1: Experience +10, Diamonds +1') });
    expect(amounts((await weekOn(await person(), qiuba))[0].RewardList)).toEqual([[0, 10], [1, 100]]);
    await expectBooksClean();
  });
});
