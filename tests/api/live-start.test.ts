// Going live (spec §3 start-live and planned-live payloads, §4, §5 live form, §6 roles): push credentials, start,
// end, planned lives; an anchor acts on their own lives and keys only, and everyone else is refused.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { POST as checkAnchorStatus } from '@/app/api/user/checkAnchorStatus/route';
import { POST as planCancel } from '@/app/api/live/anchor_plan_cancel/route';
import { POST as planCreate } from '@/app/api/live/anchor_plan_create/route';
import { POST as planList } from '@/app/api/live/anchor_plan_list/route';
import { POST as planStart } from '@/app/api/live/anchor_plan_start/route';
import { POST as getPlanList } from '@/app/api/live/getPlanList/route';
import { POST as endLive } from '@/app/webapi/live/endLive/route';
import { POST as getCategory } from '@/app/webapi/live/getCategory/route';
import { POST as getStreamInfo } from '@/app/webapi/live/getStreamInfo/route';
import { POST as resetStreamKey } from '@/app/webapi/live/resetStreamKey/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { lives, users } from '@/lib/db/schema';
import { setAppConfigValue } from '@/lib/server/config/app-config';
import {
  categoriesReply,
  endLiveReply,
  planListReply,
  planViewSchema,
  publicPlanListReply,
  startedLiveReply,
  streamInfoReply,
  type LiveCategory,
  type PlanView,
  type PublicPlan,
  type StartedLive,
  type StreamInfo,
} from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole, startLivePayload, type Account } from './live-helpers';

const zh = { lang: 'zh_cn' };

beforeAll(() => getDb(), 60_000);

let anchor: Account;
let otherAnchor: Account;
let viewer: Account;

beforeAll(async () => {
  anchor = await accountWithRole('1361', 'anchor');
  otherAnchor = await accountWithRole('1361', 'anchor');
  viewer = await accountWithRole('1361');
}, 60_000);

async function endIfLive(account: Account) {
  await callRoute(endLive, { credential: account.credential });
}

describe('who may go live', () => {
  it.each([
    ['getStreamInfo', getStreamInfo, {}],
    ['startLive', startLive, startLivePayload()],
    ['endLive', endLive, {}],
    ['anchor_plan_create', planCreate, {}],
    ['resetStreamKey', resetStreamKey, {}],
  ])('refuses %s to a signed-in viewer who is not an anchor', async (_name, handler, body) => {
    const reply = await callRoute(handler, { credential: viewer.credential, body });
    expect(reply).toMatchObject({ status: 1, msg: 'You do not have permission to do this.', data: null });
  });

  it('asks a visitor to log in (status 2)', async () => {
    expect(await callRoute(startLive, { body: startLivePayload() })).toMatchObject({ status: 2 });
    expect(await callRoute(getStreamInfo, {})).toMatchObject({ status: 2 });
  });

  it('says whether the caller is an anchor and live (checkAnchorStatus)', async () => {
    expect((await callRoute(checkAnchorStatus, { credential: viewer.credential })).data).toEqual({ is_anchor: 0, is_live: 0 });
    expect((await callRoute(checkAnchorStatus, { credential: anchor.credential })).data).toEqual({ is_anchor: 1, is_live: 0 });
  });
});

describe('getStreamInfo', () => {
  it('gives the complete RTMP push address, and the same split as OBS asks for it', async () => {
    const reply = await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential });
    expect(reply.status).toBe(0);
    const info = reply.data;
    expect(info.stream).toMatch(new RegExp(`^${anchor.id}-[a-z0-9]{10}$`));
    expect(info.anchor_secret).toMatch(/^[0-9a-f]{32}$/);
    expect(info.push_url).toBe(`rtmp://localhost:1935/live/${info.stream}?key=${info.anchor_secret}`);
    expect(info.push_server).toBe('rtmp://localhost:1935/live');
    expect(info.push_key).toBe(`${info.stream}?key=${info.anchor_secret}`);
    expect(info.web_rtc_push_url).toBe('');
    expectReplyShape(streamInfoReply, info);
    // Asked again, the same credentials: an encoder set up once keeps working.
    expect((await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential })).data).toEqual(info);
  });

  it('answers each anchor with their own credentials only', async () => {
    const mine = (await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential })).data;
    const theirs = (await callRoute<StreamInfo>(getStreamInfo, { credential: otherAnchor.credential })).data;
    expect(theirs.stream).not.toBe(mine.stream);
    expect(theirs.anchor_secret).not.toBe(mine.anchor_secret);
    expect(theirs.stream.startsWith(`${otherAnchor.id}-`)).toBe(true);
  });

  it('uses the host the page was requested from', async () => {
    const reply = await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential, host: 'qiuba.example:3000' });
    expect(reply.data.push_server).toBe('rtmp://qiuba.example:1935/live');
  });

  it('gives encoders this machine’s address for a *.localhost page, a name only browsers resolve', async () => {
    const reply = await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential, host: 'zh.localhost:3000' });
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal);
    expect(reply.data.push_server).toBe(`rtmp://${external?.address ?? '127.0.0.1'}:1935/live`);
    expect(reply.data.push_url).toBe(`${reply.data.push_server}/${reply.data.push_key}`);
  });

  it('resets the key: the old name and key are revoked and new ones issued', async () => {
    const before = (await callRoute<StreamInfo>(getStreamInfo, { credential: otherAnchor.credential })).data;
    const reset = await callRoute<StreamInfo>(resetStreamKey, { credential: otherAnchor.credential });
    expect(reset.status).toBe(0);
    expectReplyShape(streamInfoReply, reset.data);
    expect(reset.data.stream).not.toBe(before.stream);
    expect(reset.data.anchor_secret).not.toBe(before.anchor_secret);
    expect((await callRoute<StreamInfo>(getStreamInfo, { credential: otherAnchor.credential })).data.stream).toBe(reset.data.stream);
  });
});

describe('getCategory', () => {
  it('lists categories with their secondary categories, in the request language', async () => {
    const reply = await callRoute<LiveCategory[]>(getCategory, { headers: zh });
    expect(reply.status).toBe(0);
    expectReplyShape(categoriesReply, reply.data);
    expect(reply.data.find((category) => category.id === 2)).toMatchObject({ name: '足球', second_category: expect.arrayContaining([{ id: 201, name: '世界杯' }]) });
  });
});

describe('startLive and endLive', () => {
  afterEach(() => endIfLive(anchor));

  it('opens a live, marks the anchor as living, and goes to their own room', async () => {
    const info = (await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential })).data;
    const reply = await callRoute<StartedLive>(startLive, {
      credential: anchor.credential,
      body: startLivePayload({ stream: info.stream, anchor_secret: info.anchor_secret, title: '  Netherlands v Qatar, live  ' }),
    });
    expect(reply).toMatchObject({ status: 0, data: { anchor_id: anchor.id, status: 'waiting', room_path: `/liveMatchesTwo/${anchor.id}` } });
    expectReplyShape(startedLiveReply, reply.data);
    const [row] = await (await getDb()).select().from(lives).where(eq(lives.id, reply.data.live_id));
    expect(row).toMatchObject({ title: 'Netherlands v Qatar, live', categoryId: 2, childCategoryId: 201, stream: info.stream, ticket: 0 });
    expect((await callRoute(checkAnchorStatus, { credential: anchor.credential })).data).toEqual({ is_anchor: 1, is_live: 1 });

    const again = await callRoute(startLive, { credential: anchor.credential, body: startLivePayload() });
    expect(again).toMatchObject({ status: 1, msg: 'You are already live. End the current live first.' });
    expect(await callRoute(resetStreamKey, { credential: anchor.credential })).toMatchObject({ status: 1, msg: 'End your live before resetting the push key.' });

    const ended = await callRoute(endLive, { credential: anchor.credential });
    expect(ended).toMatchObject({ status: 0, data: { live_id: reply.data.live_id } });
    expectReplyShape(endLiveReply, ended.data);
    expect((await callRoute(checkAnchorStatus, { credential: anchor.credential })).data).toEqual({ is_anchor: 1, is_live: 0 });
    const [endedRow] = await (await getDb()).select().from(lives).where(eq(lives.id, reply.data.live_id));
    expect(endedRow).toMatchObject({ status: 'ended', endReason: 'anchor' });
  });

  it('never ends another anchor’s live: endLive acts on the caller’s own', async () => {
    const started = await callRoute<StartedLive>(startLive, { credential: anchor.credential, body: startLivePayload() });
    expect(started.status).toBe(0);
    expect(await callRoute(endLive, { credential: otherAnchor.credential })).toMatchObject({ status: 1, msg: 'You have no live to end.' });
    const [row] = await (await getDb()).select().from(lives).where(eq(lives.id, started.data.live_id));
    expect(row.status).toBe('waiting');
  });

  it.each([
    ['a missing title', { title: '' }, 'Please enter a title'],
    ['a title of 51 characters', { title: 'x'.repeat(51) }, 'The title can be at most 50 characters'],
    ['no category', { category: '' }, 'Please select'],
    ['no secondary category', { cateid: 0 }, 'Please select secondary category'],
    ['a secondary category of another category', { cateid: 101 }, 'Please select secondary category'],
    ['a category that does not exist', { category: 99, cateid: 201 }, 'Please select'],
    ['the ticket switch without a count', { ticket_toogle: 1, ticket: '' }, 'The ticket count cannot be empty!'],
    ['a ticket count of 5 digits', { ticket_toogle: 1, ticket: 10000 }, 'The ticket count can have at most 4 digits'],
    ['a cover that was not uploaded here', { thumb: 'https://evil.example/pixel.png' }, 'The cover must be an image uploaded here.'],
    ['fast push the server does not offer', { enable_webrtc: 1 }, 'Fast push (WebRTC) is not offered by this media server.'],
    ['a match of another sport', { category: 1, cateid: 101, match_id: 1040 }, 'That match is not available for this category.'],
    ['a finished match', { match_id: 1001 }, 'That match has already finished.'],
    ['stale push credentials', { stream: `${1}-aaaaaaaaaa` }, 'The push address has changed. Please reopen the live settings.'],
    ['a price', { price: 5 }, 'price must be 0.'],
  ])('refuses %s with the form’s message', async (_case, overrides, message) => {
    const reply = await callRoute(startLive, { credential: anchor.credential, body: startLivePayload(overrides) });
    expect(reply).toMatchObject({ httpStatus: 200, status: 1, msg: message, data: null });
    expect((await callRoute<{ is_live: number }>(checkAnchorStatus, { credential: anchor.credential })).data.is_live).toBe(0);
  });

  it('speaks the spec’s Chinese words in zh-CN', async () => {
    const ticket = await callRoute(startLive, { credential: anchor.credential, headers: zh, body: startLivePayload({ ticket_toogle: 1, ticket: 0 }) });
    expect(ticket.msg).toBe('观赛卷不能为空！');
    const category = await callRoute(startLive, { credential: anchor.credential, headers: zh, body: startLivePayload({ cateid: '' }) });
    expect(category.msg).toBe('请选择二级分类');
  });

  it('opens a ticketed live when the ticket switch is on, and refuses it when the site switched tickets off', async () => {
    const ticketed = await callRoute<StartedLive>(startLive, { credential: anchor.credential, body: startLivePayload({ ticket_toogle: 1, ticket: 1, match_id: 1040 }) });
    expect(ticketed.status).toBe(0);
    const [row] = await (await getDb()).select().from(lives).where(eq(lives.id, ticketed.data.live_id));
    expect(row).toMatchObject({ ticket: 1, matchId: 1040 });
    await endIfLive(anchor);

    const db = await getDb();
    await setAppConfigValue(db, 'sportcast', 'ticket_switch', 0);
    try {
      const refused = await callRoute(startLive, { credential: anchor.credential, body: startLivePayload({ ticket_toogle: 1, ticket: 1 }) });
      expect(refused).toMatchObject({ status: 1, msg: 'Tickets are switched off on this site.' });
    } finally {
      await setAppConfigValue(db, 'sportcast', 'ticket_switch', 1);
    }
  });
});

describe('planned lives', () => {
  const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
  const plan = (overrides: Record<string, unknown> = {}) => ({
    anchor_id: 0,
    title: 'Quarter-final preview',
    category_id: 2,
    child_category_id: 201,
    thumb: '',
    plan_time: inOneHour(),
    match_id: 0,
    ticket: 0,
    ...overrides,
  });

  it.each([
    ['no vertical cover', { thumb: '' }, 'The vertical cover cannot be empty'],
    ['no planned time', { plan_time: '' }, 'The planned start time cannot be empty'],
    ['a time in the past', { plan_time: Math.floor(Date.now() / 1000) - 3600 }, 'The planned start time has already passed'],
    ['a time that is not one', { plan_time: 'tomorrow-ish' }, 'The planned start time is not a valid time'],
    ['another anchor’s id', { anchor_id: 1 }, 'You do not have permission to do this.'],
  ])('refuses %s', async (_case, overrides, message) => {
    const body = plan({ thumb: '/uploads/covers/none.webp', ...overrides });
    expect(await callRoute(planCreate, { credential: anchor.credential, body })).toMatchObject({ status: 1, msg: message });
  });

  it('says 竖版封面不能为空 and 计划开播时间不能为空 in Chinese', async () => {
    expect((await callRoute(planCreate, { credential: anchor.credential, headers: zh, body: plan() })).msg).toBe('竖版封面不能为空');
    expect((await callRoute(planCreate, { credential: anchor.credential, headers: zh, body: plan({ thumb: 'x', plan_time: '' }) })).msg).toBe('计划开播时间不能为空');
  });

  it('creates, lists, cancels and starts plans; another anchor sees none of them and cannot touch them', async () => {
    const db = await getDb();
    // A cover the anchor uploaded earlier (any file under uploads/covers).
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { uploadsRoot } = await import('@/lib/server/uploads/files');
    fs.mkdirSync(path.join(uploadsRoot(), 'covers'), { recursive: true });
    fs.writeFileSync(path.join(uploadsRoot(), 'covers', `${anchor.id}-plan.webp`), Buffer.from('x'));
    const cover = `covers/${anchor.id}-plan.webp`;

    const first = await callRoute<PlanView>(planCreate, { credential: anchor.credential, body: plan({ thumb: cover }) });
    expect(first).toMatchObject({ status: 0, data: { status: 'planned', thumb: `/uploads/${cover}`, title: 'Quarter-final preview' } });
    expectReplyShape(planViewSchema, first.data);
    const second = await callRoute<PlanView>(planCreate, { credential: anchor.credential, body: plan({ thumb: cover, title: 'Late show', plan_time: inOneHour() + 7200 }) });

    const listed = await callRoute<{ list: PlanView[] }>(planList, { credential: anchor.credential });
    expect(listed.data.list.map((item) => item.id)).toEqual([first.data.id, second.data.id]);
    expectReplyShape(planListReply, listed.data);
    expect((await callRoute<{ list: PlanView[] }>(planList, { credential: otherAnchor.credential })).data.list).toEqual([]);
    const upcoming = await callRoute<{ list: PublicPlan[] }>(getPlanList, {});
    expect(upcoming.data.list.map((item) => item.id)).toEqual(expect.arrayContaining([first.data.id, second.data.id]));
    expectReplyShape(publicPlanListReply, upcoming.data);

    expect(await callRoute(planCancel, { credential: otherAnchor.credential, body: { plan_id: first.data.id } })).toMatchObject({ status: 1, msg: 'The planned live was not found.' });
    expect(await callRoute(planStart, { credential: otherAnchor.credential, body: { plan_id: first.data.id } })).toMatchObject({ status: 1, msg: 'The planned live was not found.' });

    expect(await callRoute(planCancel, { credential: anchor.credential, body: { plan_id: second.data.id } })).toMatchObject({ status: 0, data: { status: 'cancelled' } });
    expect(await callRoute(planStart, { credential: anchor.credential, body: { plan_id: second.data.id } })).toMatchObject({
      status: 1,
      msg: 'This planned live was already started or cancelled.',
    });

    const started = await callRoute<StartedLive>(planStart, { credential: anchor.credential, body: { plan_id: first.data.id } });
    expect(started).toMatchObject({ status: 0, data: { status: 'waiting', room_path: `/liveMatchesTwo/${anchor.id}` } });
    expectReplyShape(startedLiveReply, started.data);
    const [live] = await db.select().from(lives).where(eq(lives.id, started.data.live_id));
    expect(live).toMatchObject({ title: 'Quarter-final preview', planId: first.data.id, coverVertical: `/uploads/${cover}` });
    const afterStart = await callRoute<{ list: PlanView[] }>(planList, { credential: anchor.credential, body: { status: 'all' } });
    expect(afterStart.data.list.find((item) => item.id === first.data.id)).toMatchObject({ status: 'started', live_id: live.id });
    await endIfLive(anchor);
  });

  it('keeps a demoted anchor out', async () => {
    const demoted = await accountWithRole('1361', 'anchor');
    await (await getDb()).update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    expect(await callRoute(getStreamInfo, { credential: demoted.credential })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  });
});
