import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { decideQuiz } from '@/lib/server/admin/quizzes';
import { quizDecisionInput } from '@/lib/validation/admin';

// Money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: quizDecisionInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'quizzes.settle');
  return decideQuiz(db, audit, input);
});
