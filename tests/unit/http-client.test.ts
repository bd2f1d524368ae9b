import './http-globals';
import { parseEnv } from '@/lib/env';
import { obfuscate } from '@/lib/crypto/obfuscation';
import { ApiError, unregisteredMobileHash } from '@/lib/http/api-error';
import { createApiClient, type ApiClientOptions } from '@/lib/http/client';
import { defaultResponseObfuscationKey, requestTimeoutMs } from '@/lib/http/config';
import { saveStoredSession } from '@/lib/http/stored-session';

const baseUrl = 'https://api.sportcast.example';
const key = defaultResponseObfuscationKey;

/** A client whose fetch answers with `reply` and records every request it saw. */
function clientReplying(reply: (request: Request) => Response | Promise<Response>, options: ApiClientOptions = {}) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    requests.push(request);
    bodies.push(await request.clone().text());
    return reply(request);
  });
  const client = createApiClient({ baseUrl, fetch, deviceId: async () => 'device-hash-1', obfuscationKey: key, ...options });
  return { client, requests, bodies };
}

const envelope = (body: Record<string, unknown>) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call was expected to fail');
}

beforeEach(() => localStorage.clear());

describe('request headers (spec §7)', () => {
  it('sends the session, platform 0, device fingerprint, reg-source and language on every request', async () => {
    saveStoredSession({ token: 'opaque-token-abcdefghijklmnop', id: 10000001, userInfo: { id: 10000001, diamond: 500 } });
    const { client, requests } = clientReplying(() => envelope({ status: 0, msg: 'success', data: null }));
    client.configure({ regSource: 'QIUBA', locale: 'zh-CN' });
    await client.post('/api/user/getUserInfo');
    const [request] = requests;
    expect(request.url).toBe(`${baseUrl}/api/user/getUserInfo`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer 10000001.opaque-token-abcdefghijklmnop');
    expect(request.headers.get('platform')).toBe('0');
    expect(request.headers.get('device-info')).toBe('device-hash-1');
    expect(request.headers.get('reg-source')).toBe('QIUBA');
    expect(request.headers.get('lang')).toBe('zh_cn');
  });

  it('does not hold a request for a fingerprint still being computed; later requests carry it', async () => {
    let computed: (id: string) => void = () => undefined;
    const pending = new Promise<string>((resolve) => (computed = resolve));
    const { client, requests } = clientReplying(() => envelope({ status: 0, msg: 'success', data: null }), { deviceId: () => pending });
    await client.post('/api/first');
    computed('device-hash-late');
    await client.post('/api/second');
    expect(requests.map((request) => request.headers.get('device-info'))).toEqual([null, 'device-hash-late']);
  });

  it('says it stores a replaced token, and stores the one a reply brings for the next requests', async () => {
    saveStoredSession({ token: 'first-token-abcdefghijklmnopqrst', id: 10000001 });
    const { client, requests } = clientReplying((request) =>
      request.url.endsWith('/first')
        ? new Response(JSON.stringify({ status: 0, msg: 'success', data: null }), { headers: { 'content-type': 'application/json', 'x-session-token': 'second-token-abcdefghijklmnopqr' } })
        : envelope({ status: 0, msg: 'success', data: null }),
    );
    await client.post('/first');
    await client.post('/second');
    expect(requests[0].headers.get('x-session-rotate')).toBe('1');
    expect(requests[1].headers.get('authorization')).toBe('Bearer 10000001.second-token-abcdefghijklmnopqr');
    expect(localStorage.getItem('token')).toBe('second-token-abcdefghijklmnopqr');
  });

  it('sends no Authorization without a stored session, OFFICIAL as the default reg-source and en for English', async () => {
    const { client, requests } = clientReplying(() => envelope({ status: 0, msg: 'success', data: null }));
    client.configure({ locale: 'en-US' });
    await client.get('/api/config/getCommonConfig');
    expect(requests[0].headers.has('authorization')).toBe(false);
    expect(requests[0].headers.get('reg-source')).toBe('OFFICIAL');
    expect(requests[0].headers.get('lang')).toBe('en');
  });

  it('fixes the reg-source in the SEM build variant whatever the page says', () => {
    const previous = process.env.NEXT_PUBLIC_BUILD_VARIANT;
    process.env.NEXT_PUBLIC_BUILD_VARIANT = 'sem';
    try {
      jest.isolateModules(() => {
        const { regSourceHeader } = jest.requireActual<typeof import('@/lib/http/client')>('@/lib/http/client');
        const { semRegSource } = jest.requireActual<typeof import('@/lib/build-info')>('@/lib/build-info');
        expect(regSourceHeader('QIUBA')).toBe(semRegSource);
      });
    } finally {
      process.env.NEXT_PUBLIC_BUILD_VARIANT = previous;
    }
  });

  it('posts the payload as JSON and puts GET parameters in the query string', async () => {
    const { client, requests, bodies } = clientReplying(() => envelope({ status: 0, msg: 'success', data: null }));
    await client.post('/api/user/sendCode', { mobile: '13800138000', is_change_mobile: 0 });
    await client.get('/api/groupChat/getHistory', { group_id: 7, limit: 20, page: 2, skipped: undefined });
    expect(requests[0].headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(bodies[0])).toEqual({ mobile: '13800138000', is_change_mobile: 0 });
    expect(requests[1].url).toBe(`${baseUrl}/api/groupChat/getHistory?group_id=7&limit=20&page=2`);
  });
});

describe('the reply envelope', () => {
  it('resolves with data on status 0', async () => {
    const { client } = clientReplying(() => envelope({ status: 0, msg: 'success', data: { chips: [1000, 5000] } }));
    await expect(client.post('/api/config/getCommonConfig')).resolves.toEqual({ chips: [1000, 5000] });
  });

  it("rejects with the server's message on status 1", async () => {
    const { client } = clientReplying(() => envelope({ status: 1, msg: 'Please enter a valid phone number', data: null }));
    const error = await rejection(client.post('/api/user/sendCode', { mobile: '12' }));
    expect(error).toMatchObject({ kind: 'failure', status: 1, message: 'Please enter a valid phone number', path: '/api/user/sendCode' });
  });

  it('keeps other server codes (e.g. 10152 on a gift send) as failures carrying that code and message', async () => {
    const { client } = clientReplying(() => envelope({ status: 10152, msg: 'Not enough diamonds', data: null }));
    expect(await rejection(client.post('/api/gift/send'))).toMatchObject({ kind: 'failure', status: 10152, message: 'Not enough diamonds' });
  });

  it('on status 2 clears the stored session, tells the UI and rejects with the localized login-timeout message', async () => {
    saveStoredSession({ token: 'opaque-token-abcdefghijklmnop', id: 10000001, userInfo: { id: 10000001, diamond: 500, gold: 300 } });
    localStorage.setItem('device_no', 'device-hash-1');
    localStorage.setItem('language', 'zh-CN');
    const { client } = clientReplying(() => envelope({ status: 2, msg: 'Login timed out. Please log in again.', data: null }));
    client.configure({ locale: 'zh-CN' });
    const openLogin = jest.fn();
    client.onSessionExpired(openLogin);
    const error = await rejection(client.post('/api/user/getUserInfo'));
    expect(error).toMatchObject({ kind: 'sessionExpired', status: 2, message: '登录超时，请重新登录。' });
    expect(openLogin).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('id')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    // The device and the chosen language are not part of the session.
    expect(localStorage.getItem('device_no')).toBe('device-hash-1');
    expect(localStorage.getItem('language')).toBe('zh-CN');
  });

  it('stops telling a listener that unregistered', async () => {
    const { client } = clientReplying(() => envelope({ status: 2, msg: '', data: null }));
    const listener = jest.fn();
    const unregister = client.onSessionExpired(listener);
    unregister();
    await rejection(client.post('/api/user/getUserInfo'));
    expect(listener).not.toHaveBeenCalled();
  });

  it('on status 301 rejects so the login flow can read data.mobile_hash and register', async () => {
    const { client } = clientReplying(() => envelope({ status: 301, msg: 'unregistered', data: { mobile_hash: 'hash-of-13800138000' } }));
    const error = await rejection(client.post('/api/user/login', { account: '13800138000', login_type: 2 }));
    expect(error).toMatchObject({ kind: 'unregistered', status: 301 });
    expect(unregisteredMobileHash(error)).toBe('hash-of-13800138000');
    expect(unregisteredMobileHash(new ApiError('x', 'failure', 1, '/api/user/login'))).toBeUndefined();
  });

  it('decrypts data sent with encrypt 1', async () => {
    const data = { config: { ticket_switch: 1 }, chips: [1000] };
    const sealed = await obfuscate(data, key);
    const { client } = clientReplying(() => envelope({ status: 0, msg: 'success', data: sealed, encrypt: 1 }));
    await expect(client.post('/api/config/getCommonConfig')).resolves.toEqual(data);
  });

  it('rejects an encrypted reply it cannot decrypt instead of handing garbage to the page', async () => {
    const sealed = await obfuscate({ secret: 1 }, 'b3RoZXIta2V5LXRoYXQtaXMtMzItYnl0ZXMtbG9uZyE=');
    const { client } = clientReplying(() => envelope({ status: 0, msg: 'success', data: sealed, encrypt: 1 }));
    client.configure({ locale: 'en-US' });
    expect(await rejection(client.post('/api/config/getCommonConfig'))).toMatchObject({ kind: 'badReply', status: null });
  });

  it('decrypts with the same default key the server uses when none is configured', () => {
    expect(parseEnv({}).NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY).toBe(defaultResponseObfuscationKey);
  });
});

describe('transport failures', () => {
  it('reports a reply that is not an envelope', async () => {
    const { client } = clientReplying(() => new Response('<html>Bad gateway</html>', { headers: { 'content-type': 'text/html' } }));
    client.configure({ locale: 'en-US' });
    expect(await rejection(client.post('/api/maintain'))).toMatchObject({
      kind: 'badReply',
      message: 'The server sent a reply that could not be read. Please try again.',
    });
  });

  it('reports an HTTP error status with its code', async () => {
    const { client } = clientReplying(() => new Response('busy', { status: 503 }));
    client.configure({ locale: 'en-US' });
    expect(await rejection(client.post('/api/maintain'))).toMatchObject({
      kind: 'http',
      message: 'The server is not available right now (HTTP 503). Please try again later.',
    });
  });

  it('reports a network failure in the user language', async () => {
    const { client } = clientReplying(() => {
      throw new TypeError('Failed to fetch');
    });
    client.configure({ locale: 'zh-CN' });
    expect(await rejection(client.post('/api/maintain'))).toMatchObject({ kind: 'network', message: '网络不给力，请检查网络后重试。' });
  });

  it('gives up after 20 seconds, not before', async () => {
    jest.useFakeTimers();
    try {
      const { client } = clientReplying(
        (request) =>
          new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
      );
      client.configure({ locale: 'en-US' });
      const outcome = rejection(client.post('/api/maintain'));
      let settled = false;
      void outcome.finally(() => {
        settled = true;
      });
      await jest.advanceTimersByTimeAsync(requestTimeoutMs - 1);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ kind: 'timeout', message: 'The server took too long to answer. Please try again.' });
      expect(requestTimeoutMs).toBe(20_000);
    } finally {
      jest.useRealTimers();
    }
  });
});
