// What benchmarks share: progress lines, user-facing failures, child processes that are always
// stopped, and a keep-alive HTTP load generator on loopback.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import http from 'node:http';
export { freePort } from '@/tests/support/free-port';

/** A failure the person running the benchmark can fix (missing build, bad flag); printed without a stack. */
export class BenchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchError';
  }
}

export function progress(line: string): void {
  console.log(`# ${line}`);
}

const running = new Set<ChildProcess>();
// Whatever happens to this process, no child outlives it.
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export type Child = { process: ChildProcess; output: () => string; stop: () => Promise<void> };

/** Keeps the last 8 KB of a child's stdout and stderr, for error messages. */
export function keepOutput(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** Starts a Node child whose stdout and stderr are kept (the last 8 KB) for error messages. */
export function startNode(args: string[], options: SpawnOptions): Child {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const output = keepOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  return {
    process: child,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type Target = { port: number; path: string; body: string; host: string };

function send(target: Target, agent: http.Agent): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.path,
        method: 'POST',
        agent,
        headers: { host: target.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(target.body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(target.body);
  });
}

/** One request, for readiness checks and for capturing a reply. */
export async function sendOnce(target: Target): Promise<{ status: number; body: Buffer }> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await send(target, agent);
  } finally {
    agent.destroy();
  }
}

export type LoadResult = { requests: number; failures: number; firstFailure?: string; rps: number; p50Ms: number; p99Ms: number };

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** `connections` clients, each sending its next request when the last one answered, for `seconds`. */
export async function runLoad(target: Target, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const { status } = await send(target, agent);
        if (status !== 200) throw new Error(`HTTP ${status}`);
        latencies.push(performance.now() - sent);
      } catch (error) {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsedSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    failures,
    firstFailure,
    rps: latencies.length / elapsedSeconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
}

export const round = (value: number, digits: number) => Number(value.toFixed(digits));
