// The embedded media server with a real encoder: ffmpeg pushes RTMP with an anchor's key, a puller gets FLV
// video over HTTP, a wrong key is refused, HD of a ticketed live plays only signed, the ladder and HLS appear,
// the encoder's bitrate, resolution and frame rate reach the anchor's studio, and the room goes live → away → ended,
// after which the recording becomes a replay. Needs ffmpeg.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { lives, replays, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getBus } from '@/lib/realtime/bus';
import { sweepLives } from '@/lib/server/live/auto-end';
import { openLive } from '@/lib/server/live/lives';
import { testPatternArgs } from '@/lib/server/media/demo-streams';
import { freePort } from '@/tests/support/free-port';
import { createEmbeddedMediaServer, type EmbeddedMediaServer } from '@/lib/server/media/embedded';
import { latestEncoderSample } from '@/lib/server/media/encoder-stats';
import { findFfmpeg, runFfmpeg, type ManagedProcess } from '@/lib/server/media/ffmpeg';
import { probeFlv } from '@/lib/server/media/flv-reader';
import { mediaPaths } from '@/lib/server/media/paths';
import { isRendition, renditionStream } from '@/lib/server/media/renditions';
import { anchorSecretFor, signHdPlay } from '@/lib/server/media/signing';
import { currentStreamKey } from '@/lib/server/media/stream-keys';
import { replayRecorder } from '@/lib/server/replays/finalize';
import { createSession, revokeSession } from '@/lib/server/session/sessions';
import { videoClockUuidBytes } from '@/lib/validation/video-clock';
import { readFlvClocks } from '@/tests/support/flv-clock';
import { describeNeeding } from '@/tests/support/needs-tool';

const ffmpeg = findFfmpeg();
const describeWithFfmpeg = describeNeeding('ffmpeg', Boolean(ffmpeg), 'run scripts/ensure-ffmpeg.sh as root');

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describeWithFfmpeg('the embedded media server with a real RTMP push', () => {
  let server: EmbeddedMediaServer;
  let rtmpPort: number;
  let httpPort: number;
  let anchorId: number;
  /** The anchor watching their own HD (no ticket needed), signed in. */
  let anchorSession: number;
  let stream: string;
  let liveId: number;
  let pusher: ManagedProcess | undefined;
  const started: ManagedProcess[] = [];
  const graceSeconds = 60;

  const liveRow = async () => (await (await getDb()).select().from(lives).where(eq(lives.id, liveId)))[0];
  const push = (key: string) => {
    const child = runFfmpeg(ffmpeg!.path, testPatternArgs(ffmpeg!, `rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=${key}`, { size: '1280x720' }), 'test pusher');
    started.push(child);
    return child;
  };
  const flvUrl = (name: string, query = '') => `http://127.0.0.1:${httpPort}/live/${name}.flv${query}`;

  beforeAll(async () => {
    const db = await getDb();
    [rtmpPort, httpPort] = [await freePort(), await freePort()];
    const [anchor] = await db.insert(users).values({ mobile: '13680000001', nickName: 'Media Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
    anchorId = anchor.id;
    anchorSession = (await createSession(db, anchorId, 'media-test')).sessionId;
    stream = (await currentStreamKey(db, anchorId)).stream;
    // A ticketed live: its source (HD) plays only with the viewer's signature; the 480p rung is free.
    const live = await openLive(db, anchorId, { title: 'Media test', categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket: 1, enableWebrtc: false });
    liveId = live.id;
    server = createEmbeddedMediaServer({
      env: getEnv(),
      db,
      bus: getBus(),
      ffmpeg,
      bind: '127.0.0.1',
      node: 'media-test',
      rtmpPort,
      httpPort,
      dataDir: getEnv().dataDir,
      transcode: true,
      record: true,
      recordings: replayRecorder,
    });
    await server.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(started.map((child) => child.stop()));
    await server?.stop();
  }, 30_000);

  it('reports itself healthy on free ports', () => {
    expect(server.health()).toBe('ok');
  });

  it('refuses a push with a wrong key: the encoder is disconnected and the room stays not started', async () => {
    const wrong = push('0'.repeat(32));
    const code = await Promise.race([wrong.exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 10_000))]);
    expect(code).not.toBe('running');
    expect(code).not.toBe(0);
    expect((await liveRow()).status).toBe('waiting');
  }, 20_000);

  it('takes the anchor’s push: the room goes live and a puller gets FLV video', async () => {
    pusher = push(anchorSecretFor(stream));
    const live = await waitFor('the live to go on air', async () => ((await liveRow()).status === 'live' ? liveRow() : undefined));
    expect(live.renditions).toEqual(['src', '480']);
    expect(live.sourceHeight).toBe(720);
    expect(live.hls).toBe(true);

    const signed = signHdPlay(stream, { id: anchorId, sessionId: anchorSession });
    const hd = await probeFlv(flvUrl(stream, `?${new URLSearchParams(signed).toString()}`), 15_000);
    expect(hd).toMatchObject({ status: 200, header: true });
    expect(hd.firstVideoTagMs).toBeDefined();

    const rung = await waitFor('the 480p rendition', async () => {
      const probe = await probeFlv(flvUrl(`${stream}_480`), 5000);
      return probe.firstVideoTagMs !== undefined ? probe : undefined;
    });
    expect(rung.header).toBe(true);
  }, 60_000);

  it('opens every rendition’s FLV with an H.264 decoder configuration a player can use', async () => {
    const { renditions } = await liveRow();
    const hdQuery = `?${new URLSearchParams(signHdPlay(stream, { id: anchorId, sessionId: anchorSession })).toString()}`;
    for (const rendition of renditions.filter(isRendition)) {
      const probe = await probeFlv(flvUrl(renditionStream(stream, rendition), rendition === 'src' ? hdQuery : ''), 10_000);
      // A transcoded rung without global headers starts with an empty record (17 00 00 00 00): nothing decodes.
      expect({ rendition, config: probe.videoConfig }).toEqual({ rendition, config: { profile: expect.any(Number), level: expect.any(Number), sps: 1, pps: 1 } });
    }
  }, 40_000);

  it('refuses HD of the ticketed live without a valid signature', async () => {
    for (const query of ['', `?${new URLSearchParams({ ...signHdPlay(stream, { id: anchorId, sessionId: anchorSession }), uid: '4243' }).toString()}`]) {
      const probe = await probeFlv(flvUrl(stream, query), 5000);
      expect(probe.firstVideoTagMs).toBeUndefined();
      expect(probe.header).toBe(false);
    }
  }, 20_000);

  it('ends an HD play whose session has ended or that holds no ticket, and keeps a valid one', async () => {
    const db = await getDb();
    /** Milliseconds until the server ends the response, or undefined when it was still playing after `ms`. */
    const endsWithin = (url: string, ms: number) =>
      new Promise<number | undefined>((resolve) => {
        const started = Date.now();
        const request = http.get(url, { agent: false }, (response) => {
          response.on('data', () => undefined);
          response.on('close', () => resolve(Date.now() - started));
        });
        request.on('error', () => resolve(Date.now() - started));
        setTimeout(() => {
          request.destroy();
          resolve(undefined);
        }, ms);
      });
    const [viewer] = await db.insert(users).values({ mobile: '13680000002', nickName: 'No ticket', brandId: 'sportcast' }).returning();
    const noTicket = signHdPlay(stream, { id: viewer.id, sessionId: (await createSession(db, viewer.id, 'media-test')).sessionId });
    const loggedOut = await createSession(db, anchorId, 'media-test-2');
    const ended = signHdPlay(stream, { id: anchorId, sessionId: loggedOut.sessionId });
    await revokeSession(db, loggedOut.sessionId);
    const valid = signHdPlay(stream, { id: anchorId, sessionId: anchorSession });
    const [withoutTicket, afterLogout, kept] = await Promise.all([
      endsWithin(flvUrl(stream, `?${new URLSearchParams(noTicket).toString()}`), 4000),
      endsWithin(flvUrl(stream, `?${new URLSearchParams(ended).toString()}`), 4000),
      endsWithin(flvUrl(stream, `?${new URLSearchParams(valid).toString()}`), 4000),
    ]);
    expect(withoutTicket).toBeLessThan(3000);
    expect(afterLogout).toBeLessThan(3000);
    expect(kept).toBeUndefined();
  }, 20_000);

  it('stamps every frame of every rendition with when it reached the server, over FLV and in the HLS segments', async () => {
    const { renditions } = await liveRow();
    const hdQuery = `?${new URLSearchParams(signHdPlay(stream, { id: anchorId, sessionId: anchorSession })).toString()}`;
    for (const rendition of renditions.filter(isRendition)) {
      const pulledAt = Date.now();
      const frames = await readFlvClocks(flvUrl(renditionStream(stream, rendition), rendition === 'src' ? hdQuery : ''), 2500);
      expect(frames.length).toBeGreaterThan(20);
      // Every frame, the cached ones a player starts with included.
      expect({ rendition, unstamped: frames.filter((frame) => frame.wallMs === null).length }).toEqual({ rendition, unstamped: 0 });
      const walls = frames.map((frame) => frame.wallMs!);
      // Ingest times of the last seconds (the cache holds at most a few), in order, one clock with the timestamps.
      expect(Math.min(...walls)).toBeGreaterThan(pulledAt - 10_000);
      expect(Math.max(...walls)).toBeLessThanOrEqual(Date.now());
      const offsets = frames.map((frame) => frame.wallMs! - frame.dts);
      expect({ rendition, spread: Math.max(...offsets) - Math.min(...offsets) < 250 }).toEqual({ rendition, spread: true });
    }
    const hls = mediaPaths(getEnv().dataDir).hls;
    for (const rendition of ['src', '480']) {
      const segment = await waitFor(`a ${rendition} HLS segment`, async () => {
        const dir = path.join(hls, stream, rendition);
        const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.ts')) : [];
        return names.length > 0 ? fs.readFileSync(path.join(dir, names[0])) : undefined;
      });
      expect({ rendition, stamped: segment.includes(Buffer.from(videoClockUuidBytes())) }).toEqual({ rendition, stamped: true });
    }
  }, 60_000);

  it('writes HLS for the source and the rung', async () => {
    const hls = mediaPaths(getEnv().dataDir).hls;
    for (const rendition of ['src', '480']) {
      // Three 2-second segments: the stream has also been recorded long enough to make a replay.
      const playlist = await waitFor(`three segments of the ${rendition} playlist`, async () => {
        const file = path.join(hls, stream, rendition, 'index.m3u8');
        const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        return (text.match(/\.ts$/gm) ?? []).length >= 3 ? text : undefined;
      });
      expect(playlist).toContain('#EXTM3U');
      expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
    }
  }, 40_000);

  it('reports what the encoder sends to the anchor’s studio: bitrate, resolution and frame rate', async () => {
    const measured = await waitFor('an encoder report with a bitrate', async () => {
      const sample = await latestEncoderSample(getBus(), liveId);
      return sample && sample.bitrate_kbps > 0 ? sample : undefined;
    });
    expect(measured).toMatchObject({ width: 1280, height: 720, fps: 30 });
    // The pattern is encoded at 1500 kbit/s video and 64 kbit/s audio; a 2-second window swings around that.
    expect(measured.bitrate_kbps).toBeGreaterThan(300);
    expect(measured.bitrate_kbps).toBeLessThan(6000);
  }, 20_000);

  it('marks the anchor away when the encoder drops, and ends the live after the grace period', async () => {
    await pusher!.stop();
    const away = await waitFor('the room to show the anchor away', async () => ((await liveRow()).status === 'away' ? liveRow() : undefined));
    const db = await getDb();
    await sweepLives(db, { now: new Date(away.awaySince!.getTime() + graceSeconds * 1000), awayGraceSeconds: graceSeconds });
    expect(await liveRow()).toMatchObject({ status: 'ended', endReason: 'away_timeout' });

    // The media side hears the end: the recording becomes a replay, the HLS goes.
    const replay = await waitFor('the replay', async () => (await db.select().from(replays).where(eq(replays.liveId, liveId)))[0], 40_000);
    expect(replay.durationSeconds).toBeGreaterThanOrEqual(3);
    await waitFor('the HLS to be removed', async () => (fs.existsSync(path.join(mediaPaths(getEnv().dataDir).hls, stream)) ? undefined : true));
    expect(server.stats()).toMatchObject({ publishers: 0, pipelines: 0 });
  }, 90_000);

  it('leaves no encoder or pipeline running', async () => {
    expect(started.every((child) => !child.running() && !isAlive(child.pid))).toBe(true);
  });
});
