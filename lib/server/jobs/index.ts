// Background jobs of the `jobs` role: interval jobs (each logs, never throws out) and the live-match feed.
import type { Db } from '@/lib/db/client';
import { purgeSignInRecords } from '@/lib/server/auth/retention';
import { getEnv } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { startMatchFeed } from '@/lib/server/matches/feed';
import { sweepLives } from '@/lib/server/live/auto-end';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { log } from '@/lib/server/log';
import { latestLedgerVerification, recordLedgerVerification } from '@/lib/server/ledger/verifications';
import { jobRuns, jobRunSeconds, observeGauge } from '@/lib/server/metrics';
import { expireVipMemberships } from '@/lib/server/mall/vip';
import { pruneRankingTable } from '@/lib/server/rankings/table-store';
import { mediaPaths } from '@/lib/server/media/paths';
import { applyRecordingRetention } from '@/lib/server/replays/retention';
import { rotateSmsOutbox } from '@/lib/server/sms/outbox-retention';
import { settleFromMatches } from '@/lib/server/quizzes/match-link';
import { resumeSettlements } from '@/lib/server/quizzes/settle';
import { announceLivesToFollowers, notifyStartedBookings } from '@/lib/server/bookings/notify';
import { announceScheduledNews } from '@/lib/server/news/schedule';
import { rollUpRecentAnchorDays } from '@/lib/server/anchor-stats/rollup';
import { leadJobs } from './leadership';

const ledgerProofEveryMs = 6 * 60 * 60_000;

export type IntervalJob = { name: string; everyMs: number; run: (db: Db) => Promise<unknown> };

/** The jobs role's interval jobs (exported for the tests that run one as the role does). */
export const intervalJobs: readonly IntervalJob[] = [
  {
    // Credits to anchors and system accounts are appended, never queued on their balance row; this adds them in.
    // Reads stay right between runs (balance plus pending); several processes folding at once skip each other's rows.
    name: 'ledger-fold',
    everyMs: 1_000,
    run: (db) => foldPendingEntries(db),
  },
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
  {
    // Replays past REPLAY_RETENTION_DAYS and recordings that never became one (lib/server/replays/retention.ts).
    name: 'recording-retention',
    everyMs: 60 * 60_000,
    run: (db) => applyRecordingRetention(db, mediaPaths(getEnv().dataDir), { replayDays: getEnv().REPLAY_RETENTION_DAYS }),
  },
  {
    // The console sender's outbox holds login codes: kept SMS_OUTBOX_RETENTION_HOURS, then rotated away.
    name: 'sms-outbox-retention',
    everyMs: 60 * 60_000,
    run: () => rotateSmsOutbox(getEnv().dataDir, getEnv().SMS_OUTBOX_RETENTION_HOURS),
  },
  {
    // VIP memberships past their end (docs/mall.md): the level falls back to 0 within a minute.
    name: 'vip-expiry',
    everyMs: 60_000,
    run: (db) => expireVipMemberships(db),
  },
  {
    // Quizzes (docs/quizzes.md): settlements a crash left half paid are finished, match-linked quizzes close at
    // kick-off and settle (or void) from the match feed's result with no human.
    name: 'quiz-sweep',
    everyMs: 2_000,
    run: async (db) => {
      await resumeSettlements(db);
      await settleFromMatches(db);
    },
  },
  {
    // Bookings (docs/bookings.md): each booker told once when the match kicks off or the planned live starts; each
    // live announced once to the anchor's followers. Claimed in the database, so two jobs processes tell nobody twice.
    name: 'booking-notify',
    everyMs: 5_000,
    run: async (db) => {
      await notifyStartedBookings(db);
      await announceLivesToFollowers(db);
    },
  },
  {
    // Scheduled news (docs/admin.md): the web processes purge their cached news when an article's time comes. Each run
    // looks back two intervals, so a late tick misses nothing; an article announced twice is purged twice, harmlessly.
    name: 'news-schedule',
    everyMs: 5_000,
    run: (db) => {
      const now = new Date();
      return announceScheduledNews(db, new Date(now.getTime() - 10_000), now);
    },
  },
  {
    // The anchor centre's figures by UTC day (docs/anchor-stats.md): yesterday and today recomputed from the events.
    name: 'anchor-stats',
    everyMs: 10_000,
    run: (db) => rollUpRecentAnchorDays(db),
  },
  {
    // A proof of the books on record (docs/ledger.md): the console's finance page shows the newest, a failed one
    // is an error line the dashboard counts. A restart does not read every entry again while the last proof is recent.
    name: 'ledger-verify',
    everyMs: ledgerProofEveryMs,
    run: async (db) => {
      const latest = await latestLedgerVerification(db);
      if (!latest || Date.now() - Date.parse(latest.at) >= ledgerProofEveryMs - 60_000) await recordLedgerVerification(db, null);
    },
  },
  {
    // Day and week ranking buckets that are over leave the table (Redis expires its own; docs/rankings.md).
    name: 'ranking-prune',
    everyMs: 60 * 60_000,
    run: (db) => pruneRankingTable(db),
  },
];

/**
 * Runs each job now and then every `everyMs`; a run still going when the next is due makes that tick a no-op,
 * so a slow database never piles up copies of one job. The returned stop waits for the runs in flight.
 */
export function startIntervalJobs(db: Db, list: readonly IntervalJob[]): () => Promise<void> {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  const timers = list.map((job) => {
    const tick = () => {
      if (stopped || inFlight.has(job.name)) return;
      const endTimer = jobRunSeconds.startTimer({ job: job.name });
      const run = job
        .run(db)
        .then(() => void jobRuns.inc({ job: job.name, outcome: 'ok' }))
        .catch((error: unknown) => {
          jobRuns.inc({ job: job.name, outcome: 'failed' });
          log.error('job failed', { job: job.name, error: String(error) });
        })
        .finally(() => {
          endTimer();
          inFlight.delete(job.name);
        });
      inFlight.set(job.name, run);
    };
    tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.all(inFlight.values());
  };
}

/**
 * The jobs role: with Postgres, only the process that leads (lib/server/jobs/leadership.ts) runs the interval jobs
 * and the match feed, so two jobs processes never run a tick twice; with the embedded database, this process.
 */
export function startJobs(db: Db, bus: Bus, options: { postgresUrl?: string } = {}): () => Promise<void> {
  const leadership = leadJobs({ postgresUrl: options.postgresUrl, lead: () => startLeaderWork(db, bus) });
  const unobserve = observeGauge('jobs_leader', '1 while this process leads the jobs', () => (leadership.isLeader() ? 1 : 0));
  return async () => {
    unobserve();
    await leadership.stop();
  };
}

function startLeaderWork(db: Db, bus: Bus): () => Promise<void> {
  const stopIntervalJobs = startIntervalJobs(db, intervalJobs);
  const env = getEnv();
  const matchFeed = startMatchFeed(db, bus, {
    replay: env.MATCH_REPLAY
      ? { speed: env.MATCH_REPLAY_SPEED, maxGapMs: env.MATCH_REPLAY_MAX_GAP_MINUTES > 0 ? env.MATCH_REPLAY_MAX_GAP_MINUTES * 60_000 : undefined }
      : false,
    provider: env.MATCH_FEED_URL ? { url: env.MATCH_FEED_URL } : undefined,
  });
  return async () => {
    await stopIntervalJobs();
    await matchFeed.stop();
  };
}
