import 'server-only';
// Runs the live-match feeds for the `jobs` role: the replayer (every second by default) and, when
// configured, the HTTP provider (every few seconds). Messages go to `match:<id>` on the bus, and every
// scoreLive to the scoreboard channel too.
import type { Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import { matchChannel, scoreboardChannel } from '@/lib/realtime/match-messages';
import { worldCupCompetitionId } from '@/lib/validation/matches';
import { log } from '@/lib/server/log';
import { closeReplayGap, setReplaySpeed } from './demo-schedule';
import { createProviderFeed } from './provider';
import { createMatchReplayer } from './replayer';
import type { MatchFeed, MatchPublisher } from './types';

export type MatchFeedOptions = {
  /**
   * Replay the scheduled real matches; `speed` changes the schedule's pace (1 = real time), `maxGapMs`
   * skips wall time between match days beyond that gap. Default on, at the stored pace, no skipping.
   */
  replay?: false | { speed?: number; tickMs?: number; maxGapMs?: number };
  /** Poll a provider's JSON document (docs/match-feed-provider.md). */
  provider?: { url: string; pollMs?: number; timeoutMs?: number; headers?: Record<string, string> };
  /** The clock; tests and tools inject one. */
  now?: () => Date;
};

export type RunningMatchFeed = { feeds: MatchFeed[]; stop(): Promise<void> };

export function busPublisher(bus: Bus): MatchPublisher {
  return async (matchId, message) => {
    const frame = JSON.stringify(message);
    await bus.publish(matchChannel(matchId), frame);
    if (message.type === 'scoreLive') await bus.publish(scoreboardChannel, frame);
  };
}

/** Ticks a feed on an interval; a tick that is still running makes the next one wait its turn. */
function schedule(feed: MatchFeed, everyMs: number, now: () => Date, before?: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> = before ? before() : Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = running
      .then(() => feed.tick(now()))
      .then((report) => {
        if (report.errors.length > 0) log.warn('match feed tick had errors', { feed: feed.name, errors: report.errors.slice(0, 5) });
      })
      .catch((error: unknown) => log.error('match feed tick failed', { feed: feed.name, error: String(error) }))
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export function startMatchFeed(db: Db, bus: Bus, options: MatchFeedOptions = {}): RunningMatchFeed {
  const now = options.now ?? (() => new Date());
  const publish = busPublisher(bus);
  const feeds: MatchFeed[] = [];
  const loops: { stop(): Promise<void> }[] = [];

  if (options.replay !== false) {
    const replay = options.replay ?? {};
    const replayer = createMatchReplayer(db, publish);
    feeds.push(replayer);
    const adjustSpeed = async () => {
      if (replay.speed === undefined) return;
      const moved = await setReplaySpeed(db, worldCupCompetitionId, replay.speed, now()).catch((error: unknown) => {
        log.error('could not change the replay speed', { error: String(error) });
        return false;
      });
      if (moved) {
        replayer.reload();
        log.info('replay speed changed', { speed: replay.speed });
      }
    };
    const { maxGapMs } = replay;
    const gapless: MatchFeed =
      maxGapMs === undefined
        ? replayer
        : {
            name: replayer.name,
            async tick(at) {
              if (await closeReplayGap(db, worldCupCompetitionId, at, maxGapMs)) {
                replayer.reload();
                log.info('replay moved on to the next kick-off', { maxGapMs });
              }
              return replayer.tick(at);
            },
          };
    loops.push(schedule(gapless, replay.tickMs ?? 1_000, now, adjustSpeed));
  }
  if (options.provider) {
    const provider = createProviderFeed(db, publish, options.provider);
    feeds.push(provider);
    loops.push(schedule(provider, options.provider.pollMs ?? 5_000, now));
  }
  return {
    feeds,
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
