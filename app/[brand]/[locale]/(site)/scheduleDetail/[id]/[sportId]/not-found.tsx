import { NotFoundView } from '@/components/content/not-found-view';
import { CalendarIcon } from '@/components/shell/icons';
import { siteRoutes } from '@/lib/routes';

export default function MatchNotFound() {
  return (
    <NotFoundView
      icon={CalendarIcon}
      texts={(t) => ({ title: t('matchCentre.errors.unknownMatch'), hint: t('matchCentre.match.notFoundHint'), back: { href: siteRoutes.schedule, label: t('matchCentre.allMatches') } })}
    />
  );
}
