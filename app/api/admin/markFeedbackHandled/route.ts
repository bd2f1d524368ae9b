import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { markFeedbackHandled } from '@/lib/server/admin/feedback';
import { feedbackTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: feedbackTargetInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'feedback.reply');
  return markFeedbackHandled(db, audit, input.feedback_id);
});
