// How long the bus takes to carry a message (docs/operations.md "bus lag"): every few seconds a gateway publishes
// the time on a channel of its own and times the message's return, the same path a chat line takes through Redis
// pub/sub and this process's event loop. A rising figure means Redis, the network or this process is behind.
import crypto from 'node:crypto';
import client from 'prom-client';
import { metricsRegistry } from '@/lib/server/metrics';
import type { Bus } from './types';

const busRoundTripSeconds = new client.Histogram({
  name: 'bus_round_trip_seconds',
  help: 'Time from publishing a probe on the realtime bus to receiving it back in the same process',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metricsRegistry],
});

/** Starts probing every `everyMs`; returns how to stop. */
export async function startBusLagProbe(bus: Bus, everyMs = 5_000): Promise<() => Promise<void>> {
  const channel = `probe:${crypto.randomBytes(8).toString('hex')}`;
  const unsubscribe = await bus.subscribe(channel, (message) => {
    const sentAt = Number(message);
    if (Number.isFinite(sentAt)) busRoundTripSeconds.observe((performance.now() - sentAt) / 1000);
  });
  // A publish that fails (Redis down) is the bus health check's to report; the missing figure shows it too.
  const timer = setInterval(() => void bus.publish(channel, String(performance.now())).catch(() => undefined), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await unsubscribe();
  };
}
