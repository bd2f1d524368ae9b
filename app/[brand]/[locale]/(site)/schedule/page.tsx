// Schedule (spec §2.2 /schedule): matches by day, sport and status. Filtered by its query, so it renders
// per request, from cached data (10 s): a crawler burst costs no database reads.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { dayLabel, dayOf } from '@/lib/format/date-time';
import { defaultDay, parseScheduleQuery, scheduleHref } from '@/components/schedule/schedule-query';
import { ScheduleView } from '@/components/schedule/schedule-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readMatchDays, readMatchesOfDay, readSportsWithMatches } from '@/lib/server/public-pages/match-pages';
import { viewerTimeZone } from '@/lib/server/public-pages/viewer-time-zone';
import { hideMatchScore } from '@/lib/spoilers';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type ScheduleProps = { params: Promise<LocaleParams>; searchParams: SearchParams };

async function chosenDay(locale: Locale, searchParams: SearchParams) {
  const query = parseScheduleQuery(await searchParams);
  // Days run midnight to midnight in the viewer's zone, as do the times listed under them.
  const zone = await viewerTimeZone(locale);
  const days = await readMatchDays(zone, query.sportId ?? null);
  const now = new Date();
  const day = query.date ?? defaultDay(days.map((entry) => entry.day), dayOf(now, locale, zone));
  return { query, days, day, now, zone };
}

export async function generateMetadata({ params, searchParams }: ScheduleProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.schedule' });
  const { query } = await chosenDay(locale, searchParams);
  // A chosen day is a page of its own; the filters only narrow it, so they share its address.
  if (!query.date) return pageMetadata({ brand, brandName, locale, path: siteRoutes.schedule, title: t('title'), description: t('description', { brand: brandName }) });
  const label = dayLabel(query.date, locale).full;
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: scheduleHref({ date: query.date }, {}),
    title: t('dayTitle', { day: label }),
    description: t('dayDescription', { day: label }),
  });
}

export default async function SchedulePage({ params, searchParams }: ScheduleProps) {
  const { brand, locale, spoilerFree } = await resolvePageContext(params);
  const { query, days, day, now, zone } = await chosenDay(locale, searchParams);
  const [matches, sports] = await Promise.all([
    readMatchesOfDay({ locale, day, timeZone: zone, sportId: query.sportId, status: query.status }),
    readSportsWithMatches(locale),
  ]);
  return <ScheduleView brand={brand} locale={locale} query={query} day={day} days={days} sports={sports} matches={spoilerFree ? matches.map(hideMatchScore) : matches} now={now} zone={zone} />;
}
