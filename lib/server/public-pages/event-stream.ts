import 'server-only';
// Server-Sent Events over bus channels, for the public pages' live islands (a match page, the lists): subscribe
// first, then send a snapshot, then every forwarded message, with a heartbeat so that proxies keep the connection.
// Subscribing first means nothing published while the snapshot is read is lost (the browser drops what the
// snapshot already had).
import { getBus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';

const heartbeatMs = 15_000;

type StreamSource = {
  /** The channel to follow, and what of each message goes to the browser (undefined: nothing). */
  channel: string;
  forward: (message: string) => string | undefined;
};

export type EventStreamOptions = {
  sources: StreamSource[];
  /** The first frame: where things stand now (null: none). */
  snapshot: () => Promise<string | null>;
  /** Ends the stream when the client goes away. */
  signal: AbortSignal;
  /** Names the stream in the log. */
  label: string;
};

const encoder = new TextEncoder();
const frame = (data: string) => encoder.encode(`data: ${data}\n\n`);

export function openBusEventStream({ sources, snapshot, signal, label }: EventStreamOptions): ReadableStream<Uint8Array> {
  let cleanup: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let snapshotSent = false;
      const queued: string[] = [];
      const send = (chunk: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(chunk);
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => send(encoder.encode(': heartbeat\n\n')), heartbeatMs);
      const unsubscribes: (() => Promise<void>)[] = [];
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        signal.removeEventListener('abort', close);
        for (const unsubscribe of unsubscribes) void unsubscribe().catch((error: unknown) => log.warn(`${label}: unsubscribe failed`, { error: String(error) }));
        try {
          controller.close();
        } catch {
          // Already closed by the runtime after the client left.
        }
      };
      cleanup = close;
      signal.addEventListener('abort', close);
      if (signal.aborted) return close();

      // A reconnecting EventSource waits this long before trying again.
      send(encoder.encode('retry: 3000\n\n'));
      try {
        for (const { channel, forward } of sources) {
          const unsubscribe = await getBus().subscribe(channel, (message) => {
            const data = forward(message);
            if (data === undefined) return;
            if (snapshotSent) send(frame(data));
            else queued.push(data);
          });
          if (closed) return void unsubscribe();
          unsubscribes.push(unsubscribe);
        }
        const first = await snapshot();
        if (first !== null) send(frame(first));
        snapshotSent = true;
        queued.splice(0).forEach((data) => send(frame(data)));
      } catch (error) {
        log.error(`${label}: stream failed`, { error: String(error) });
        close();
      }
    },
    cancel() {
      cleanup?.();
    },
  });
}

/** Callers asking within `reuseMs` of one another share one read per key: viewers (re)connecting together cost one. */
export function sharedReads<T>(reuseMs: number): (key: string, read: () => Promise<T>, now?: number) => Promise<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key, read, now = Date.now()) => {
    const hit = entries.get(key);
    if (hit && now - hit.at < reuseMs) return hit.value;
    const value = read();
    entries.set(key, { at: now, value });
    // Old entries go with the next read of any key: the map never holds more than the keys being read.
    for (const [other, entry] of entries) if (now - entry.at >= reuseMs && other !== key) entries.delete(other);
    value.catch(() => entries.delete(key));
    return value;
  };
}
