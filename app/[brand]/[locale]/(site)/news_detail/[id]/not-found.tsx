import { NotFoundView } from '@/components/content/not-found-view';
import { NewsIcon } from '@/components/shell/icons';
import { siteRoutes } from '@/lib/routes';

export default function ArticleNotFound() {
  return (
    <NotFoundView
      icon={NewsIcon}
      texts={(t) => ({ title: t('articles.news.notFound'), hint: t('articles.news.notFoundHint'), back: { href: siteRoutes.news, label: t('articles.news.backToNews') } })}
    />
  );
}
