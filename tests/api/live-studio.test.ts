// The anchor's studio (issue 18, docs/live.md): the encoder status of their open live (state, figures the media
// server reports on the bus, viewers) and, once it ended, its summary with the replay's progress. Anchors only, each
// their own lives; a viewer is refused in their language.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { POST as follow } from '@/app/api/anchor/attentAnchor/route';
import { POST as encoderStatus } from '@/app/api/live/encoderStatus/route';
import { POST as liveSummary } from '@/app/api/live/liveSummary/route';
import { POST as endLive } from '@/app/webapi/live/endLive/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { lives, replays } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getBus } from '@/lib/realtime/bus';
import type { StartedLive } from '@/lib/validation/live';
import { markStreamAway, markStreamLive } from '@/lib/server/live-state/state';
import { reportEncoders } from '@/lib/server/media/encoder-stats';
import { mediaPaths } from '@/lib/server/media/paths';
import { encoderStatusReply, liveSummaryReply, type EncoderStatus, type LiveSummary } from '@/lib/validation/anchor-studio';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, startLivePayload, type Account } from './live-helpers';

const zh = { lang: 'zh_cn' };

beforeAll(() => getDb(), 60_000);

let anchor: Account;
let otherAnchor: Account;
let viewer: Account;
let earlyFan: Account;

beforeAll(async () => {
  anchor = await accountWithRole('1362', 'anchor');
  otherAnchor = await accountWithRole('1362', 'anchor');
  viewer = await accountWithRole('1362');
  earlyFan = await accountWithRole('1362');
}, 60_000);

async function status(account: Account): Promise<EncoderStatus> {
  const reply = await callRoute<EncoderStatus>(encoderStatus, { credential: account.credential });
  expect(reply.status).toBe(0);
  // The browser parses the reply with this schema: the handler's answer must fit it.
  return encoderStatusReply.parse(reply.data);
}

async function summaryOf(account: Account, liveId: number) {
  return callRoute<LiveSummary>(liveSummary, { credential: account.credential, body: { live_id: liveId } });
}

async function start(account: Account): Promise<number> {
  const started = await callRoute<StartedLive>(startLive, { credential: account.credential, body: startLivePayload({ title: 'Studio test' }) });
  if (started.status !== 0) throw new Error(started.msg);
  return started.data.live_id;
}

/** Waits for the report to arrive (the bus delivers in order, but the first call of a process starts listening). */
async function statusWithEncoder(account: Account, report: () => Promise<void>): Promise<EncoderStatus> {
  await status(account);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await report();
    const current = await status(account);
    if (current.encoder) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no encoder figures');
}

describe('who may ask', () => {
  it.each([
    ['encoderStatus', encoderStatus, {}],
    ['liveSummary', liveSummary, { live_id: 1 }],
  ])('refuses %s to a viewer, in their language', async (_name, handler, body) => {
    expect(await callRoute(handler, { credential: viewer.credential, body })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.', data: null });
    expect(await callRoute(handler, { credential: viewer.credential, body, headers: zh })).toMatchObject({ status: 1, msg: '您没有权限执行此操作。', data: null });
  });

  it('asks a visitor to log in (status 2)', async () => {
    expect(await callRoute(encoderStatus, {})).toMatchObject({ status: 2, msg: 'Login timed out. Please log in again.' });
    expect(await callRoute(liveSummary, { body: { live_id: 1 } })).toMatchObject({ status: 2 });
  });
});

describe('encoderStatus', () => {
  let liveId: number;

  afterAll(() => callRoute(endLive, { credential: anchor.credential }));

  it('has no live to describe before the anchor starts one', async () => {
    expect(await status(anchor)).toEqual({ live: null, encoder: null });
  });

  it('waits for the encoder after Start live, with no figures', async () => {
    liveId = await start(anchor);
    const before = Math.floor(Date.now() / 1000);
    const current = await status(anchor);
    expect(current).toMatchObject({ live: { live_id: liveId, title: 'Studio test', state: 'waiting', stream_started_at: 0, ends_at: 0, viewers: 0 }, encoder: null });
    expect(current.live!.started_at).toBeGreaterThanOrEqual(before - 5);
    // Another anchor's studio knows nothing of it.
    expect(await status(otherAnchor)).toEqual({ live: null, encoder: null });
  });

  it('shows what the media server measures while the stream is up, and the viewers', async () => {
    const db = await getDb();
    await markStreamLive(db, liveId, { renditions: ['src'], sourceHeight: 720, hls: false });
    await db.update(lives).set({ viewers: 7, peakViewers: 9 }).where(eq(lives.id, liveId));
    const current = await statusWithEncoder(anchor, () =>
      reportEncoders(getBus(), [{ live_id: liveId, bitrate_kbps: 2480, width: 1280, height: 720, fps: 30, at: Date.now() }]),
    );
    expect(current).toMatchObject({
      live: { live_id: liveId, state: 'live', viewers: 7, peak_viewers: 9 },
      encoder: { bitrate_kbps: 2480, width: 1280, height: 720, fps: 30 },
    });
    expect(current.live!.stream_started_at).toBeGreaterThan(0);
  });

  it('drops figures the media server stopped reporting', async () => {
    await reportEncoders(getBus(), [{ live_id: liveId, bitrate_kbps: 2480, width: 1280, height: 720, fps: 30, at: Date.now() - 60_000 }]);
    expect((await status(anchor)).encoder).toBeNull();
  });

  it('says when an away live ends by itself, and shows no figures meanwhile', async () => {
    const awaySince = new Date(Date.now() - 30_000);
    await markStreamAway(await getDb(), liveId, awaySince);
    await reportEncoders(getBus(), [{ live_id: liveId, bitrate_kbps: 100, width: 640, height: 360, fps: 25, at: Date.now() }]);
    const current = await status(anchor);
    expect(current.live).toMatchObject({ state: 'away', ends_at: Math.floor(awaySince.getTime() / 1000) + getEnv().LIVE_AWAY_GRACE_SECONDS });
    expect(current.encoder).toBeNull();
  });
});

describe('liveSummary', () => {
  let liveId: number;
  const recordingDir = () => path.join(mediaPaths(getEnv().dataDir).recordings, String(liveId));

  beforeAll(async () => {
    // A fan from before the live is not one gained by it.
    expect((await callRoute(follow, { credential: earlyFan.credential, body: { anchorid: otherAnchor.id } })).status).toBe(0);
    liveId = await start(otherAnchor);
  });

  afterAll(() => fs.rmSync(recordingDir(), { recursive: true, force: true }));

  it('refuses a live that is still open', async () => {
    expect(await summaryOf(otherAnchor, liveId)).toMatchObject({ status: 1, msg: 'This live has not ended yet.' });
  });

  it('sums up the ended live: time on air, peak viewers, followers gained during it', async () => {
    const db = await getDb();
    await markStreamLive(db, liveId, { renditions: ['src'], sourceHeight: 720, hls: true }, new Date(Date.now() - 95_000));
    await db.update(lives).set({ peakViewers: 12 }).where(eq(lives.id, liveId));
    expect((await callRoute(follow, { credential: viewer.credential, body: { anchorid: otherAnchor.id } })).status).toBe(0);
    // The media role is still turning the recording into a replay.
    fs.mkdirSync(recordingDir(), { recursive: true });
    expect((await callRoute(endLive, { credential: otherAnchor.credential })).status).toBe(0);

    const reply = await summaryOf(otherAnchor, liveId);
    expect(reply.status).toBe(0);
    const summary = liveSummaryReply.parse(reply.data);
    expect(summary).toMatchObject({ live_id: liveId, anchor_id: otherAnchor.id, title: 'Studio test', peak_viewers: 12, new_followers: 1, replay: { state: 'processing', replay_id: 0 } });
    expect(summary.duration).toBeGreaterThanOrEqual(94);
    expect(summary.duration).toBeLessThanOrEqual(100);
    expect(summary.ended_at).toBeGreaterThanOrEqual(summary.started_at);
  });

  it('links the replay once it is ready', async () => {
    const db = await getDb();
    const [replay] = await db.insert(replays).values({ liveId, anchorId: otherAnchor.id, file: `live-${liveId}.mp4`, durationSeconds: 93, sizeBytes: 1000 }).returning();
    fs.rmSync(recordingDir(), { recursive: true, force: true });
    expect((await summaryOf(otherAnchor, liveId)).data.replay).toEqual({ state: 'ready', replay_id: replay.id, duration: 93 });
  });

  it('says no replay will come when the media role kept no recording', async () => {
    const bare = await start(anchor);
    expect((await callRoute(endLive, { credential: anchor.credential })).status).toBe(0);
    expect((await summaryOf(anchor, bare)).data).toMatchObject({ duration: 0, new_followers: 0, replay: { state: 'none', replay_id: 0, duration: 0 } });
  });

  it("treats another anchor's live as not found, in the caller's language", async () => {
    expect(await summaryOf(anchor, liveId)).toMatchObject({ status: 1, msg: 'This live was not found.', data: null });
    expect(await callRoute(liveSummary, { credential: anchor.credential, body: { live_id: liveId }, headers: zh })).toMatchObject({ status: 1, msg: '没有找到这场直播。' });
  });

  it('asks for a live when the id is missing or not one', async () => {
    expect(await callRoute(liveSummary, { credential: anchor.credential, body: {} })).toMatchObject({ status: 1, msg: 'Please choose a live' });
    expect(await callRoute(liveSummary, { credential: anchor.credential, body: { live_id: 'abc' }, headers: zh })).toMatchObject({ status: 1, msg: '请选择直播' });
  });
});
