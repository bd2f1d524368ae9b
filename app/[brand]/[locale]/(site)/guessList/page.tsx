// /guessList (spec §2.2): the quizzes open across rooms, or (?settled=1) the finished ones, rendered on the server.
import { getTranslations } from 'next-intl/server';
import { parseGuessListQuery } from '@/components/quiz/guess-list-query';
import { GuessListView } from '@/components/quiz/guess-list-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import styles from '@/components/shell/route-page.module.css';
import { readGuessListPage } from '@/lib/server/public-pages/guess-list-page';

export const generateMetadata = routeMetadata('guessList');

type GuessListProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function GuessListPage({ params, searchParams }: GuessListProps) {
  const { locale } = await resolvePageContext(params);
  const query = parseGuessListQuery(await searchParams);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t('guessList.title')}</h1>
      </header>
      <GuessListView locale={locale} query={query} list={await readGuessListPage(query.settled, query.page)} />
    </div>
  );
}
