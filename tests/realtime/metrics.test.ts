// /metrics (issue 28, docs/operations.md): Prometheus text with the process's own figures, HTTP latency labelled by
// route pattern (never by raw path), WebSocket connections and frames, and job runs by outcome; answered on a
// direct loopback request only, or to the bearer of METRICS_TOKEN.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getBus } from '@/lib/realtime/bus';
import { answerMetrics, createRequestTimer, isMetricsPath } from '@/lib/server/http/metrics-endpoint';
import { readApiRoutePatterns, routeLabel } from '@/lib/server/http/route-label';
import { startIntervalJobs } from '@/lib/server/jobs';
import { getDb } from '@/lib/db';
import { eventually, startGateway, TestClient } from './support/harness';

async function serve(token?: string): Promise<{ url: string; close: () => Promise<void> }> {
  const timeRequest = createRequestTimer();
  const server = http.createServer((request, response) => {
    if (isMetricsPath(request.url)) return void answerMetrics(request, response, token);
    timeRequest(request, response);
    response.writeHead(request.url?.startsWith('/api/match/live/') ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const scrape = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('route labels', () => {
  const routes = readApiRoutePatterns();

  it('names an API request by its route file, a fixed path before a dynamic one, and never by the raw path', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routeLabel('/api/games/diceGuess', routes)).toBe('/api/games/diceGuess');
    expect(routeLabel('/api/match/live/12345', routes)).toBe('/api/match/live/[id]');
    expect(routeLabel('/api/media/hls/abc/720p/seg-1.ts', routes)).toBe('/api/media/hls/[stream]/[rendition]/[file]');
    expect(routeLabel('/api/no/such/route/9', routes)).toBe('/api/unknown');
    expect(routeLabel('/liveMatchesTwo/3', routes)).toBe('page');
    expect(routeLabel('/_next/static/chunks/x.js', routes)).toBe('next-static');
  });
});

describe('/metrics', () => {
  it('shows the process, HTTP latency by route pattern, WebSocket connections and frames, the bus round trip and job runs', async () => {
    const site = await serve();
    const gateway = await startGateway(getBus(), { busProbeMs: 50 });
    const client = await TestClient.connect(gateway.port);
    const stopJobs = startIntervalJobs(await getDb(), [
      { name: 'metrics-test-ok', everyMs: 60_000, run: async () => undefined },
      { name: 'metrics-test-failing', everyMs: 60_000, run: async () => Promise.reject(new Error('no')) },
    ]);
    try {
      await fetch(`${site.url}/api/match/live/42`);
      await fetch(`${site.url}/api/match/live/43`);
      await client.next((frame) => frame.type === 'hello');
      await stopJobs();
      await eventually(async () => /^bus_round_trip_seconds_count [1-9]\d*$/m.test((await scrape(site.url)).text));
      const { status, type, text } = await scrape(site.url);
      expect(status).toBe(200);
      expect(type).toContain('text/plain');
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/api\/match\/live\/\[id\]",method="GET",status="2xx"\} 2$/m);
      expect(text).not.toContain('/api/match/live/42');
      expect(text).toMatch(/^ws_connections [1-9]\d*$/m);
      expect(text).toMatch(/^ws_frames_sent_total [1-9]\d*$/m);
      expect(text).toMatch(/^job_runs_total\{job="metrics-test-ok",outcome="ok"\} 1$/m);
      expect(text).toMatch(/^job_runs_total\{job="metrics-test-failing",outcome="failed"\} 1$/m);
      expect(text).toMatch(/^job_run_duration_seconds_count\{job="metrics-test-ok"\} 1$/m);
    } finally {
      client.socket.close();
      await gateway.stop();
      await site.close();
    }
  });

  it('counts a closed connection out', async () => {
    const site = await serve();
    const gateway = await startGateway(getBus());
    const before = Number(/^ws_connections (\d+)$/m.exec((await scrape(site.url)).text)?.[1] ?? 0);
    const client = await TestClient.connect(gateway.port);
    await eventually(async () => (await scrape(site.url)).text.includes(`ws_connections ${before + 1}\n`));
    client.socket.close();
    await eventually(async () => (await scrape(site.url)).text.includes(`ws_connections ${before}\n`));
    await gateway.stop();
    await site.close();
  });

  it('is refused through a proxy, and with a token to anyone without it', async () => {
    const open = await serve();
    expect((await scrape(open.url, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await scrape(open.url, { forwarded: 'for=203.0.113.9' })).status).toBe(404);
    await open.close();
    const guarded = await serve('a-long-scrape-token-123');
    expect((await scrape(guarded.url)).status).toBe(404);
    expect((await scrape(guarded.url, { authorization: 'Bearer a-long-scrape-token-124' })).status).toBe(404);
    const allowed = await scrape(guarded.url, { authorization: 'Bearer a-long-scrape-token-123', 'x-forwarded-for': '203.0.113.9' });
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('# TYPE http_request_duration_seconds histogram');
    await guarded.close();
  });
});
