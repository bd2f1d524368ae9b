import 'server-only';
// Slide-captcha challenges: issue one (captcha_path), check the slider once (captcha_verify), and let one
// password login spend a challenge solved in the last 5 minutes (login's `captcha_id`).
import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { captchaChallenges } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { takeAll } from '@/lib/server/rate-limit/limits';
import type { CaptchaChallenge } from '@/lib/validation/auth';
import { drawCaptcha } from './images';

/**
 * How far (px, in the 590-wide image) the slider may land from the hole: ±4 over the ~430 px the hole can be
 * in, so a blind guess passes about 2 % of the time (±6 let 3 % through); a person lands within 2–3 px.
 */
const captchaTolerancePx = 4;
const verifyWithinMs = 2 * 60_000;
const solvedCaptchaValidMs = 5 * 60_000;
const keepRowsMs = 60 * 60_000;

export async function issueCaptcha(db: Db, ip: string): Promise<CaptchaChallenge> {
  // Drawing costs CPU: a client may ask for a new picture every two seconds on average.
  await takeAll([{ name: 'captchaIssueIp', key: ip }], () => new AppError('api.errors.tooManyRequests'));
  const drawn = await drawCaptcha();
  const id = crypto.randomBytes(16).toString('base64url');
  const now = Date.now();
  await db.delete(captchaChallenges).where(lt(captchaChallenges.createdAt, new Date(now - keepRowsMs)));
  await db.insert(captchaChallenges).values({ id, x: drawn.x, y: drawn.y, expiresAt: new Date(now + verifyWithinMs) });
  return { id, image: drawn.image, slide: drawn.slide, y: drawn.y };
}

/** One attempt per challenge, right or wrong: a refreshed picture is the only retry. */
export async function verifyCaptcha(db: Db, input: { id: string; x: number }): Promise<true> {
  const now = new Date();
  const [challenge] = await db
    .update(captchaChallenges)
    .set({ attemptedAt: now })
    .where(and(eq(captchaChallenges.id, input.id), isNull(captchaChallenges.attemptedAt), gt(captchaChallenges.expiresAt, now)))
    .returning({ x: captchaChallenges.x });
  if (!challenge) throw new AppError('auth.captchaExpired');
  if (Math.abs(challenge.x - input.x) > captchaTolerancePx) throw new AppError('auth.captchaFailed');
  await db.update(captchaChallenges).set({ solvedAt: now }).where(eq(captchaChallenges.id, input.id));
  return true;
}

/** Spends a solved captcha for a password login; each solved captcha allows one login attempt. */
export async function spendSolvedCaptcha(db: Db, id: string): Promise<void> {
  const now = new Date();
  const spent = id
    ? await db
        .update(captchaChallenges)
        .set({ usedAt: now })
        .where(
          and(
            eq(captchaChallenges.id, id),
            gt(captchaChallenges.solvedAt, new Date(now.getTime() - solvedCaptchaValidMs)),
            isNull(captchaChallenges.usedAt),
          ),
        )
        .returning({ id: captchaChallenges.id })
    : [];
  if (spent.length === 0) throw new AppError('auth.captchaRequired');
}
