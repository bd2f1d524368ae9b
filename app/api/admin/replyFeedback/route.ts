import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { replyToFeedback } from '@/lib/server/admin/feedback';
import { feedbackReplyInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: feedbackReplyInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'feedback.reply');
  return replyToFeedback(db, audit, input);
});
