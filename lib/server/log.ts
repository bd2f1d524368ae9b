// Structured logs: one JSON line per event on stdout, filtered by LOG_LEVEL. Lines written while a request is
// handled carry its fields (its requestId), whichever module writes them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { getEnv } from '@/lib/env';

const context = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `work` with `fields` on every log line it writes, however deep. */
export function withLogFields<T>(fields: Record<string, unknown>, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

// Error lines this process wrote, whatever LOG_LEVEL keeps, for the console's "errors in the last hour"
// (lib/server/error-counts.ts). On globalThis: Next's server bundles carry their own copy of this module.
const errorTally = ((globalThis as Record<symbol, unknown>)[Symbol.for('sportcast.log.errorLines')] ??= { count: 0 }) as { count: number };

/** How many error lines this process has written since it started. */
export function errorLinesWritten(): number {
  return errorTally.count;
}

const order = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof order;

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (level === 'error') errorTally.count += 1;
  if (order[level] < order[getEnv().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...context.getStore(), ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
