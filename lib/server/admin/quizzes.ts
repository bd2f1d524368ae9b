import 'server-only';
// Quiz disputes in the operator console (docs/admin.md "Quizzes"): every quiz of the brand's anchors with its pools;
// an operator or finance officer ends a quiz's betting, draws it (match-linked ones included) or cancels it (stakes
// refunded, or after the draw reversed), through the quiz lifecycle the CLI uses. The settlement runs in resumable
// chunks of its own (docs/quizzes.md), so the audit row is written once the decision has committed, with the quiz
// before and after.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { cancelQuiz, closeBetting, drawAndSettle, type Actor } from '@/lib/server/quizzes/lifecycle';
import { findQuiz } from '@/lib/server/quizzes/settle';
import { countBrandQuizzes, readBrandQuizzes } from '@/lib/server/quizzes/views';
import { adminPageSize, type ConsoleQuizzesPage, type QuizDecisionInput } from '@/lib/validation/admin';
import type { QuizView } from '@/lib/validation/quizzes';
import { writeAudit, type AuditContext } from './audit';
import { pageWindow } from './paging';

export async function listQuizzesForConsole(db: Db, brandId: string, requestedPage: number): Promise<ConsoleQuizzesPage> {
  const total = await countBrandQuizzes(db, brandId);
  const { page, pages } = pageWindow(total, requestedPage);
  return { rows: await readBrandQuizzes(db, brandId, page, adminPageSize), total, page, pages };
}

const summary = (view: Pick<QuizView, 'status' | 'winner' | 'pool' | 'bettors'>) => ({ status: view.status, winner: view.winner, pool: view.pool, bettors: view.bettors });

/** Ends betting, draws A or B, or cancels; a quiz of another brand is "not found". */
export async function decideQuiz(db: Db, context: AuditContext, input: QuizDecisionInput): Promise<QuizView> {
  const quiz = await findQuiz(db, input.quiz_id);
  const [anchor] = quiz ? await db.select({ brandId: users.brandId }).from(users).where(eq(users.id, quiz.anchorId)) : [];
  if (!quiz || anchor?.brandId !== context.brandId) throw new AppError('quiz.errors.notFound');
  // The console has checked the right; the lifecycle is asked with an operator's.
  const actor: Actor = { id: context.actorId, role: 'operator' };
  const action = input.decision === 'close' ? 'quiz.close' : input.decision === 'cancel' ? 'quiz.cancel' : 'quiz.draw';
  const previous = { status: quiz.status, winner: quiz.winner };
  const view =
    input.decision === 'close'
      ? await closeBetting(db, quiz.id)
      : input.decision === 'cancel'
        ? await cancelQuiz(db, actor, quiz.id)
        : await drawAndSettle(db, actor, quiz.id, input.decision === 'drawA' ? 'A' : 'B');
  await writeAudit(db, context, { action, targetType: 'quiz', targetId: quiz.id, before: previous, after: summary(view) });
  return view;
}
