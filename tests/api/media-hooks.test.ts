// The hook routes with an external media server: only a caller with MEDIA_HOOK_SECRET is heard, and a body
// larger than a hook ever is gets 413 without being read whole.
import { POST as playHook } from '@/app/api/media/hooks/play/route';
import { POST as publishHook } from '@/app/api/media/hooks/publish/route';
import { parseEnv } from '@/lib/env';
import { maxHookBodyBytes, refuseHookCaller } from '@/lib/server/media/hook-requests';
import { log } from '@/lib/server/log';

// Read at the first getEnv(), which no import makes at load time.
const secret = 'hook-secret-that-is-long-enough-0123456789';
Object.assign(process.env, {
  MEDIA_SERVER: 'external',
  MEDIA_PUSH_URL_TEMPLATE: 'rtmp://media.example/live/{stream}?key={key}',
  MEDIA_FLV_URL_TEMPLATE: 'https://media.example/live/{stream}.flv',
  MEDIA_HOOK_SECRET: secret,
});

const form = 'call=publish&app=live&name=10000002-aaaaaaaaaa&key=nope';
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body });

beforeEach(() => jest.spyOn(log, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('refuses a hook without the secret, or with a wrong one, before reading it', async () => {
  for (const hook of [publishHook, playHook]) {
    expect((await hook(post('http://app:3000/api/media/hooks/publish', form))).status).toBe(403);
    expect((await hook(post('http://app:3000/api/media/hooks/publish?secret=guess', form))).status).toBe(403);
    // The encoder's own query arrives in the body: a secret there proves nothing.
    expect((await hook(post('http://app:3000/api/media/hooks/publish', `${form}&secret=${secret}`))).status).toBe(403);
  }
});

it('hears a hook with the secret on its URL or in the header (and then judges the stream as before)', async () => {
  // The stream key is wrong, so the publish itself is refused: 403 from the rules, after the secret was accepted.
  const refused = jest.spyOn(log, 'info').mockImplementation(() => undefined);
  expect((await publishHook(post(`http://app:3000/api/media/hooks/publish?secret=${secret}`, form))).status).toBe(403);
  expect(refused).toHaveBeenCalledWith('publish refused', { stream: '10000002-aaaaaaaaaa', reason: 'bad_key' });
  const done = 'call=play_done&app=live&name=10000002-aaaaaaaaaa';
  expect((await playHook(post('http://app:3000/api/media/hooks/play', done, { 'x-media-hook-secret': secret }))).status).toBe(200);
});

it('answers 413 to a body larger than any hook, declared or streamed', async () => {
  const big = `${form}&pad=${'x'.repeat(maxHookBodyBytes)}`;
  expect((await publishHook(post(`http://app:3000/api/media/hooks/publish?secret=${secret}`, big))).status).toBe(413);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent <= maxHookBodyBytes; sent += 4096) controller.enqueue(new Uint8Array(4096).fill(120));
      controller.close();
    },
  });
  const chunked = new Request(`http://app:3000/api/media/hooks/play?secret=${secret}`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
  expect((await playHook(chunked)).status).toBe(413);
});

it('exist only for an external media server, which must have a secret', () => {
  const embedded = parseEnv({});
  expect(refuseHookCaller(post(`http://app:3000/api/media/hooks/play?secret=${secret}`, form), embedded)?.status).toBe(404);
  expect(() => parseEnv({ MEDIA_SERVER: 'external', MEDIA_PUSH_URL_TEMPLATE: 'x', MEDIA_FLV_URL_TEMPLATE: 'y' })).toThrow(/MEDIA_HOOK_SECRET: is required/);
});
