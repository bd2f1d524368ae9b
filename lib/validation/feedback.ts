import { z } from 'zod';

// The feedback form (/about/3) and POST /api/feedback/submit share this schema; its messages are keys
// of messages/*/feedback.json.
export const feedbackCategories = ['bug', 'suggestion', 'account', 'payment', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

/** new; read: handled without a reply (a phone call); answered: replied in the console. */
export const feedbackStatuses = ['new', 'read', 'answered'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export const feedbackContentMin = 10;
export const feedbackContentMax = 1000;
const feedbackContactMax = 100;

const phonePattern = /^\+?[\d\s-]{6,20}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const feedbackInput = z.object({
  category: z.enum(feedbackCategories, { error: 'feedback.validation.category' }),
  content: z
    .string({ error: 'feedback.validation.contentRequired' })
    .trim()
    .min(1, 'feedback.validation.contentRequired')
    .min(feedbackContentMin, 'feedback.validation.contentTooShort')
    .max(feedbackContentMax, 'feedback.validation.contentTooLong'),
  contact: z
    .string({ error: 'feedback.validation.contactInvalid' })
    .trim()
    .max(feedbackContactMax, 'feedback.validation.contactInvalid')
    .refine((value) => value === '' || phonePattern.test(value) || emailPattern.test(value), 'feedback.validation.contactInvalid')
    .default(''),
});

export type FeedbackInput = z.infer<typeof feedbackInput>;

/** POST /api/feedback/submit: the stored message's id. */
export const feedbackSubmitReply = z.object({ id: z.number() });
export type FeedbackSubmitReply = z.infer<typeof feedbackSubmitReply>;

