// Replays: an ended live's recording segments become one seekable MP4 (with ffmpeg), listed for
// /liveMatchesReplay and /anchorReplay/{id}, and served with byte ranges.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq, max } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as getAnchorInfo } from '@/app/api/anchor/getAnchorInfo/route';
import { POST as getReplayEvents } from '@/app/api/live/getReplayEvents/route';
import { POST as getReplayInfo } from '@/app/api/live/getReplayInfo/route';
import { POST as getReplayList } from '@/app/api/live/getReplayList/route';
import { GET as replayFile, HEAD as replayHead } from '@/app/api/media/replays/[file]/route';
import { getDb } from '@/lib/db';
import { lives, matchEvents, replays, ticketGrants, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { replayEventsReply, replayItemSchema, replayListReply, type AnchorInfo, type ReplayEvents, type ReplayItem } from '@/lib/validation/live';
import { findFfmpeg } from '@/lib/server/media/ffmpeg';
import { mediaPaths } from '@/lib/server/media/paths';
import { finalizeRecording } from '@/lib/server/replays/finalize';
import { createSession } from '@/lib/server/session/sessions';
import { callRoute } from '@/tests/support/call-route';
import { describeNeeding } from '@/tests/support/needs-tool';
import { expectReplyShape } from '@/tests/support/reply-shape';

beforeAll(() => getDb(), 60_000);

let anchors = 0;

async function endedLive(title: string, categoryId = 2, childCategoryId = 201, ticket = 0) {
  const db = await getDb();
  anchors += 1;
  const [anchor] = await db.insert(users).values({ mobile: `1367000${String(anchors).padStart(4, '0')}`, nickName: 'Replay Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
  const [live] = await db
    .insert(lives)
    .values({ anchorId: anchor.id, stream: `${anchor.id}-replaytest`, title, categoryId, childCategoryId, matchId: 1033, ticket, status: 'ended', endedAt: new Date(), endReason: 'anchor', firstStreamAt: new Date(Date.now() - 60_000) })
    .returning();
  return { anchor, live };
}

async function replayWithFile(bytes: Buffer, title = 'Replay under test', ticket = 0) {
  const { anchor, live } = await endedLive(title, 2, 201, ticket);
  const dir = mediaPaths(getEnv().dataDir).replays;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `live-${live.id}.mp4`), bytes);
  const [replay] = await (await getDb()).insert(replays).values({ liveId: live.id, anchorId: anchor.id, file: `live-${live.id}.mp4`, durationSeconds: 95, sizeBytes: bytes.length }).returning();
  return { anchor, live, replay };
}

const fetchReplay = (id: number | string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  (method === 'GET' ? replayFile : replayHead)(new NextRequest(`http://localhost:3000/api/media/replays/${id}.mp4`, { method, headers }), { params: Promise.resolve({ file: `${id}.mp4` }) });

describe('replay lists', () => {
  it('lists replays newest first, by anchor, with the linked match and a seekable address', async () => {
    const first = await replayWithFile(Buffer.from('first'), 'First replay');
    const second = await replayWithFile(Buffer.from('second'), 'Second replay');
    const all = await callRoute<{ list: ReplayItem[]; total: number }>(getReplayList, { body: {} });
    expect(all.data.list.slice(0, 2).map((item) => item.title)).toEqual(['Second replay', 'First replay']);
    const own = await callRoute<{ list: ReplayItem[]; total: number }>(getReplayList, { body: { anchor_id: first.anchor.id } });
    expect(own.data).toMatchObject({ total: 1, list: [{ id: first.replay.id, anchor_id: first.anchor.id, duration: 95, url: `/api/media/replays/${first.replay.id}.mp4`, match: { match_id: 1033 } }] });
    expectReplyShape(replayListReply, own.data);
    const info = await callRoute<ReplayItem>(getReplayInfo, { body: { replay_id: second.replay.id } });
    expect(info.data).toMatchObject({ title: 'Second replay', nick_name: 'Replay Anchor' });
    expectReplyShape(replayItemSchema, info.data);
    expect(await callRoute(getReplayInfo, { body: { replay_id: 999999 } })).toMatchObject({ status: 1, msg: 'This replay does not exist.' });
    const anchorPage = await callRoute<AnchorInfo>(getAnchorInfo, { body: { anchor_id: first.anchor.id } });
    expect(anchorPage.data.replays).toBe(1);
  });

  it('filters by category', async () => {
    await replayWithFile(Buffer.from('x'), 'Football replay');
    const basketball = await callRoute<{ list: ReplayItem[] }>(getReplayList, { body: { category_id: 1 } });
    expect(basketball.data.list.map((item) => item.title)).not.toContain('Football replay');
    const football = await callRoute<{ list: ReplayItem[] }>(getReplayList, { body: { category_id: 2 } });
    expect(football.data.list.map((item) => item.title)).toContain('Football replay');
  });
});

describe('serving a replay with byte ranges', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
  let id: number;
  beforeAll(async () => {
    id = (await replayWithFile(bytes)).replay.id;
  });

  it('serves the whole file, saying ranges are accepted', async () => {
    const response = await fetchReplay(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  it('serves the asked range with 206 and Content-Range, as a seek does', async () => {
    const response = await fetchReplay(id, { range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(response.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetchReplay(id, { range: 'bytes=-10' });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(990));
  });

  it('answers 416 past the end, the whole file to a stale If-Range, and headers only to HEAD', async () => {
    const past = await fetchReplay(id, { range: 'bytes=5000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    expect((await fetchReplay(id, { range: 'bytes=0-9', 'if-range': '"other-version"' })).status).toBe(200);
    const head = await fetchReplay(id, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
  });

  it('answers 404 for unknown replays and names that are not replay ids', async () => {
    expect((await fetchReplay(999999)).status).toBe(404);
    expect((await fetchReplay('../../etc/passwd')).status).toBe(404);
  });
});

describe('the replay of a ticketed live', () => {
  it('follows the live’s rule: its anchor and the ticket holders only, whatever id is tried', async () => {
    const { anchor, live, replay } = await replayWithFile(Buffer.from('hd recording'), 'Ticketed replay', 1);
    const db = await getDb();
    const [holder, stranger] = await db
      .insert(users)
      .values([
        { mobile: '13671110001', nickName: 'Holder', brandId: 'sportcast' },
        { mobile: '13671110002', nickName: 'Stranger', brandId: 'sportcast' },
      ])
      .returning();
    await db.insert(ticketGrants).values({ userId: holder.id, liveId: live.id });
    const bearer = async (userId: number) => ({ authorization: `Bearer ${(await createSession(db, userId)).credential}` });

    expect((await fetchReplay(replay.id)).status).toBe(403);
    expect((await fetchReplay(replay.id, await bearer(stranger.id))).status).toBe(403);
    expect((await fetchReplay(replay.id, { range: 'bytes=0-3' })).status).toBe(403);
    const held = await fetchReplay(replay.id, await bearer(holder.id));
    expect(held.status).toBe(200);
    expect(held.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Buffer.from(await held.arrayBuffer()).toString()).toBe('hd recording');
    expect((await fetchReplay(replay.id, await bearer(anchor.id))).status).toBe(200);
  });
});

describe('a replay’s match moments (issue 27)', () => {
  // A recording of two stretches, begun after the match's events so far: 100 s, the stream down for 20 s, then 30 s more.
  async function recordedMatch() {
    const { replay, live } = await replayWithFile(Buffer.from('recording'), 'Netherlands v Qatar, replayed');
    const [{ latest }] = await (await getDb()).select({ latest: max(matchEvents.createdAt) }).from(matchEvents).where(eq(matchEvents.matchId, live.matchId!));
    const startedAtMs = latest!.getTime() + 1_000;
    const timeline = [
      { startedAtMs, offsetSeconds: 0, seconds: 100 },
      { startedAtMs: startedAtMs + 120_000, offsetSeconds: 100, seconds: 30 },
    ];
    const db = await getDb();
    await db.update(replays).set({ timeline, durationSeconds: 130 }).where(eq(replays.id, replay.id));
    const at = (secondsAfterStart: number) => new Date(startedAtMs + secondsAfterStart * 1000);
    const base = { matchId: live.matchId!, period: 2, side: 'home' as const, playerName: 'Cody Gakpo' };
    await db.insert(matchEvents).values([
      { ...base, seq: 901, sourceKey: `test-${replay.id}:yellow`, kind: 'yellow', minute: 55, createdAt: at(30) },
      // While the stream was down: shown where it came back.
      { ...base, seq: 902, sourceKey: `test-${replay.id}:goal`, kind: 'goal', minute: 60, homeScore: 2, awayScore: 0, createdAt: at(110) },
      { ...base, seq: 903, sourceKey: `test-${replay.id}:sub`, kind: 'substitution', minute: 62, playerName: 'Wout Weghorst', relatedPlayerName: 'Cody Gakpo', createdAt: at(125) },
      // After the recording ended: left out, it would tell what the replay does not show.
      { ...base, seq: 904, sourceKey: `test-${replay.id}:late`, kind: 'goal', minute: 88, homeScore: 3, awayScore: 0, createdAt: at(200) },
    ]);
    return replay;
  }

  it('places each event where the recording shows it and starts from the score it began with', async () => {
    const replay = await recordedMatch();
    const reply = await callRoute<ReplayEvents>(getReplayEvents, { body: { replay_id: replay.id } });
    expect(reply.status).toBe(0);
    expectReplyShape(replayEventsReply, reply.data);
    // Netherlands v Qatar was 1–0 (Gakpo 26') when the seeded replay reached it, before this recording.
    expect(reply.data.start_score).toEqual({ home: 1, away: 0 });
    const mine = reply.data.events.filter((event) => event.seq > 900);
    expect(mine.map((event) => [event.kind, event.minute, event.offset])).toEqual([
      ['yellow', 55, 30],
      ['goal', 60, 100],
      ['substitution', 62, 105],
    ]);
    expect(mine[2]).toMatchObject({ player: 'Wout Weghorst', related_player: 'Cody Gakpo' });
  });

  it('has none for a live without a match, and says so plainly for a replay that does not exist', async () => {
    const { replay, live } = await replayWithFile(Buffer.from('talk show'), 'Studio talk');
    await (await getDb()).update(lives).set({ matchId: null }).where(eq(lives.id, live.id));
    expect((await callRoute<ReplayEvents>(getReplayEvents, { body: { replay_id: replay.id } })).data).toEqual({ start_score: null, events: [] });
    const missing = await callRoute(getReplayEvents, { body: { replay_id: 99_999_999 } });
    expect(missing).toMatchObject({ httpStatus: 200, status: 1 });
    expect(missing.msg).toBeTruthy();
    const malformed = await callRoute(getReplayEvents, { body: { replay_id: 'seven' } });
    expect(malformed).toMatchObject({ status: 1 });
  });
});

const ffmpeg = findFfmpeg();
const withFfmpeg = describeNeeding('ffmpeg', Boolean(ffmpeg), 'run scripts/ensure-ffmpeg.sh as root');

withFfmpeg('turning a recording into a replay (needs ffmpeg)', () => {
  it('joins the segments of an ended live into one MP4 with its index first, and lists it', async () => {
    const { live } = await endedLive('Recorded live');
    const paths = mediaPaths(getEnv().dataDir);
    const dir = path.join(paths.recordings, String(live.id));
    fs.mkdirSync(dir, { recursive: true });
    for (const [index, start] of [1700000000000, 1700000060000].entries()) {
      const made = spawnSync(ffmpeg!.path, [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=2`,
        '-f', 'lavfi', '-i', `sine=frequency=${440 + index * 220}:duration=2`,
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
        '-f', 'flv', path.join(dir, `${start}.flv`),
      ]);
      expect(made.status).toBe(0);
    }
    const replay = await finalizeRecording(await getDb(), ffmpeg!, paths, live.id);
    expect(replay).toMatchObject({ liveId: live.id, file: `live-${live.id}.mp4` });
    expect(replay!.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(replay!.durationSeconds).toBeLessThanOrEqual(5);
    const mp4 = fs.readFileSync(path.join(paths.replays, replay!.file));
    // faststart: the index (moov) comes before the media (mdat), so a seek needs no full download.
    expect(mp4.indexOf('moov')).toBeGreaterThan(0);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    expect(fs.existsSync(dir)).toBe(false);
    const [row] = await (await getDb()).select().from(replays).where(eq(replays.liveId, live.id));
    expect(row.sizeBytes).toBe(mp4.length);
    // Each stretch of the stream is placed in the file, from its segment's name and length: what the seek bar's
    // match moments are placed by.
    expect(row.timeline.map((stretch) => stretch.startedAtMs)).toEqual([1700000000000, 1700000060000]);
    expect(row.timeline[0].offsetSeconds).toBe(0);
    expect(row.timeline[1].offsetSeconds).toBeCloseTo(row.timeline[0].seconds, 5);
    for (const stretch of row.timeline) expect(stretch.seconds).toBeGreaterThan(1.5);
  }, 60_000);

  it('leaves the recording of a live that is still open alone', async () => {
    const { live } = await endedLive('Still open');
    const db = await getDb();
    await db.update(lives).set({ status: 'away', endedAt: null, endReason: null }).where(eq(lives.id, live.id));
    const dir = path.join(mediaPaths(getEnv().dataDir).recordings, String(live.id));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '1700000000000.flv'), Buffer.from('FLV'));
    expect(await finalizeRecording(db, ffmpeg!, mediaPaths(getEnv().dataDir), live.id)).toBeUndefined();
    expect(fs.existsSync(path.join(dir, '1700000000000.flv'))).toBe(true);
  });
});
