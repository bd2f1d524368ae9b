// Background jobs of the `jobs` role: interval jobs (each logs, never throws out) and the live-match feed.
import type { Db } from '@/lib/db/client';
import { purgeSignInRecords } from '@/lib/server/auth/retention';
import { getEnv } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { startMatchFeed } from '@/lib/server/matches/feed';
import { sweepLives } from '@/lib/server/live/auto-end';
import { log } from '@/lib/server/log';

type Job = { name: string; everyMs: number; run: (db: Db) => Promise<unknown> };

const jobs: Job[] = [
  {
    // Ended sessions, SMS codes and phone proofs stay a week (for support questions), then go.
    name: 'purge-sign-in-records',
    everyMs: 60 * 60_000,
    run: (db) => purgeSignInRecords(db),
  },
  {
    // Lives away past their grace period end; a logged-out anchor's live ends 5 minutes later (docs/live.md).
    name: 'live-sweep',
    everyMs: 5_000,
    run: (db) => sweepLives(db, { awayGraceSeconds: getEnv().LIVE_AWAY_GRACE_SECONDS }),
  },
];

export function startJobs(db: Db, bus: Bus): () => Promise<void> {
  const timers = jobs.map((job) => {
    const tick = () =>
      job.run(db).catch((error: unknown) => log.error('job failed', { job: job.name, error: String(error) }));
    void tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  const env = getEnv();
  const matchFeed = startMatchFeed(db, bus, {
    replay: env.MATCH_REPLAY
      ? { speed: env.MATCH_REPLAY_SPEED, maxGapMs: env.MATCH_REPLAY_MAX_GAP_MINUTES > 0 ? env.MATCH_REPLAY_MAX_GAP_MINUTES * 60_000 : undefined }
      : false,
    provider: env.MATCH_FEED_URL ? { url: env.MATCH_FEED_URL } : undefined,
  });
  return async () => {
    timers.forEach(clearInterval);
    await matchFeed.stop();
  };
}
