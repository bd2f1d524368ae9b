// Throughput and latency of POST /api/config/getCommonConfig on the production build, beside a bare
// node:http server answering the same bytes on the same machine: the ratio is what the framework costs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchError, freePort, progress, round, runLoad, sendOnce, startNode, type Child, type Target } from './support/harness';

export const description = 'requests/s and p50/p99 of POST /api/config/getCommonConfig against a bare node:http baseline';

const root = path.resolve(__dirname, '..');
const apiPath = '/api/config/getCommonConfig';
const warmUpSeconds = 1;

function readFlags(args: string[]): { seconds: number; connections: number } {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '20' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- config-api [--seconds 5] [--connections 20]`);
  }
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) throw new BenchError('--seconds must be a whole number from 1 to 60.');
  if (!Number.isInteger(connections) || connections < 1 || connections > 200) throw new BenchError('--connections must be a whole number from 1 to 200.');
  return { seconds, connections };
}

function isSuccessEnvelope(body: Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return typeof parsed === 'object' && parsed !== null && 'status' in parsed && parsed.status === 0;
  } catch {
    return false;
  }
}

async function waitUntilServing(child: Child, target: Target, timeoutMs: number): Promise<Buffer> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new BenchError(`The product server exited early:\n${child.output()}`);
    const reply = await sendOnce(target).catch(() => undefined);
    if (reply?.status === 200 && isSuccessEnvelope(reply.body)) return reply.body;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new BenchError(`The product server did not answer ${apiPath} within ${timeoutMs / 1000} s:\n${child.output()}`);
}

/** Replies with the given file's bytes to every request, as cheaply as Node can. */
const baselineServerSource = `
const http = require('node:http');
const body = require('node:fs').readFileSync(process.env.BODY_FILE);
const headers = { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': body.length };
const server = http.createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, headers); res.end(body); }); });
server.keepAliveTimeout = 60000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\\n'));
`;

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const { seconds, connections } = readFlags(args);
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new BenchError('No production build found (.next/BUILD_ID is missing). Run `npm run build` first, then run this benchmark again.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-config-api-'));
  const children: Child[] = [];
  try {
    const port = await freePort();
    progress(`starting the product server (production build, embedded database in ${dataDir}) on 127.0.0.1:${port}`);
    // Its own database and only the web role: nothing here touches ./data or the ports a running dev server uses.
    const { DATABASE_URL, REDIS_URL, NEXT_DIST_DIR, ...inherited } = process.env;
    const product = startNode(['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'server.ts'], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ROLES: 'web', LOG_LEVEL: 'warn' },
    });
    children.push(product);
    const productTarget: Target = { port, path: apiPath, body: '{}', host: 'localhost' };
    const replyBytes = await waitUntilServing(product, productTarget, 120_000);
    progress(`product server ready; reply is ${replyBytes.length} bytes`);

    const bodyFile = path.join(dataDir, 'reply.json');
    fs.writeFileSync(bodyFile, replyBytes);
    const baselinePort = await freePort();
    const baseline = startNode(['-e', baselineServerSource], { cwd: root, env: { ...inherited, PORT: String(baselinePort), BODY_FILE: bodyFile } });
    children.push(baseline);
    const baselineTarget: Target = { ...productTarget, port: baselinePort };
    await waitUntilServing(baseline, baselineTarget, 10_000);

    const measure = async (label: string, target: Target) => {
      await runLoad(target, connections, warmUpSeconds);
      progress(`${label}: ${connections} keep-alive connections for ${seconds} s…`);
      const result = await runLoad(target, connections, seconds);
      if (result.failures > 0) {
        throw new BenchError(`${label}: ${result.failures} of ${result.requests + result.failures} requests failed (first: ${result.firstFailure}).`);
      }
      progress(`${label}: ${Math.round(result.rps)} requests/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms`);
      return result;
    };
    const productResult = await measure('product', productTarget);
    const baselineResult = await measure('baseline node:http', baselineTarget);
    return {
      rps: round(productResult.rps, 1),
      p50_ms: round(productResult.p50Ms, 2),
      p99_ms: round(productResult.p99Ms, 2),
      baseline_rps: round(baselineResult.rps, 1),
      ratio_vs_baseline: round(productResult.rps / baselineResult.rps, 3),
      connections,
      seconds,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    progress('stopped the servers and removed the temporary data directory');
  }
}
