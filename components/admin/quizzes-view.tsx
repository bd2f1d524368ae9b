// Quiz disputes in the console: every quiz of the brand's anchors, newest first, with its anchor, question, pools
// and state; end the betting of an open one, draw a closed one (A or B), or cancel one (stakes back, or after the
// draw reversed). Each decision asks for confirmation, and for the password when the last check is old.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminPersonPath, adminQuizzesPath } from '@/lib/routes';
import type { ConsoleQuizzesPage } from '@/lib/validation/admin';
import type { QuizStatus } from '@/lib/validation/quiz-constants';
import type { QuizView } from '@/lib/validation/quizzes';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import styles from './console.module.css';

const statusTone: Record<QuizStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'live',
  to_be_drawn: 'brand',
  prize_drawn: 'success',
  closed: 'muted',
  cancelled: 'muted',
  cancelled_after_draw: 'muted',
};

type Decision = 'close' | 'drawA' | 'drawB' | 'cancel';

/** What may still be decided about a quiz in its state. */
function decisionsFor(quiz: QuizView): Decision[] {
  switch (quiz.status) {
    case 'in_progress':
      return ['close', 'cancel'];
    case 'to_be_drawn':
      return ['drawA', 'drawB', 'cancel'];
    case 'not_started':
    case 'prize_drawn':
      return ['cancel'];
    default:
      return [];
  }
}

export function QuizzesView({ quizzes }: { quizzes: ConsoleQuizzesPage }) {
  const t = useTranslations('admin');
  const status = useTranslations('quiz.status');
  const locale = useLocale();
  const gold = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  if (quizzes.total === 0) return <p className={styles.notice}>{t('quizzes.empty')}</p>;
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('quizzes.lead')}</p>
      <Card radius="lg" clip className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('quizzes.quiz')}</th>
              <th scope="col">{t('quizzes.pools')}</th>
              <th scope="col">{t('quizzes.state')}</th>
              <th scope="col">{t('audit.action')}</th>
            </tr>
          </thead>
          <tbody>
            {quizzes.rows.map((quiz) => (
              <tr key={quiz.guess_id} data-quiz={quiz.guess_id}>
                <td data-label={t('quizzes.quiz')}>
                  <span>
                    {quiz.question}{' '}
                    <span className={styles.muted}>
                      #{quiz.guess_id} · <Link href={adminPersonPath(quiz.anchor_id)}>{quiz.anchor_name}</Link>
                    </span>
                  </span>
                </td>
                <td data-label={t('quizzes.pools')} className={styles.num}>
                  {t('quizzes.pool', { option: 'A', text: quiz.a.text, gold: gold.format(quiz.a.pool / 100), bettors: quiz.a.bettors })}
                  <br />
                  {t('quizzes.pool', { option: 'B', text: quiz.b.text, gold: gold.format(quiz.b.pool / 100), bettors: quiz.b.bettors })}
                </td>
                <td data-label={t('quizzes.state')}>
                  <span>
                    <Badge tone={statusTone[quiz.status]}>{status(quiz.status)}</Badge>
                    {quiz.winner ? ` ${t('quizzes.winner', { option: quiz.winner })}` : null}
                  </span>
                </td>
                <td data-label={t('audit.action')}>
                  <div className={styles.rowActions}>
                    {decisionsFor(quiz).map((decision) => (
                      <ActionForm
                        key={decision}
                        endpoint="/api/admin/decideQuiz"
                        values={{ quiz_id: quiz.guess_id, decision }}
                        submitLabel={t(`quizzes.decisions.${decision}`, { a: quiz.a.text, b: quiz.b.text })}
                        doneMessage={t(`quizzes.done.${decision}`)}
                        confirmMessage={t(`quizzes.confirm.${decision}`, { question: quiz.question, a: quiz.a.text, b: quiz.b.text })}
                        variant={decision === 'cancel' ? 'danger' : 'outline'}
                        size="xs"
                        className={styles.rowActions}
                      />
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <ConsolePager page={quizzes.page} pages={quizzes.pages} href={adminQuizzesPath} />
    </div>
  );
}
