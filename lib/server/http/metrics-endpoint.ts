// GET /metrics in Prometheus' text format (docs/operations.md). Who may read it: with METRICS_TOKEN set, whoever
// brings it as a bearer token; without, only a request made on this machine straight to the process (a loopback
// peer and no forwarding header), so a site behind nginx never shows it to the public.
import crypto from 'node:crypto';
import type http from 'node:http';
import { metricsRegistry, httpRequestSeconds } from '@/lib/server/metrics';
import { routeLabel, readApiRoutePatterns } from './route-label';

const loopbackPeer = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function metricsAllowed(request: http.IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !proxied && loopbackPeer.test(request.socket.remoteAddress ?? '');
}

/** Answers /metrics; call it before the forwarding headers are settled, which would hide a proxy. */
export async function answerMetrics(request: http.IncomingMessage, response: http.ServerResponse, token: string | undefined): Promise<void> {
  if (request.method !== 'GET' || !metricsAllowed(request, token)) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  const body = await metricsRegistry.metrics();
  response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(body);
}

export const isMetricsPath = (url: string | undefined) => url === '/metrics' || (url?.startsWith('/metrics?') ?? false);

/** Times every response into http_request_duration_seconds, labelled by route pattern, method and status class. */
export function createRequestTimer(appDir?: string): (request: http.IncomingMessage, response: http.ServerResponse) => void {
  const apiRoutes = readApiRoutePatterns(appDir);
  return (request, response) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pathname = (request.url ?? '/').split('?')[0];
      httpRequestSeconds.observe({ route: routeLabel(pathname, apiRoutes), method: request.method ?? 'GET', status: `${Math.floor(response.statusCode / 100)}xx` }, seconds);
    });
  };
}
