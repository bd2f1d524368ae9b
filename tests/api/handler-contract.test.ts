// The HTTP contract every route shares: envelope, language, input errors, sessions and roles.
import { z } from 'zod';
import { getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { createSession, revokeSession, sealSessionCookie, findSessionUser } from '@/lib/server/session/sessions';
import { defineHandler, noInput } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/errors';
import { deobfuscate } from '@/lib/crypto/obfuscation';
import { log } from '@/lib/server/log';
import { NextRequest } from 'next/server';
import { callRoute } from '@/tests/support/call-route';

const echo = defineHandler(
  { auth: 'none', input: z.object({ name: z.string().min(1).max(5), count: z.number().int().min(1) }) },
  async ({ input }) => ({ echoed: input }),
);
const whoAmI = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, async ({ user }) => ({ id: user.id, role: user.role }));
const operatorOnly = defineHandler({ auth: 'operator', input: noInput }, async () => ({ ok: true }));
const failing = defineHandler({ auth: 'none', input: noInput }, async () => {
  throw new AppError('api.errors.tooManyRequests');
});
const crashing = defineHandler({ auth: 'none', input: noInput }, async () => {
  throw new Error('database exploded with secret detail');
});

const poolExhausted = defineHandler({ auth: 'none', input: noInput }, async () => {
  // What drizzle throws when pg-pool found no free connection in time.
  throw new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') });
});
const rowLockedTooLong = defineHandler({ auth: 'none', input: noInput }, async () => {
  throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
});

const chatty = defineHandler({ auth: 'none', input: noInput }, async () => {
  // A line written deep inside the work, by a module that knows nothing of the request.
  await new Promise((resolve) => setTimeout(resolve, 5));
  log.error('inside the handler');
  return { ok: true };
});

async function makeUser(mobile: string, role: 'user' | 'operator' = 'user') {
  const db = await getDb();
  const [user] = await db.insert(users).values({ mobile, nickName: `u${mobile.slice(-4)}`, brandId: 'sportcast', role }).returning();
  return user;
}

describe('envelope', () => {
  it('wraps success as status 0 with data', async () => {
    const reply = await callRoute(echo, { body: { name: 'Leo', count: 3 } });
    expect(reply).toMatchObject({ httpStatus: 200, status: 0, data: { echoed: { name: 'Leo', count: 3 } } });
  });

  it('answers an AppError with status 1 and its message in the request language', async () => {
    expect((await callRoute(failing, { headers: { lang: 'en' } })).msg).toBe('Too many requests. Please try again later.');
    expect((await callRoute(failing, { headers: { lang: 'zh_cn' } }))).toMatchObject({ status: 1, msg: '请求过于频繁，请稍后再试。' });
  });

  it('uses the brand locale when no lang header is sent', async () => {
    expect((await callRoute(failing, { host: 'zh.localhost' })).msg).toBe('请求过于频繁，请稍后再试。');
  });

  it('answers a saturated database (no pooled connection in time, a row locked too long) with "busy, try again", logged as a warning', async () => {
    const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    const failed = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      expect(await callRoute(poolExhausted)).toMatchObject({ httpStatus: 200, status: 1, msg: 'The site is very busy right now. Please try again in a moment.' });
      expect(await callRoute(rowLockedTooLong, { headers: { lang: 'zh_cn' } })).toMatchObject({ status: 1, msg: '当前访问人数过多，请稍后重试。' });
      expect(warned).toHaveBeenCalledWith('database busy: request turned away', expect.objectContaining({ error: expect.stringContaining('Failed query') }));
      expect(failed).not.toHaveBeenCalled();
      // Any other fault stays an internal error with a reference.
      expect((await callRoute(crashing)).msg).toMatch(/^Something went wrong on our side/);
      expect(failed).toHaveBeenCalledTimes(1);
    } finally {
      warned.mockRestore();
      failed.mockRestore();
    }
  });

  it('answers an unexpected error with a generic message and a reference, never the detail or a 500', async () => {
    const reply = await callRoute(crashing);
    expect(reply.httpStatus).toBe(200);
    expect(reply.status).toBe(1);
    expect(reply.msg).toMatch(/^Something went wrong on our side\. Please try again \(reference [0-9a-f]{8}\)\.$/);
    expect(reply.msg).not.toContain('secret');
  });
});

describe('request ids', () => {
  async function linesOf(request: NextRequest): Promise<{ header: string | null; lines: Record<string, unknown>[] }> {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const response = await chatty(request);
      return { header: response.headers.get('x-request-id'), lines: written.map((line) => JSON.parse(line) as Record<string, unknown>) };
    } finally {
      spy.mockRestore();
    }
  }

  it('puts the request id on every line the request writes and on the reply', async () => {
    const { header, lines } = await linesOf(new NextRequest('http://localhost:3000/api/test', { method: 'POST', headers: { host: 'localhost:3000' } }));
    expect(header).toMatch(/^[0-9a-f]{8}$/);
    expect(lines.find((line) => line.msg === 'inside the handler')).toMatchObject({ level: 'error', requestId: header });
  });

  it('takes the id nginx sent, and makes its own for one that is not an id', async () => {
    const sent = await linesOf(new NextRequest('http://localhost:3000/api/test', { method: 'POST', headers: { host: 'localhost:3000', 'x-request-id': '5f2c0d0e9a4b4c7e8d1f2a3b4c5d6e7f' } }));
    expect(sent.header).toBe('5f2c0d0e9a4b4c7e8d1f2a3b4c5d6e7f');
    expect(sent.lines.find((line) => line.msg === 'inside the handler')?.requestId).toBe(sent.header);
    const bad = await linesOf(new NextRequest('http://localhost:3000/api/test', { method: 'POST', headers: { host: 'localhost:3000', 'x-request-id': 'x"} injected' } }));
    expect(bad.header).toMatch(/^[0-9a-f]{8}$/);
  });
});

describe('bad input', () => {
  it('refuses malformed JSON', async () => {
    const reply = await callRoute(echo, { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(reply).toMatchObject({ status: 1, msg: 'The request body is not valid JSON.' });
  });

  it('names a missing field', async () => {
    expect((await callRoute(echo, { body: { name: 'Leo' } })).msg).toBe('count is required.');
  });

  it('names a field of the wrong type', async () => {
    expect((await callRoute(echo, { body: { name: 'Leo', count: 'three' } })).msg).toBe('count must be a number.');
    expect((await callRoute(echo, { body: { name: 'Leo', count: 'three' }, headers: { lang: 'zh_cn' } })).msg).toBe('count必须是数字。');
  });

  it('gives the limits of a string that is too long', async () => {
    expect((await callRoute(echo, { body: { name: 'Cristiano', count: 1 } })).msg).toBe('name must be at most 5 characters.');
  });

  it('refuses a body that is not an object', async () => {
    expect((await callRoute(echo, { body: [1, 2] })).status).toBe(1);
  });

  it('refuses an oversized body without reading it whole', async () => {
    const reply = await callRoute(echo, { rawBody: JSON.stringify({ name: 'x'.repeat(2_000_000), count: 1 }), headers: { 'content-type': 'application/json' } });
    expect(reply).toMatchObject({ status: 1, msg: 'The request is too large (at most 1024 KB).' });
  });

  it('refuses an unsupported content type and method', async () => {
    expect((await callRoute(echo, { rawBody: '<x/>', headers: { 'content-type': 'application/xml' } })).msg).toBe('Send the request as JSON or as a form.');
    expect((await callRoute(echo, { method: 'GET' })).msg).toBe('This address does not accept GET requests.');
  });

  it('accepts a form-encoded body', async () => {
    const form = defineHandler({ auth: 'none', input: z.object({ device: z.coerce.number() }) }, async ({ input }) => input);
    const reply = await callRoute(form, { rawBody: 'device=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(reply).toMatchObject({ status: 0, data: { device: 1 } });
  });
});

describe('sessions', () => {
  it('resolves the caller from the Authorization header', async () => {
    const user = await makeUser('13800000001');
    const { credential } = await createSession(await getDb(), user.id, 'device-a');
    expect(await callRoute(whoAmI, { credential })).toMatchObject({ status: 0, data: { id: user.id, role: 'user' } });
  });

  it('answers status 2 without a session, with a forged token, or after revocation', async () => {
    const db = await getDb();
    const user = await makeUser('13800000002');
    const { credential } = await createSession(db, user.id);
    expect((await callRoute(whoAmI)).status).toBe(2);
    expect((await callRoute(whoAmI, { credential: `${user.id}.${'A'.repeat(43)}` })).status).toBe(2);
    expect((await callRoute(whoAmI, { credential: `${user.id + 1}.${credential.split('.')[1]}` })).status).toBe(2);
    const session = await findSessionUser(db, credential);
    await revokeSession(db, session!.sessionId);
    const reply = await callRoute(whoAmI, { credential, headers: { lang: 'zh_cn' } });
    expect(reply).toMatchObject({ status: 2, msg: '登录超时，请重新登录。' });
  });

  it('accepts the sealed session cookie, and refuses a cookie-authenticated write from a foreign origin', async () => {
    const user = await makeUser('13800000003');
    const { credential } = await createSession(await getDb(), user.id);
    const cookie = `sc_session=${await sealSessionCookie(credential)}`;
    expect((await callRoute(whoAmI, { headers: { cookie, origin: 'http://localhost:3000' } })).status).toBe(0);
    expect((await callRoute(whoAmI, { method: 'GET', headers: { cookie } })).status).toBe(0);
    const foreign = await callRoute(whoAmI, { headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign).toMatchObject({ status: 1, msg: 'This request came from another site and was refused.' });
    expect((await callRoute(whoAmI, { headers: { cookie: 'sc_session=garbage' } })).status).toBe(2);
  });

  it('refuses a caller whose role is too low', async () => {
    const db = await getDb();
    const viewer = await makeUser('13800000004');
    const operator = await makeUser('13800000005', 'operator');
    const viewerCredential = (await createSession(db, viewer.id)).credential;
    const operatorCredential = (await createSession(db, operator.id)).credential;
    expect(await callRoute(operatorOnly, { credential: viewerCredential })).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
    expect((await callRoute(operatorOnly, { credential: operatorCredential })).status).toBe(0);
  });
});

describe('response obfuscation', () => {
  const key = 'c3BvcnRjYXN0LW9iZnVzY2F0aW9uLWtleS0zMmJ5dGU=';
  afterEach(() => {
    delete process.env.RESPONSE_OBFUSCATION;
    jest.resetModules();
  });

  it('encrypts data with a timestamp suffix when switched on, and the key decrypts it', async () => {
    process.env.RESPONSE_OBFUSCATION = 'on';
    jest.resetModules();
    const { defineHandler: defineFresh, noInput: none } = await import('@/lib/server/http/handler');
    const secret = defineFresh({ auth: 'none', input: none }, async () => ({ score: '3-3' }));
    const reply = await callRoute<string>(secret);
    expect(reply.status).toBe(0);
    expect(reply).toHaveProperty('encrypt', 1);
    expect(reply.data).toMatch(/^[A-Za-z0-9+/=]+\.\d{13}$/);
    expect(await deobfuscate(reply.data, key)).toEqual({ score: '3-3' });
  });
});
