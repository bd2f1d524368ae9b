import 'server-only';
// The match page's live stream (Server-Sent Events): a snapshot of the match, then every message the
// feed publishes on the match's bus channel, with a heartbeat so that proxies keep the connection open.
// Subscribing comes first, so nothing published while the snapshot is read is lost (the browser drops
// what the snapshot already had, by event number).
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { getBus } from '@/lib/realtime/bus';
import { matchChannel } from '@/lib/realtime/match-messages';
import { getMatchDetail } from '@/lib/server/matches/queries';
import { log } from '@/lib/server/log';
import { toLiveView, type LiveSnapshotMessage } from './live-view';

export const heartbeatMs = 15_000;
/** Viewers (re)connecting together share one database read per match, language and second. */
const snapshotReuseMs = 1_000;

const snapshots = new Map<string, { at: number; value: Promise<LiveSnapshotMessage | null> }>();

export function readLiveSnapshot(matchId: number, locale: Locale, now = Date.now()): Promise<LiveSnapshotMessage | null> {
  const key = `${matchId}:${locale}`;
  const hit = snapshots.get(key);
  if (hit && now - hit.at < snapshotReuseMs) return hit.value;
  const value = getDb()
    .then((db) => getMatchDetail(db, matchId, locale))
    .then((detail): LiveSnapshotMessage | null => (detail ? { type: 'snapshot', match: toLiveView(detail) } : null));
  snapshots.set(key, { at: now, value });
  // Old entries go with the next read of any match; the map never holds more than the matches being watched.
  for (const [other, entry] of snapshots) if (now - entry.at >= snapshotReuseMs && other !== key) snapshots.delete(other);
  value.catch(() => snapshots.delete(key));
  return value;
}

const encoder = new TextEncoder();
const frame = (data: string) => encoder.encode(`data: ${data}\n\n`);

/** The event stream of one match; it ends when the client goes away (`signal`). */
export function openMatchLiveStream(matchId: number, locale: Locale, signal: AbortSignal): ReadableStream<Uint8Array> {
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
      let unsubscribe: (() => Promise<void>) | undefined;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        signal.removeEventListener('abort', close);
        void unsubscribe?.().catch((error: unknown) => log.warn('match live: unsubscribe failed', { matchId, error: String(error) }));
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
        unsubscribe = await getBus().subscribe(matchChannel(matchId), (message) => {
          if (snapshotSent) send(frame(message));
          else queued.push(message);
        });
        if (closed) {
          void unsubscribe();
          return;
        }
        const snapshot = await readLiveSnapshot(matchId, locale);
        if (snapshot) send(frame(JSON.stringify(snapshot)));
        snapshotSent = true;
        queued.splice(0).forEach((message) => send(frame(message)));
      } catch (error) {
        log.error('match live: stream failed', { matchId, error: String(error) });
        close();
      }
    },
    cancel() {
      cleanup?.();
    },
  });
}
