import 'server-only';
// Stores a message sent from the feedback page, after the sending limits.
import type { Db } from '@/lib/db';
import { feedback } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import type { FeedbackInput, FeedbackSubmitReply } from '@/lib/validation/feedback';
import { takeFeedbackAllowance } from './rate-limit';

export type FeedbackSender = { brandId: string; userId: number | null; locale: Locale; ip: string; userAgent: string };

const userAgentMax = 300;

export async function submitFeedback(db: Db, input: FeedbackInput, sender: FeedbackSender): Promise<FeedbackSubmitReply> {
  const keys = [`ip:${sender.ip}`, ...(sender.userId !== null ? [`user:${sender.userId}`] : [])];
  const waitSeconds = await takeFeedbackAllowance(keys);
  if (waitSeconds > 0) throw new AppError('feedback.errors.tooMany', { minutes: Math.ceil(waitSeconds / 60) });
  const [row] = await db
    .insert(feedback)
    .values({
      brandId: sender.brandId,
      userId: sender.userId,
      category: input.category,
      content: input.content,
      contact: input.contact,
      locale: sender.locale,
      userAgent: sender.userAgent.slice(0, userAgentMax),
    })
    .returning({ id: feedback.id });
  return { id: row.id };
}
