/** @jest-environment node */
// The web role's purge of cached pages: which bus messages make which pages stale, and how purges are paced (the
// first at once, a burst folded into one a second, each repeated once to catch a render that straddled it).
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { scoreboardChannel, type ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { liveStateChannel, type LiveStateEvent } from '@/lib/server/live-state/state';
import { matchTag, pageTags } from '@/lib/server/public-pages/cache-tags';
import { createPurgeQueue, startPageFreshness, tagsOfChange } from '@/lib/server/public-pages/freshness';
import { replayReadyChannel } from '@/lib/server/replays/events';
import { newsChangedChannel } from '@/lib/server/news/events';

const ended: LiveStateEvent = { live_id: 7, anchor_id: 3, stream: 's7', status: 'ended', ticketed: false, reason: 'anchor' };
const score: ScoreLiveMessage = { type: 'scoreLive', match_id: 1033, status: 'live', phase: 'second_half', minute: 67, stoppage: 0, home_score: 1, away_score: 1, ht: [0, 1], et: null, pens: null };

describe('tagsOfChange', () => {
  it('names the pages each change shows on', () => {
    expect(tagsOfChange(liveStateChannel, JSON.stringify(ended))).toEqual([pageTags.lives]);
    expect(tagsOfChange(replayReadyChannel, JSON.stringify({ replay_id: 4, live_id: 7, anchor_id: 3 }))).toEqual([pageTags.replays]);
    expect(tagsOfChange(scoreboardChannel, JSON.stringify(score))).toEqual([pageTags.matchLists, matchTag(1033)]);
    expect(tagsOfChange(scoreboardChannel, JSON.stringify({ ...score, status: 'finished' }))).toEqual([pageTags.matchLists, matchTag(1033), pageTags.news]);
    expect(tagsOfChange(newsChangedChannel, JSON.stringify({ id: 12 }))).toEqual([pageTags.news]);
  });

  it('ignores what is not such a change', () => {
    expect(tagsOfChange(liveStateChannel, '{"live_id":"x"}')).toEqual([]);
    expect(tagsOfChange(scoreboardChannel, JSON.stringify({ ...score, type: 'textLive' }))).toEqual([]);
    expect(tagsOfChange(replayReadyChannel, 'not json')).toEqual([]);
  });
});

describe('createPurgeQueue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Lets the queue's timers and promise callbacks run up to `ms` from now. */
  const advance = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
  };

  it('purges at once after a quiet spell, repeats it a second later, then rests', async () => {
    const purged: string[][] = [];
    const queue = createPurgeQueue(async (tags) => void purged.push(tags), { now: () => Date.now() });
    queue.add([pageTags.lives]);
    await advance(0);
    expect(purged).toEqual([[pageTags.lives]]);
    await advance(900);
    expect(purged).toHaveLength(1);
    await advance(200);
    expect(purged).toEqual([[pageTags.lives], [pageTags.lives]]);
    await advance(10_000);
    expect(purged).toHaveLength(2);
    await queue.stop();
  });

  it('folds a burst into one purge a second', async () => {
    const purged: string[][] = [];
    const queue = createPurgeQueue(async (tags) => void purged.push(tags), { now: () => Date.now() });
    queue.add([pageTags.matchLists, matchTag(1)]);
    await advance(0);
    for (let tick = 0; tick < 5; tick += 1) {
      queue.add([pageTags.matchLists, matchTag(2)]);
      await advance(100);
    }
    expect(purged).toHaveLength(1);
    await advance(500);
    expect(purged).toHaveLength(2);
    expect(new Set(purged[1])).toEqual(new Set([pageTags.matchLists, matchTag(1), matchTag(2)]));
    await queue.stop();
  });

  it('keeps going after a purge that failed', async () => {
    const purged: string[][] = [];
    let fail = true;
    const queue = createPurgeQueue(
      async (tags) => {
        if (fail) {
          fail = false;
          throw new Error('the handler is restarting');
        }
        purged.push(tags);
      },
      { now: () => Date.now() },
    );
    queue.add([pageTags.replays]);
    await advance(1100);
    expect(purged).toEqual([[pageTags.replays]]);
    await queue.stop();
  });
});

describe('startPageFreshness', () => {
  it('purges what a bus message makes stale, until stopped', async () => {
    const bus = createMemoryBus();
    const purged: string[][] = [];
    const stop = await startPageFreshness(bus, async (tags) => void purged.push(tags), { settleMs: 60_000 });
    await bus.publish(liveStateChannel, JSON.stringify(ended));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(purged).toEqual([[pageTags.lives]]);
    await stop();
    await bus.publish(replayReadyChannel, JSON.stringify({ replay_id: 4, live_id: 7, anchor_id: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(purged).toHaveLength(1);
    await bus.close();
  });
});
