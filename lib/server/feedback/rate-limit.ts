import 'server-only';
// How often feedback may be sent: a few messages per address (and per account) in ten minutes keeps
// the form usable and a script out.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRateLimiter, takeAll } from '@/lib/server/rate-limit';

const feedbackLimit = { points: 5, durationSeconds: 600 };

let limiter: RateLimiterAbstract | undefined;

function feedbackLimiter(): RateLimiterAbstract {
  limiter ??= createRateLimiter('rl:feedback', feedbackLimit);
  return limiter;
}

/** Counts one message for each key; returns the seconds to wait when any of them is over the limit (nothing counted then). */
export async function takeFeedbackAllowance(keys: string[]): Promise<number> {
  const refused = await takeAll(keys.map((key) => ({ limiter: feedbackLimiter(), key })));
  return refused ? Math.max(1, Math.ceil(refused.waitMs / 1000)) : 0;
}
