// Structured logs: one JSON line per event on stdout, filtered by LOG_LEVEL.
import { getEnv } from '@/lib/env';

const order = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof order;

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[getEnv().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
