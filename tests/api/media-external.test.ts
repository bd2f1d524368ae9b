// An external media server's side of the rules (nginx-rtmp, SRS): the ladder's rungs announce themselves and are
// offered to players, nginx asks before serving a source's HLS (HD needs the viewer's signature, session and ticket),
// and a recording nginx closed joins its live and becomes the replay. The hooks are those nginx calls.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GET as hlsHook } from '@/app/api/media/hooks/hls/route';
import { POST as playHook } from '@/app/api/media/hooks/play/route';
import { POST as publishHook } from '@/app/api/media/hooks/publish/route';
import { POST as recordHook } from '@/app/api/media/hooks/record/route';
import { getDb } from '@/lib/db';
import { lives, replays, users } from '@/lib/db/schema';
import { getEnv, parseEnv } from '@/lib/env';
import { finishLive } from '@/lib/server/live-state/state';
import { openLive } from '@/lib/server/live/lives';
import { log } from '@/lib/server/log';
import { findFfmpeg } from '@/lib/server/media/ffmpeg';
import { mediaPaths } from '@/lib/server/media/paths';
import { anchorSecretFor, signHdPlay } from '@/lib/server/media/signing';
import { currentStreamKey } from '@/lib/server/media/stream-keys';
import { templatePlayAddress } from '@/lib/server/media/urls';
import { createSession } from '@/lib/server/session/sessions';
import { describeNeeding } from '@/tests/support/needs-tool';

const secret = 'hook-secret-that-is-long-enough-0123456789';
const recordDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-nginx-recordings-'));
// Read at the first getEnv(), which no import makes at load time.
Object.assign(process.env, {
  MEDIA_SERVER: 'external',
  MEDIA_PUSH_URL_TEMPLATE: 'rtmp://media.example/live/{stream}?key={key}',
  MEDIA_HLS_URL_TEMPLATE: 'https://media.example/hls/{stream}/index.m3u8',
  MEDIA_HOOK_SECRET: secret,
  MEDIA_RECORD_DIR: recordDir,
});

beforeAll(() => getDb(), 60_000);
beforeEach(() => {
  jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  jest.spyOn(log, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => fs.rmSync(recordDir, { recursive: true, force: true }));

const hook = (route: string, fields: Record<string, string>) =>
  new Request(`http://app:3000/api/media/hooks/${route}?secret=${secret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

let anchors = 0;
/** An anchor with a live on air through the encoder's publish hook, as nginx reports it. */
async function liveOnAir(ticket = 0) {
  const db = await getDb();
  anchors += 1;
  const [anchor] = await db.insert(users).values({ mobile: `1368800${String(anchors).padStart(4, '0')}`, nickName: 'External Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
  const { stream } = await currentStreamKey(db, anchor.id);
  const live = await openLive(db, anchor.id, { title: 'external', categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket, enableWebrtc: false });
  expect((await publishHook(hook('publish', { call: 'publish', app: 'live', name: stream, key: anchorSecretFor(stream) }))).status).toBe(200);
  return { anchor, stream, live };
}

const row = async (id: number) => (await (await getDb()).select().from(lives).where(eq(lives.id, id)))[0];

describe('the ladder of an external server', () => {
  it('offers each rung once its ffmpeg publishes it, in the ladder’s order, with the source’s height', async () => {
    const { stream, live } = await liveOnAir();
    expect(await row(live.id)).toMatchObject({ status: 'live', renditions: ['src'], hls: true });
    // The source relayed to the ladder application is allowed while the live is open.
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: stream }))).status).toBe(200);
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: `${stream}_480`, source_height: '1080' }))).status).toBe(200);
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: `${stream}_720`, source_height: '1080' }))).status).toBe(200);
    expect(await row(live.id)).toMatchObject({ renditions: ['src', '720', '480'], sourceHeight: 1080 });
    // A rung that goes down is no longer offered.
    expect((await publishHook(hook('publish', { call: 'publish_done', app: 'ladder', name: `${stream}_720` }))).status).toBe(200);
    expect(await row(live.id)).toMatchObject({ renditions: ['src', '480'] });
    // The encoder's next stretch starts from the source alone again; the ladder adds its rungs anew.
    await publishHook(hook('publish', { call: 'publish_done', app: 'live', name: stream, key: anchorSecretFor(stream) }));
    await publishHook(hook('publish', { call: 'publish', app: 'live', name: stream, key: anchorSecretFor(stream) }));
    expect(await row(live.id)).toMatchObject({ status: 'live', renditions: ['src'] });
  });

  it('lets nginx’s own relay of a ticketed source to the ladder play it, and no one else unsigned', async () => {
    const { stream } = await liveOnAir(1);
    const relay = { call: 'play', app: '', flashver: 'ngx-local-relay', addr: '127.0.0.1:1935/ladder', name: stream };
    expect((await playHook(hook('play', relay))).status).toBe(200);
    // A client names an application and its own flash version: it gets the viewer's rule.
    expect((await playHook(hook('play', { ...relay, app: 'live' }))).status).toBe(403);
    expect((await playHook(hook('play', { ...relay, flashver: 'LNX 9,0,124,2' }))).status).toBe(403);
  });

  it('refuses rungs of a stream with no open live, and a height that is not a number counts as unknown', async () => {
    const { stream, live } = await liveOnAir();
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: `${stream}_480`, source_height: 'tall' }))).status).toBe(200);
    expect(await row(live.id)).toMatchObject({ renditions: ['src', '480'], sourceHeight: 0 });
    await finishLive(await getDb(), live.id, 'anchor');
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: `${stream}_720` }))).status).toBe(403);
    expect((await publishHook(hook('publish', { call: 'publish', app: 'ladder', name: stream }))).status).toBe(403);
    expect((await publishHook(hook('publish', { call: 'publish', app: 'elsewhere', name: stream }))).status).toBe(403);
  });

  it('gives players HLS addresses only when no FLV template is set (nginx-rtmp has no HTTP-FLV)', () => {
    expect(templatePlayAddress(getEnv(), '1-abcdefghij', '480', { hls: true })).toEqual({ flv: '', hls: 'https://media.example/hls/1-abcdefghij_480/index.m3u8' });
    const base = { MEDIA_SERVER: 'external', MEDIA_PUSH_URL_TEMPLATE: 'x', MEDIA_HOOK_SECRET: secret };
    expect(parseEnv({ ...base, MEDIA_HLS_URL_TEMPLATE: 'https://media.example/hls/{stream}/index.m3u8' }).MEDIA_FLV_URL_TEMPLATE).toBeUndefined();
    expect(() => parseEnv(base)).toThrow(/MEDIA_FLV_URL_TEMPLATE: or MEDIA_HLS_URL_TEMPLATE is required/);
  });
});

describe('nginx asking before it serves HLS', () => {
  const ask = (uri: string, headers: Record<string, string> = { 'x-media-hook-secret': secret }) =>
    hlsHook(new Request('http://app:3000/api/media/hooks/hls', { headers: { 'x-original-uri': uri, ...headers } }));

  it('lets anyone have the rungs and a free live’s source, and nothing of a stream that is not on air', async () => {
    const { stream } = await liveOnAir();
    expect((await ask(`/hls/${stream}/index.m3u8`)).status).toBe(200);
    expect((await ask(`/hls/${stream}_480/17.ts`)).status).toBe(200);
    expect((await ask('/hls/1-aaaaaaaaaa/index.m3u8')).status).toBe(403);
    expect((await ask('/hls/%E0%A4%A/index.m3u8')).status).toBe(403);
    // Without the secret nginx is not the one asking.
    expect((await ask(`/hls/${stream}/index.m3u8`, {})).status).toBe(403);
  });

  it('gives a ticketed live’s source only with the viewer’s signature, from a session still signed in', async () => {
    const { anchor, stream } = await liveOnAir(1);
    expect((await ask(`/hls/${stream}/index.m3u8`)).status).toBe(403);
    expect((await ask(`/hls/${stream}_480/index.m3u8`)).status).toBe(200);
    const { sessionId } = await createSession(await getDb(), anchor.id);
    const signed = new URLSearchParams(signHdPlay(stream, { id: anchor.id, sessionId })).toString();
    expect((await ask(`/hls/${stream}/index.m3u8?${signed}`)).status).toBe(200);
    // The playlist hands the signature on to its segments (sub_filter in the config): they are asked the same way.
    expect((await ask(`/hls/${stream}/1700000000.ts?${signed}`)).status).toBe(200);
    const forged = new URLSearchParams({ ...signHdPlay(stream, { id: anchor.id, sessionId }), uid: String(anchor.id + 1) }).toString();
    expect((await ask(`/hls/${stream}/index.m3u8?${forged}`)).status).toBe(403);
  });
});

const ffmpeg = findFfmpeg();

describe('recordings nginx hands over', () => {
  const recording = (name: string, bytes = 'flv') => {
    const file = path.join(recordDir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };

  it('refuses files outside MEDIA_RECORD_DIR, of another stream, or of a stream that never had a live', async () => {
    const { stream } = await liveOnAir();
    const outside = path.join(os.tmpdir(), `${stream}-1.flv`);
    fs.writeFileSync(outside, 'flv');
    const refused = (fields: Record<string, string>) => recordHook(hook('record', { call: 'record_done', app: 'live', name: stream, ...fields }));
    expect((await refused({ path: outside })).status).toBe(403);
    expect((await refused({ path: path.join(recordDir, '..', path.basename(outside)) })).status).toBe(403);
    expect((await refused({ path: recording('2-otherstream-1.flv') })).status).toBe(403);
    expect((await refused({ path: recording(`${stream}-1.txt`) })).status).toBe(403);
    expect((await refused({ path: path.join(recordDir, `${stream}-missing.flv`) })).status).toBe(403);
    expect((await recordHook(hook('record', { call: 'record_done', app: 'live', name: '9-nolivehere', path: recording('9-nolivehere-1.flv') }))).status).toBe(403);
    expect((await recordHook(hook('record', { call: 'publish', app: 'live', name: stream, path: recording(`${stream}-2.flv`) }))).status).toBe(403);
    // The files nginx wrote stay where they were.
    expect(fs.existsSync(outside) && fs.existsSync(path.join(recordDir, `${stream}-2.flv`))).toBe(true);
    fs.rmSync(outside);
  });

  it('moves a recording of an open live into its recording folder, to be joined when it ends', async () => {
    const { stream, live } = await liveOnAir();
    const file = recording(`${stream}-1764201600.flv`);
    // The data folder is shared with the worker's other test files, whose lives may have had this id: count what is new.
    const folder = path.join(mediaPaths(getEnv().dataDir).recordings, String(live.id));
    const before = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
    expect((await recordHook(hook('record', { call: 'record_done', app: 'live', name: stream, path: file }))).status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(folder).filter((name) => !before.has(name))).toEqual([expect.stringMatching(/^\d+\.flv$/)]);
  });

  it('takes SRS’s on_dvr the same way (JSON, the file as `file`)', async () => {
    const { stream, live } = await liveOnAir();
    const file = recording(`${stream}-1764201650000.flv`);
    const folder = path.join(mediaPaths(getEnv().dataDir).recordings, String(live.id));
    const before = new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
    const request = new Request(`http://app:3000/api/media/hooks/record?secret=${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'on_dvr', client_id: 'x1', app: 'live', stream, param: '', file }),
    });
    expect((await recordHook(request)).status).toBe(200);
    expect(fs.readdirSync(folder).filter((name) => !before.has(name))).toHaveLength(1);
  });

  describeNeeding('ffmpeg', Boolean(ffmpeg), 'scripts/ensure-ffmpeg.sh')('with ffmpeg', () => {
    it('makes the replay at once when the live has already ended (ending it closed the recording)', async () => {
      const { stream, live } = await liveOnAir();
      const file = path.join(recordDir, `${stream}-1764201700.flv`);
      const made = spawnSync(ffmpeg?.path ?? 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'flv', '-y', file]);
      expect(made.status).toBe(0);
      await finishLive(await getDb(), live.id, 'anchor');
      expect((await recordHook(hook('record', { call: 'record_done', app: 'live', name: stream, path: file }))).status).toBe(200);
      const replay = async () => (await (await getDb()).select().from(replays).where(eq(replays.liveId, live.id)))[0];
      for (let waited = 0; waited < 20_000 && !(await replay()); waited += 200) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await replay()).toMatchObject({ liveId: live.id, file: `live-${live.id}.mp4`, durationSeconds: 4 });
      expect(fs.existsSync(path.join(mediaPaths(getEnv().dataDir).replays, `live-${live.id}.mp4`))).toBe(true);
    });
  });
});
