import { NotFoundView } from '@/components/content/not-found-view';
import { DocumentIcon } from '@/components/shell/icons';

export default function AboutNotFound() {
  return (
    <NotFoundView
      icon={DocumentIcon}
      texts={(t) => ({ title: t('articles.sitePage.notFound'), hint: t('articles.sitePage.notFoundHint'), back: { href: '/home', label: t('articles.sitePage.backHome') } })}
    />
  );
}
