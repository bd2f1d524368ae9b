// The process-wide bus, shared through globalThis like the database (server.ts and Next load separate copies).
import { getEnv } from '@/lib/env';
import { createMemoryBus } from './memory-bus';
import { createRedisBus } from './redis-bus';
import type { Bus } from './types';

const key = Symbol.for('sportcast.bus');
const holder = globalThis as { [key]?: Bus };

export function getBus(): Bus {
  if (!holder[key]) {
    const url = getEnv().REDIS_URL;
    holder[key] = url ? createRedisBus(url) : createMemoryBus();
  }
  return holder[key];
}

export async function closeBus(): Promise<void> {
  const bus = holder[key];
  delete holder[key];
  await bus?.close();
}

export { decodeUserBatch, encodeUserBatch, roomChannel, userBatchChannel, userBatchSize, userChannel, type Bus, type RoomEntry } from './types';
