// /guessList (spec §2.2): open quizzes across rooms with their pools and odds, or the settled ones with the winner;
// each links to its anchor's room. Rendered on the server from the page's loader.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { TrophyIcon } from '@/components/shell/icons';
import { Pager } from '@/components/shell/pager';
import { EmptyState } from '@/components/ui/empty-state';
import { formatBalance } from '@/components/user/user-numbers';
import type { Locale } from '@/lib/i18n/locales';
import { liveRoomPath } from '@/lib/routes';
import { quizListPageSize } from '@/lib/validation/quiz-constants';
import type { QuizList } from '@/lib/validation/quizzes';
import { guessListHref, type GuessListQuery } from './guess-list-query';
import styles from './quiz-lists.module.css';

export async function GuessListView({ locale, query, list }: { locale: Locale; query: GuessListQuery; list: QuizList }) {
  const { settled } = query;
  const t = await getTranslations({ locale, namespace: 'quiz' });
  const tp = await getTranslations({ locale, namespace: 'pages' });
  return (
    <>
      <nav className={styles.tabs} aria-label={t('panel.title')}>
        <Link className={styles.tab} href={guessListHref({ settled: false, page: 1 })} aria-current={settled ? undefined : 'page'}>
          {t('list.open')}
        </Link>
        <Link className={styles.tab} href={guessListHref({ settled: true, page: 1 })} aria-current={settled ? 'page' : undefined}>
          {t('list.settled')}
        </Link>
      </nav>
      {list.list.length === 0 ? (
        <EmptyState icon={TrophyIcon} title={settled ? t('list.empty') : tp('guessList.empty')} description={tp('guessList.hint')} />
      ) : (
        <ul className={styles.list}>
          {list.list.map((quiz) => (
            <li key={quiz.guess_id} className={styles.row}>
              <p className={styles.question}>{quiz.question}</p>
              <p className={styles.meta}>
                {t(`status.${quiz.status}`)} · {quiz.anchor_name} · A {quiz.a.text} ×{quiz.a.odds.toFixed(2)} · B {quiz.b.text} ×{quiz.b.odds.toFixed(2)} ·{' '}
                {t('panel.pool', { amount: formatBalance(quiz.pool, locale) })}
                {quiz.winner ? ` · ${t('list.winner', { option: quiz.winner === 'A' ? quiz.a.text : quiz.b.text })}` : ''}
              </p>
              <p className={styles.meta}>
                <Link href={liveRoomPath(quiz.anchor_id)}>{t('list.room')}</Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} pages={Math.ceil(list.total / quizListPageSize)} hrefFor={(page) => guessListHref({ settled, page })} />
    </>
  );
}
