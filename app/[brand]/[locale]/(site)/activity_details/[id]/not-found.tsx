import { NotFoundView } from '@/components/content/not-found-view';
import { GiftIcon } from '@/components/shell/icons';
import { siteRoutes } from '@/lib/routes';

export default function ActivityNotFound() {
  return (
    <NotFoundView
      icon={GiftIcon}
      texts={(t) => ({ title: t('articles.activity.notFound'), hint: t('articles.activity.notFoundHint'), back: { href: siteRoutes.activity, label: t('articles.activity.backToActivities') } })}
    />
  );
}
