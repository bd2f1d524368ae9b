// Both bus adapters deliver what is published to every subscriber of a channel, and stop on unsubscribe.
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { createRedisBus } from '@/lib/realtime/bus/redis-bus';
import type { Bus } from '@/lib/realtime/bus/types';

const adapters: [string, () => Bus][] = [['memory', createMemoryBus]];
if (process.env.TEST_REDIS_URL) adapters.push(['redis', () => createRedisBus(process.env.TEST_REDIS_URL!)]);

async function eventually(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe.each(adapters)('%s bus', (_name, create) => {
  let bus: Bus;
  beforeEach(() => {
    bus = create();
  });
  afterEach(() => bus.close());

  it('fans a message out to every subscriber, in order, and only on its channel', async () => {
    const channel = `room:${Math.random()}`;
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    await bus.subscribe(channel, (message) => first.push(message));
    await bus.subscribe(channel, (message) => second.push(message));
    await bus.subscribe(`${channel}:other`, (message) => other.push(message));
    for (const message of ['a', 'b', 'c']) await bus.publish(channel, message);
    await eventually(() => first.length === 3 && second.length === 3);
    expect(first).toEqual(['a', 'b', 'c']);
    expect(second).toEqual(['a', 'b', 'c']);
    expect(other).toEqual([]);
  });

  it('stops delivering after unsubscribe and reports healthy', async () => {
    const channel = `room:${Math.random()}`;
    const got: string[] = [];
    const stop = await bus.subscribe(channel, (message) => got.push(message));
    await bus.publish(channel, 'one');
    await eventually(() => got.length === 1);
    await stop();
    await bus.publish(channel, 'two');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual(['one']);
    expect(await bus.health()).toBe('ok');
  });
});
