import 'server-only';
// The match page's live stream (Server-Sent Events): a snapshot of the match, then every message the feed
// publishes on the match's bus channel.
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { matchChannel, type LiveSnapshotMessage } from '@/lib/realtime/match-messages';
import { getMatchDetail } from '@/lib/server/matches/queries';
import { openBusEventStream, sharedReads } from './event-stream';
import { toLiveView } from './live-view';

/** Viewers (re)connecting together share one database read per match, language and second. */
const snapshots = sharedReads<LiveSnapshotMessage | null>(1_000);

function readLiveSnapshot(matchId: number, locale: Locale, now = Date.now()): Promise<LiveSnapshotMessage | null> {
  return snapshots(
    `${matchId}:${locale}`,
    () =>
      getDb()
        .then((db) => getMatchDetail(db, matchId, locale))
        .then((detail): LiveSnapshotMessage | null => (detail ? { type: 'snapshot', match: toLiveView(detail) } : null)),
    now,
  );
}

/** The event stream of one match; it ends when the client goes away (`signal`). */
export function openMatchLiveStream(matchId: number, locale: Locale, signal: AbortSignal): ReadableStream<Uint8Array> {
  return openBusEventStream({
    sources: [{ channel: matchChannel(matchId), forward: (message) => message }],
    snapshot: async () => {
      const snapshot = await readLiveSnapshot(matchId, locale);
      return snapshot ? JSON.stringify(snapshot) : null;
    },
    signal,
    label: `match live ${matchId}`,
  });
}
