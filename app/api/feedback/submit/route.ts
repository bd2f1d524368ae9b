import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { submitFeedback } from '@/lib/server/feedback/submit';
import { feedbackInput } from '@/lib/validation/feedback';

/** POST /api/feedback/submit: the /about/3 form. Anyone may send; a signed-in sender's account is linked. */
const submitFeedbackHandler = defineHandler({ auth: 'none', input: feedbackInput }, ({ db, input, user, brand, locale, request }) =>
  submitFeedback(db, input, {
    brandId: brand.id,
    userId: user?.id ?? null,
    locale,
    ip: clientIp(request),
    userAgent: request.headers.get('user-agent') ?? '',
  }),
);

export { submitFeedbackHandler as POST };
