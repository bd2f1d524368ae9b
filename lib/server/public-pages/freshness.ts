import 'server-only';
// Keeps the public pages right for the first visitor after a change (docs/match-pages.md, "Freshness"): the web role
// follows the bus's change events (a live starting, going away or ending; a replay ready; a match's score or clock
// moving; a site page or news edited) and purges, in its own process, the cached data and pages that show them. Every web process does the same,
// so it holds with several processes behind one address.
import type { Bus } from '@/lib/realtime/bus';
import { scoreboardChannel } from '@/lib/realtime/match-messages';
import { log } from '@/lib/server/log';
import { liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { parseReplayReadyEvent, replayReadyChannel, replayRemovedChannel } from '@/lib/server/replays/events';
import { sitePagesChangedChannel } from '@/lib/server/content/site-pages';
import { newsChangedChannel } from '@/lib/server/news/events';
import { matchTag, pageTags } from './cache-tags';

/** Expires these tags in Next's caches and drops the page micro-cache (server.ts). */
export type PagePurge = (tags: string[]) => Promise<void>;

export type PurgeQueueOptions = {
  /** Purges run at most this often: a burst of scores (several matches live) costs one re-render per page and interval. */
  minIntervalMs?: number;
  /**
   * Each purge is repeated once this much later: a render that read the database before the change and stored its
   * page after the first purge is caught by the second.
   */
  settleMs?: number;
  now?: () => number;
};

export type PurgeQueue = { add(tags: Iterable<string>): void; stop(): Promise<void> };

export function createPurgeQueue(purge: PagePurge, options: PurgeQueueOptions = {}): PurgeQueue {
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const settleMs = options.settleMs ?? 1000;
  const now = options.now ?? Date.now;
  // Tags to purge, and whether each still needs its repeat (a repeat does not ask for another).
  const pending = new Map<string, boolean>();
  const repeats = new Set<ReturnType<typeof setTimeout>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let lastRun = Number.NEGATIVE_INFINITY;
  let stopped = false;

  const arm = () => {
    if (stopped || timer || running || pending.size === 0) return;
    timer = setTimeout(run, Math.max(0, lastRun + minIntervalMs - now()));
  };

  const run = () => {
    timer = undefined;
    const batch = new Map(pending);
    pending.clear();
    lastRun = now();
    const startedAt = performance.now();
    running = purge([...batch.keys()])
      .then(() => log.debug('pages purged', { tags: [...batch.keys()], ms: Math.round(performance.now() - startedAt) }))
      .catch((error: unknown) => log.warn('page purge failed', { tags: [...batch.keys()], error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = undefined;
        const again = [...batch].filter(([, repeat]) => repeat).map(([tag]) => tag);
        if (again.length > 0 && !stopped) {
          const repeat = setTimeout(() => {
            repeats.delete(repeat);
            for (const tag of again) if (!pending.has(tag)) pending.set(tag, false);
            arm();
          }, settleMs);
          repeats.add(repeat);
        }
        arm();
      });
  };

  return {
    add(tags) {
      for (const tag of tags) pending.set(tag, true);
      arm();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const repeat of repeats) clearTimeout(repeat);
      repeats.clear();
      await running;
    },
  };
}

/** The tags a bus message on one of the followed channels makes stale, or none for a message that is not one. */
export function tagsOfChange(channel: string, message: string): string[] {
  if (channel === liveStateChannel) return parseLiveStateEvent(message) ? [pageTags.lives] : [];
  if (channel === replayReadyChannel || channel === replayRemovedChannel) return parseReplayReadyEvent(message) ? [pageTags.replays] : [];
  if (channel === sitePagesChangedChannel) return [pageTags.sitePages];
  if (channel === newsChangedChannel) return [pageTags.news];
  if (channel === scoreboardChannel) {
    const score = readScore(message);
    if (!score) return [];
    // The final whistle publishes the match's report (matches/feed/apply.ts): the news lists gain it.
    return [pageTags.matchLists, matchTag(score.matchId), ...(score.finished ? [pageTags.news] : [])];
  }
  return [];
}

function readScore(message: string): { matchId: number; finished: boolean } | undefined {
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { type, match_id: matchId, status } = parsed as Record<string, unknown>;
    return type === 'scoreLive' && typeof matchId === 'number' && Number.isInteger(matchId) ? { matchId, finished: status === 'finished' } : undefined;
  } catch {
    return undefined;
  }
}

const followedChannels = [liveStateChannel, replayReadyChannel, replayRemovedChannel, scoreboardChannel, sitePagesChangedChannel, newsChangedChannel] as const;

/** Starts following the bus; returns the function that stops it. */
export async function startPageFreshness(bus: Bus, purge: PagePurge, options: PurgeQueueOptions = {}): Promise<() => Promise<void>> {
  const queue = createPurgeQueue(purge, options);
  const unsubscribes = await Promise.all(followedChannels.map((channel) => bus.subscribe(channel, (message) => queue.add(tagsOfChange(channel, message)))));
  // Messages may have been lost while the bus reconnected: purge what any of them could have changed.
  const stopReset = bus.onReset(() => queue.add([pageTags.lives, pageTags.replays, pageTags.matchLists, pageTags.sitePages, pageTags.news]));
  return async () => {
    stopReset();
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
    await queue.stop();
  };
}
