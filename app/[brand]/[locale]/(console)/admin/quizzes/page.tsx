// Quizzes: every quiz of the brand's anchors; end betting, draw or cancel one (a dispute).
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { QuizzesView } from '@/components/admin/quizzes-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleQuizzes } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleQuizzesPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleQuizzes(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="quizzes" title={t('quizzes.heading')}>
      {page.allowed ? <QuizzesView quizzes={page.quizzes} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
