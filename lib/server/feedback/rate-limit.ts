import 'server-only';
// How often feedback may be sent: a few messages per address (and per account) in ten minutes keeps
// the form usable and a script out.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRateLimiter } from '@/lib/server/rate-limit';

export const feedbackLimit = { points: 5, durationSeconds: 600 };

let limiter: RateLimiterAbstract | undefined;

function feedbackLimiter(): RateLimiterAbstract {
  limiter ??= createRateLimiter('rl:feedback', feedbackLimit);
  return limiter;
}

/** Counts one message for each key; returns the seconds to wait when any of them is over the limit (nothing counted then). */
export async function takeFeedbackAllowance(keys: string[]): Promise<number> {
  const current = feedbackLimiter();
  for (const key of keys) {
    const state = await current.get(key);
    if (state && state.consumedPoints >= feedbackLimit.points) return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }
  for (const key of keys) {
    await current.consume(key).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    });
  }
  return 0;
}

