// Throughput and p99 of a cached news article and a cached match page, served by the product (production
// build) directly and behind the shipped nginx micro-cache (deploy/nginx/sportcast.conf), against nginx
// serving the same HTML from disk, all on loopback in the same run, under autocannon.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BenchError, freePort, progress, round, type Child } from './support/harness';
import { productServer, requireBuild, startNginx, type Nginx } from './support/pages-bench';

export const description = 'requests/s and p99 of a cached article and match page: product, product behind the nginx micro-cache, nginx serving the HTML from disk';

const root = path.resolve(__dirname, '..');
const nodeRequire = createRequire(__filename);

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p99: z.number(), p50: z.number() }),
  non2xx: z.number(),
  errors: z.number(),
  timeouts: z.number(),
});
type LoadFigures = { rps: number; p50Ms: number; p99Ms: number };

type AutocannonOptions = { url: string; connections: number; duration: number; headers: Record<string, string> };
// autocannon ships no types; its result is checked with the schema above.
const autocannon: (options: AutocannonOptions) => Promise<unknown> = nodeRequire('autocannon');

function readFlags(args: string[]): { seconds: number; connections: number } {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- ssr [--seconds 8] [--connections 50]`);
  }
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new BenchError('--seconds must be a whole number from 1 to 120.');
  if (!Number.isInteger(connections) || connections < 1 || connections > 500) throw new BenchError('--connections must be a whole number from 1 to 500.');
  return { seconds, connections };
}

async function load(label: string, url: string, connections: number, seconds: number): Promise<LoadFigures> {
  // A short warm-up first: connections open, JIT and caches settle.
  await autocannon({ url, connections, duration: 1, headers: { accept: 'text/html' } });
  progress(`${label}: ${connections} connections for ${seconds} s…`);
  const result = autocannonResult.parse(await autocannon({ url, connections, duration: seconds, headers: { accept: 'text/html' } }));
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new BenchError(`${label}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, time-outs ${result.timeouts}).`);
  progress(`${label}: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  return { rps: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/** Fetches a page until the product serves it from its cache; returns its HTML. */
async function warm(url: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(url, { headers: { accept: 'text/html' } });
    const html = await response.text();
    if (response.status !== 200) throw new BenchError(`${url} answered HTTP ${response.status}.`);
    if (response.headers.get('x-nextjs-cache') === 'HIT') return html;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new BenchError(`${url} is not served from the cache (no "x-nextjs-cache: HIT"): is the page cached?`);
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const { seconds, connections } = readFlags(args);
  const distDir = requireBuild(root);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-'));
  const children: Child[] = [];
  let nginx: Nginx | undefined;
  try {
    const product = await productServer(root, distDir, workDir, children);
    const article = await product.firstArticlePath();
    // A finished match: its page is cached for minutes, as most match pages are.
    const match = '/scheduleDetail/1001/2';
    const pages = [
      { name: 'article', path: article },
      { name: 'match', path: match },
    ];
    const htmlDir = path.join(workDir, 'html');
    fs.mkdirSync(htmlDir);
    for (const page of pages) {
      const html = await warm(`${product.url}${page.path}`);
      fs.writeFileSync(path.join(htmlDir, `${page.name}.html`), html);
      progress(`${page.path}: ${html.length} bytes, served from the product's cache`);
    }

    const staticPort = await freePort();
    const cachePort = await freePort();
    nginx = await startNginx(root, workDir, { staticPort, cachePort, upstreamPort: product.port, htmlDir, pages });
    for (const page of pages) {
      await warm(`${product.url}${page.path}`);
      const viaCache = await fetch(`http://127.0.0.1:${cachePort}${page.path}`);
      if (viaCache.status !== 200) throw new BenchError(`nginx micro-cache answered HTTP ${viaCache.status} for ${page.path}.`);
    }

    const figures: Record<string, { nginx: LoadFigures; product: LoadFigures; cached: LoadFigures }> = {};
    for (const page of pages) {
      figures[page.name] = {
        nginx: await load(`${page.name}: nginx from disk`, `http://127.0.0.1:${staticPort}${page.path}`, connections, seconds),
        product: await load(`${page.name}: product`, `${product.url}${page.path}`, connections, seconds),
        cached: await load(`${page.name}: product behind the nginx micro-cache`, `http://127.0.0.1:${cachePort}${page.path}`, connections, seconds),
      };
    }
    const mean = (pick: (entry: (typeof figures)[string]) => number) => Object.values(figures).reduce((sum, entry) => sum + pick(entry), 0) / pages.length;
    return {
      ratio_vs_nginx: round(mean((entry) => entry.product.rps / entry.nginx.rps), 3),
      ratio_vs_nginx_cached: round(mean((entry) => entry.cached.rps / entry.nginx.rps), 3),
      p99_ratio_vs_nginx: round(mean((entry) => entry.product.p99Ms / Math.max(entry.nginx.p99Ms, 1)), 2),
      pages: Object.fromEntries(
        Object.entries(figures).map(([name, entry]) => [
          name,
          {
            path: pages.find((page) => page.name === name)!.path,
            nginx_rps: round(entry.nginx.rps, 0),
            product_rps: round(entry.product.rps, 0),
            cached_rps: round(entry.cached.rps, 0),
            nginx_p99_ms: entry.nginx.p99Ms,
            product_p99_ms: entry.product.p99Ms,
            cached_p99_ms: entry.cached.p99Ms,
          },
        ]),
      ),
      connections,
      seconds,
    };
  } finally {
    await nginx?.stop();
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
    progress('stopped nginx and the product server, removed the temporary directory');
  }
}

