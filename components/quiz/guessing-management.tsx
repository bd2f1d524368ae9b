'use client';
// /user-center/guessing-management (spec §2.2): the anchor's quizzes with their status and pools. Creating,
// starting and drawing happen in the live room's quiz panel, beside the live they belong to.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { TrophyIcon } from '@/components/shell/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { ShowMore } from '@/components/ui/show-more';
import { formatBalance } from '@/components/user/user-numbers';
import { isLocale } from '@/lib/i18n/locales';
import { manageQuery } from './quiz-api';
import styles from './quiz-lists.module.css';

export function GuessingManagement() {
  const t = useTranslations('quiz');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  const viewerId = useViewerId();
  const quizzes = useInfiniteQuery({ ...manageQuery, enabled: typeof viewerId === 'number' });
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={TrophyIcon} title={t('history.signedOut')} text={t('history.signedOutHint')} />;
  return (
    <QueryRows query={quizzes}>
      {({ pages }) =>
        pages[0].list.length === 0 ? (
          <EmptyState icon={TrophyIcon} title={t('manage.empty')} description={t('manage.emptyHint')} />
        ) : (
          <>
            <ul className={styles.list}>
              {pages.flatMap((page) => page.list).map((quiz) => (
                <li key={quiz.guess_id} className={styles.row}>
                  <p className={styles.question}>{quiz.question}</p>
                  <p className={styles.meta}>
                    {t(`status.${quiz.status}`)} · A {quiz.a.text} {formatBalance(quiz.a.pool, locale)} · B {quiz.b.text} {formatBalance(quiz.b.pool, locale)} ·{' '}
                    {t('panel.bettors', { count: quiz.bettors })}
                    {quiz.winner ? ` · ${t('list.winner', { option: quiz.winner === 'A' ? quiz.a.text : quiz.b.text })}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            <ShowMore query={quizzes} label={t('list.more')} />
          </>
        )
      }
    </QueryRows>
  );
}
