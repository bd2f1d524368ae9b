import { NotFoundView } from '@/components/content/not-found-view';
import { DocumentIcon } from '@/components/shell/icons';
import { siteRoutes } from '@/lib/routes';

export default function ProtocolNotFound() {
  return (
    <NotFoundView
      icon={DocumentIcon}
      texts={(t) => ({ title: t('articles.sitePage.notFound'), hint: t('articles.sitePage.notFoundHint'), back: { href: siteRoutes.home, label: t('articles.sitePage.backHome') } })}
    />
  );
}
