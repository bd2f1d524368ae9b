// The live state machine through the media hooks (nginx-rtmp's on_publish form fields, SRS's JSON): a publish
// needs the anchor's current key and an open live; the room goes live, away on disconnect, back on reconnect,
// and ends after the grace period; a logged-out anchor's live ends 5 minutes later unless they return.
import { eq } from 'drizzle-orm';
import { POST as getLiveList } from '@/app/api/live/getLiveList/route';
import { GET as getRoomInfoGet, POST as getRoomInfo } from '@/app/api/live/getRoomInfo/route';
import { POST as clearWatchHistory } from '@/app/api/live/clearWatchHistory/route';
import { POST as watchHistory } from '@/app/api/live/watchHistory/route';
import { POST as publishHook } from '@/app/api/media/hooks/publish/route';
import { POST as logout } from '@/app/api/user/logout/route';
import { POST as endLive } from '@/app/webapi/live/endLive/route';
import { POST as getStreamInfo } from '@/app/webapi/live/getStreamInfo/route';
import { POST as resetStreamKey } from '@/app/webapi/live/resetStreamKey/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { lives, sessions } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { logoutGraceMs, sweepLives } from '@/lib/server/live/auto-end';
import {
  liveListReply,
  roomInfoReply,
  startedLiveReply,
  streamInfoReply,
  watchHistoryReply,
  type LiveListItem,
  type RoomInfo,
  type StartedLive,
  type StreamInfo,
  type WatchHistoryItem,
} from '@/lib/validation/live';
import { liveStateChannel, parseLiveStateEvent, type LiveStateEvent } from '@/lib/server/live-state/state';
import { handlePublishHook } from '@/lib/server/media/hook-requests';
import { callRoute } from '@/tests/support/call-route';
import { credentialOf, signInBySms } from '@/tests/support/auth';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole, startLivePayload, type Account } from './live-helpers';

beforeAll(() => getDb(), 60_000);

const graceSeconds = 120;

async function nginx(fields: Record<string, string>): Promise<number> {
  const body = new URLSearchParams({ app: 'live', addr: '198.51.100.7', clientid: '3', flashver: 'FMLE/3.0', ...fields }).toString();
  const response = await handlePublishHook(await getDb(), new Request('http://localhost:3000/api/media/hooks/publish', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
  return response.status;
}

async function srs(body: Record<string, string>): Promise<number> {
  const response = await handlePublishHook(await getDb(), new Request('http://localhost:3000/api/media/hooks/publish', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  return response.status;
}

async function state(liveId: number) {
  const [row] = await (await getDb()).select().from(lives).where(eq(lives.id, liveId));
  return row;
}

async function startOwnLive(account: Account, overrides: Record<string, unknown> = {}) {
  const info = (await callRoute<StreamInfo>(getStreamInfo, { credential: account.credential })).data;
  const started = await callRoute<StartedLive>(startLive, { credential: account.credential, body: startLivePayload(overrides) });
  if (started.status !== 0) throw new Error(started.msg);
  expectReplyShape(streamInfoReply, info);
  expectReplyShape(startedLiveReply, started.data);
  return { info, liveId: started.data.live_id };
}

// The hooks' logic is called directly here; the routes themselves exist only for an external media server
// (tests/api/media-hooks.test.ts covers their secret and body cap).
it('answers 404 on the hook routes while the embedded media server is in use', async () => {
  const response = await publishHook(new Request('http://localhost:3000/api/media/hooks/publish', { method: 'POST', body: 'call=publish&app=live&name=x' }));
  expect(response.status).toBe(404);
});

describe('publish authorisation (hooks/publish)', () => {
  let anchor: Account;
  let info: StreamInfo;
  let liveId: number;
  const events: LiveStateEvent[] = [];

  beforeAll(async () => {
    anchor = await accountWithRole('1364', 'anchor');
    await getBus().subscribe(liveStateChannel, (message) => {
      const event = parseLiveStateEvent(message);
      if (event) events.push(event);
    });
  });

  it('refuses a publish before the anchor started a live, with the right key', async () => {
    info = (await callRoute<StreamInfo>(getStreamInfo, { credential: anchor.credential })).data;
    expect(await nginx({ call: 'publish', name: info.stream, key: info.anchor_secret })).toBe(403);
  });

  it('refuses a wrong or missing key, a forged stream and another application', async () => {
    ({ liveId } = await startOwnLive(anchor));
    expect(await nginx({ call: 'publish', name: info.stream, key: 'f'.repeat(32) })).toBe(403);
    expect(await nginx({ call: 'publish', name: info.stream })).toBe(403);
    expect(await nginx({ call: 'publish', name: `${anchor.id}-zzzzzzzzzz`, key: info.anchor_secret })).toBe(403);
    expect(await nginx({ call: 'publish', app: 'admin', name: info.stream, key: info.anchor_secret })).toBe(403);
    expect((await state(liveId)).status).toBe('waiting');
  });

  it('accepts the current key: the room goes live, the list shows it, the bus hears it', async () => {
    expect(await nginx({ call: 'publish', name: info.stream, key: info.anchor_secret })).toBe(200);
    const live = await state(liveId);
    expect(live).toMatchObject({ status: 'live', firstStreamAt: expect.any(Date) });
    expect(events.at(-1)).toMatchObject({ live_id: liveId, anchor_id: anchor.id, stream: info.stream, status: 'live', ticketed: false });

    const room = await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: anchor.id } });
    expect(room.data).toMatchObject({ live_status: 1, live: { state: 'live', title: 'Sunday football talk' }, play: { flv: `http://localhost:8000/live/${info.stream}.flv` } });
    expectReplyShape(roomInfoReply, room.data);
    const list = await callRoute<{ list: LiveListItem[]; total: number }>(getLiveList, { body: {} });
    expect(list.data.list.map((item) => item.anchor_id)).toContain(anchor.id);
    expectReplyShape(liveListReply, list.data);
    const football = await callRoute<{ list: LiveListItem[] }>(getLiveList, { body: { category_id: 2, child_category_id: 201 } });
    expect(football.data.list.map((item) => item.anchor_id)).toContain(anchor.id);
    const basketball = await callRoute<{ list: LiveListItem[] }>(getLiveList, { body: { category_id: 1 } });
    expect(basketball.data.list.map((item) => item.anchor_id)).not.toContain(anchor.id);
  });

  it('goes away when the stream stops, and back when it returns (SRS hooks alike)', async () => {
    expect(await nginx({ call: 'publish_done', name: info.stream, key: info.anchor_secret })).toBe(200);
    expect(await state(liveId)).toMatchObject({ status: 'away', awaySince: expect.any(Date) });
    expect((await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: anchor.id } })).data.live_status).toBe(2);
    expect(await srs({ action: 'on_publish', app: 'live', stream: info.stream, param: `?key=${info.anchor_secret}` })).toBe(200);
    expect(await state(liveId)).toMatchObject({ status: 'live', awaySince: null });
    expect(await srs({ action: 'on_unpublish', app: 'live', stream: info.stream, param: `?key=${info.anchor_secret}` })).toBe(200);
    expect((await state(liveId)).status).toBe('away');
  });

  it('ignores a stop report from someone without the key', async () => {
    expect(await nginx({ call: 'publish', name: info.stream, key: info.anchor_secret })).toBe(200);
    expect(await nginx({ call: 'publish_done', name: info.stream, key: 'nope' })).toBe(200);
    expect((await state(liveId)).status).toBe('live');
  });

  it('ends the live once the anchor has been away longer than the grace period', async () => {
    expect(await nginx({ call: 'publish_done', name: info.stream, key: info.anchor_secret })).toBe(200);
    const awaySince = (await state(liveId)).awaySince!;
    const db = await getDb();
    await sweepLives(db, { now: new Date(awaySince.getTime() + (graceSeconds - 1) * 1000), awayGraceSeconds: graceSeconds });
    expect((await state(liveId)).status).toBe('away');
    const report = await sweepLives(db, { now: new Date(awaySince.getTime() + graceSeconds * 1000), awayGraceSeconds: graceSeconds });
    expect(report.awayEnded).toBe(1);
    expect(await state(liveId)).toMatchObject({ status: 'ended', endReason: 'away_timeout' });
    expect(events.at(-1)).toMatchObject({ live_id: liveId, status: 'ended', reason: 'away_timeout' });
    // An ended live takes no more publishes: the anchor starts a new one first.
    expect(await nginx({ call: 'publish', name: info.stream, key: info.anchor_secret })).toBe(403);
  });

  it('refuses a revoked key: after a reset only the new credentials publish', async () => {
    const fresh = (await callRoute<StreamInfo>(resetStreamKey, { credential: anchor.credential })).data;
    ({ liveId } = await startOwnLive(anchor));
    expect(await nginx({ call: 'publish', name: info.stream, key: info.anchor_secret })).toBe(403);
    expect(await nginx({ call: 'publish', name: fresh.stream, key: fresh.anchor_secret })).toBe(200);
    expect((await state(liveId)).status).toBe('live');
    await callRoute(endLive, { credential: anchor.credential });
  });
});

describe('logging out while live (spec §4: the live ends after 5 minutes)', () => {
  it('ends the live 5 minutes after the logout, surviving in the database meanwhile', async () => {
    const anchor = await accountWithRole('1364', 'anchor');
    const { liveId } = await startOwnLive(anchor);
    const db = await getDb();
    expect(await callRoute(logout, { credential: anchor.credential })).toMatchObject({ status: 0 });
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, anchor.id));
    const loggedOutAt = session.revokedAt!;

    await sweepLives(db, { now: new Date(loggedOutAt.getTime() + 1000), awayGraceSeconds: graceSeconds });
    const scheduled = await state(liveId);
    expect(scheduled.status).toBe('waiting');
    // The deadline is a column: a restarted server finds it where this one left it.
    expect(scheduled.autoEndAt?.getTime()).toBe(loggedOutAt.getTime() + logoutGraceMs);

    await sweepLives(db, { now: new Date(loggedOutAt.getTime() + logoutGraceMs - 1000), awayGraceSeconds: graceSeconds });
    expect((await state(liveId)).status).toBe('waiting');
    const report = await sweepLives(db, { now: new Date(loggedOutAt.getTime() + logoutGraceMs), awayGraceSeconds: graceSeconds });
    expect(report.logoutEnded).toBe(1);
    expect(await state(liveId)).toMatchObject({ status: 'ended', endReason: 'logout' });
  });

  it('keeps the live when the anchor signs in again within the 5 minutes', async () => {
    const anchor = await accountWithRole('1364', 'anchor');
    const { liveId } = await startOwnLive(anchor);
    const db = await getDb();
    await callRoute(logout, { credential: anchor.credential });
    await sweepLives(db, { awayGraceSeconds: graceSeconds });
    expect((await state(liveId)).autoEndAt).not.toBeNull();
    await signInBySms(anchor.mobile);
    const report = await sweepLives(db, { now: new Date(Date.now() + logoutGraceMs + 60_000), awayGraceSeconds: graceSeconds });
    expect(report.logoutCleared).toBe(1);
    expect(await state(liveId)).toMatchObject({ status: 'waiting', autoEndAt: null });
  });

  it('leaves a live alone while the anchor is still signed in on another device', async () => {
    const anchor = await accountWithRole('1364', 'anchor');
    const phone = await signInBySms(anchor.mobile, { headers: { 'device-info': 'second-device' } });
    const { liveId } = await startOwnLive(anchor);
    await callRoute(logout, { credential: anchor.credential });
    await sweepLives(await getDb(), { now: new Date(Date.now() + logoutGraceMs * 2), awayGraceSeconds: graceSeconds });
    expect(await state(liveId)).toMatchObject({ status: 'waiting', autoEndAt: null });
    await callRoute(endLive, { credential: credentialOf(phone) });
  });
});

describe('watch history', () => {
  it('records the rooms a signed-in viewer opens, newest first, and forgets them on request', async () => {
    const first = await accountWithRole('1364', 'anchor');
    const second = await accountWithRole('1364', 'anchor');
    await startOwnLive(first);
    await startOwnLive(second, { title: 'Second room' });
    const viewer = await accountWithRole('1364');
    await callRoute(getRoomInfo, { credential: viewer.credential, body: { anchor_id: first.id } });
    await callRoute(getRoomInfo, { credential: viewer.credential, body: { anchor_id: second.id } });
    // A visitor's visit is nobody's history; a GET (a link, an image elsewhere) only reads.
    await callRoute(getRoomInfo, { body: { anchor_id: first.id } });
    const third = await accountWithRole('1364', 'anchor');
    await startOwnLive(third, { title: 'Third room' });
    expect((await callRoute(getRoomInfoGet, { method: 'GET', credential: viewer.credential, path: `/api/live/getRoomInfo?anchor_id=${third.id}` })).status).toBe(0);
    const history = await callRoute<{ list: WatchHistoryItem[] }>(watchHistory, { credential: viewer.credential });
    expect(history.data.list.map((item) => [item.anchor_id, item.title])).toEqual([
      [second.id, 'Second room'],
      [first.id, 'Sunday football talk'],
    ]);
    expectReplyShape(watchHistoryReply, history.data);
    await callRoute(clearWatchHistory, { credential: viewer.credential });
    expect((await callRoute<{ list: WatchHistoryItem[] }>(watchHistory, { credential: viewer.credential })).data.list).toEqual([]);
  });

  it('answers an unknown anchor with a clear message', async () => {
    expect(await callRoute(getRoomInfo, { body: { anchor_id: 999999999 } })).toMatchObject({ status: 1, msg: 'This anchor does not exist.' });
    expect(await callRoute(getRoomInfo, { body: { anchor_id: 'abc' } })).toMatchObject({ status: 1, msg: 'Please choose an anchor' });
  });
});

describe('the demo rooms', () => {
  it('link the demo anchors to the matches the replay has live, the first with ticketed HD', async () => {
    const kevin = await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: 10000002 } });
    const coach = await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: 10000003 } });
    expect(kevin.data).toMatchObject({ anchor: { nick_name: '老K说球' }, live: { state: 'waiting' }, ticket: { required: 1 }, match: { status: 'live' } });
    expect(coach.data).toMatchObject({ anchor: { nick_name: 'Coach Li' }, live: { state: 'waiting' }, ticket: { required: 0 }, match: { status: 'live' } });
    expect(kevin.data.match?.match_id).not.toBe(coach.data.match?.match_id);
    // The room's poster: the match's cover, drawn at a phone's and a desktop's widths.
    const coachMatch = coach.data.match?.match_id;
    expect(coach.data.cover).toBe(`/covers/match/${coachMatch}.svg`);
    expect(coach.data.cover_srcset).toBe([480, 828, 1280, 1920].map((width) => `/covers/match/${coachMatch}-${width}.webp ${width}w`).join(', '));
    expectReplyShape(roomInfoReply, kevin.data);
    expectReplyShape(roomInfoReply, coach.data);
  });
});
