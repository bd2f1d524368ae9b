// Feedback: what viewers sent from the feedback page, by status; reply, or mark as handled.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { FeedbackView } from '@/components/admin/feedback-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadFeedback } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleFeedbackPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadFeedback(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="feedback" title={t('feedback.heading')}>
      {page.allowed ? <FeedbackView query={page.query} inbox={page.inbox} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
