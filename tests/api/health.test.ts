// /api/health: liveness answers while the process runs; readiness needs the database, not the bus; the public
// reply names states, never the error text (that goes to the log).
import { NextRequest } from 'next/server';
import { GET } from '@/app/api/health/route';
import { GET as live } from '@/app/api/health/live/route';
import { getDatabase } from '@/lib/db';
import { getBus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';

const request = (path: string) => new NextRequest(`http://localhost:3000${path}`);
const secret = 'connect ECONNREFUSED 10.0.0.7:6379 password=hunter2';

afterEach(() => jest.restoreAllMocks());

it('reports the database and the bus as ok and is ready', async () => {
  const response = await GET(request('/api/health'));
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({ status: 0, data: { db: 'ok', bus: 'ok' } });
  expect(['ok', 'down', 'off']).toContain(body.data.media);
});

it('stays ready, degraded, when only the bus is down, and shows no error text', async () => {
  const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  jest.spyOn(getBus(), 'health').mockResolvedValue(secret);
  const response = await GET(request('/api/health'));
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(JSON.parse(text)).toMatchObject({ status: 0, msg: 'degraded', data: { db: 'ok', bus: 'down' } });
  expect(text).not.toContain('ECONNREFUSED');
  expect(warned).toHaveBeenCalledWith('health check: part down', { part: 'bus', reason: secret });
});

it('is not ready when the database is down, and still says only "down"', async () => {
  jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  jest.spyOn((await getDatabase()).db, 'execute').mockRejectedValue(new Error('password authentication failed for user "root"'));
  const response = await GET(request('/api/health'));
  expect(response.status).toBe(503);
  const text = await response.text();
  expect(JSON.parse(text)).toMatchObject({ status: 1, data: { db: 'down' } });
  expect(text).not.toContain('password');
});

it('answers liveness without touching the database, on /api/health/live and ?probe=live', async () => {
  const opened = jest.spyOn((await getDatabase()).db, 'execute');
  for (const response of [await live(), await GET(request('/api/health?probe=live'))]) {
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 0, msg: 'ok', data: null });
  }
  expect(opened).not.toHaveBeenCalled();
});
