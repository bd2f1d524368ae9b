// What a Prometheus server scrapes from each process at /metrics (docs/operations.md): the process itself
// (CPU, memory, event-loop lag, from prom-client's defaults), HTTP latency by route, WebSocket connections and
// frames, the database pool, job runs and media sessions. Hot paths only bump plain numbers; the gauges and
// counters below read them when scraped.
import client from 'prom-client';

export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestSeconds = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const jobRuns = new client.Counter({
  name: 'job_runs_total',
  help: 'Interval job runs by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobRunSeconds = new client.Histogram({
  name: 'job_run_duration_seconds',
  help: 'How long one run of an interval job took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
  registers: [metricsRegistry],
});

type Reader = () => number;
const readers = new Map<string, Set<Reader>>();

function readAll(name: string): number {
  let sum = 0;
  for (const read of readers.get(name) ?? []) sum += read();
  return sum;
}

function addReader(name: string, read: Reader): () => void {
  const set = readers.get(name)!;
  set.add(read);
  return () => void set.delete(read);
}

/**
 * A gauge read when scraped: each part of the process that holds some of it (two gateways in one test process, a
 * pool) adds a reader, and the gauge is their sum. Returns how to take the reader away again.
 */
export function observeGauge(name: string, help: string, read: Reader): () => void {
  if (!readers.has(name)) {
    readers.set(name, new Set());
    new client.Gauge({
      name,
      help,
      registers: [metricsRegistry],
      collect() {
        this.set(readAll(name));
      },
    });
  }
  return addReader(name, read);
}

/** A counter read when scraped from running totals kept as plain numbers where they are counted. */
export function observeCounter(name: string, help: string, readTotal: Reader): () => void {
  if (!readers.has(name)) {
    readers.set(name, new Set());
    let reported = 0;
    new client.Counter({
      name,
      help,
      registers: [metricsRegistry],
      collect() {
        const total = readAll(name);
        if (total > reported) this.inc(total - reported);
        reported = Math.max(reported, total);
      },
    });
  }
  return addReader(name, readTotal);
}
