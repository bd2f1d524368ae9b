// Throughput and p99 of a cached news article and a cached match page, served by the product (production
// build) directly and behind the shipped nginx micro-cache (deploy/nginx/sportcast.conf), against nginx
// serving the same HTML from disk, all on loopback in the same run, under wrk.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BenchError, freePort, progress, round, type Child } from './support/harness';
import { productServer, requireBuild, startNginx, type Nginx } from './support/pages-bench';

export const description = 'requests/s and p99 of a cached article and match page: product, product behind the nginx micro-cache, nginx serving the HTML from disk';

const root = path.resolve(__dirname, '..');
const wrkReport = path.join(__dirname, 'support', 'wrk-report.lua');
// One wrk thread per core (no more than connections): fewer and wrk, not nginx, sets the baseline's ceiling.
const wrkThreads = (connections: number) => Math.min(os.availableParallelism(), connections);

const wrkResult = z.object({
  requests: z.number(),
  duration_us: z.number().positive(),
  p50_us: z.number(),
  p99_us: z.number(),
  non2xx: z.number(),
  socket_errors: z.number(),
  timeouts: z.number(),
});
type LoadFigures = { rps: number; p50Ms: number; p99Ms: number };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Runs wrk (Debian's package, see scripts/ensure-wrk.sh) against one URL; its report line is the last of its output. */
function wrk(url: string, connections: number, seconds: number): Promise<z.infer<typeof wrkResult>> {
  const args = ['-t', String(wrkThreads(connections)), '-c', String(connections), '-d', `${seconds}s`, '-H', 'accept: text/html', '-s', wrkReport, url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BenchError('wrk is not installed. Run `bash scripts/ensure-wrk.sh`, then run this benchmark again.') : error),
    );
    child.once('exit', (code) => {
      const report = output.trim().split('\n').at(-1) ?? '';
      const parsed = code === 0 ? wrkResult.safeParse(parseJson(report)) : undefined;
      if (parsed?.success) resolve(parsed.data);
      else reject(new BenchError(`wrk ${args.join(' ')} failed (exit ${code}):\n${output.slice(-2000)}`));
    });
  });
}

function readFlags(args: string[]): { seconds: number; connections: number; rounds: number } {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- ssr [--seconds 8] [--connections 50] [--rounds 3]`);
  }
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new BenchError('--seconds must be a whole number from 1 to 120.');
  if (!Number.isInteger(connections) || connections < 1 || connections > 500) throw new BenchError('--connections must be a whole number from 1 to 500.');
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 9) throw new BenchError('--rounds must be a whole number from 1 to 9.');
  return { seconds, connections, rounds };
}

async function load(label: string, url: string, connections: number, seconds: number): Promise<LoadFigures> {
  // A short warm-up first: connections open, JIT and caches settle.
  await wrk(url, connections, 1);
  progress(`${label}: ${connections} connections for ${seconds} s…`);
  const result = await wrk(url, connections, seconds);
  const failed = result.non2xx + result.socket_errors + result.timeouts;
  if (failed > 0) throw new BenchError(`${label}: ${failed} of ${result.requests} requests failed (non-2xx ${result.non2xx}, socket errors ${result.socket_errors}, time-outs ${result.timeouts}).`);
  const figures = { rps: result.requests / (result.duration_us / 1e6), p50Ms: round(result.p50_us / 1000, 2), p99Ms: round(result.p99_us / 1000, 2) };
  progress(`${label}: ${Math.round(figures.rps)} requests/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
  return figures;
}

/** The round with the median throughput (its p99 with it). */
function medianOf(measured: LoadFigures[]): LoadFigures {
  return [...measured].sort((a, b) => a.rps - b.rps)[Math.floor(measured.length / 2)];
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
  const { seconds, connections, rounds } = readFlags(args);
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

    // The three targets take turns, round after round, so that a burst of other work on the machine weighs on
    // all of them alike; each keeps its median round.
    const figures: Record<string, { nginx: LoadFigures; product: LoadFigures; cached: LoadFigures }> = {};
    for (const page of pages) {
      const measured: { nginx: LoadFigures[]; product: LoadFigures[]; cached: LoadFigures[] } = { nginx: [], product: [], cached: [] };
      for (let turn = 1; turn <= rounds; turn += 1) {
        const label = (target: string) => `${page.name}, round ${turn}/${rounds}: ${target}`;
        measured.nginx.push(await load(label('nginx from disk'), `http://127.0.0.1:${staticPort}${page.path}`, connections, seconds));
        measured.product.push(await load(label('product'), `${product.url}${page.path}`, connections, seconds));
        measured.cached.push(await load(label('product behind the nginx micro-cache'), `http://127.0.0.1:${cachePort}${page.path}`, connections, seconds));
      }
      figures[page.name] = { nginx: medianOf(measured.nginx), product: medianOf(measured.product), cached: medianOf(measured.cached) };
    }
    const mean = (pick: (entry: (typeof figures)[string]) => number) => Object.values(figures).reduce((sum, entry) => sum + pick(entry), 0) / pages.length;
    return {
      ratio_vs_nginx: round(mean((entry) => entry.product.rps / entry.nginx.rps), 3),
      ratio_vs_nginx_cached: round(mean((entry) => entry.cached.rps / entry.nginx.rps), 3),
      p99_ratio_vs_nginx: round(mean((entry) => entry.product.p99Ms / Math.max(entry.nginx.p99Ms, 0.01)), 2),
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
      rounds,
      load_generator: `wrk, ${wrkThreads(connections)} threads`,
    };
  } finally {
    await nginx?.stop();
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
    progress('stopped nginx and the product server, removed the temporary directory');
  }
}

