import 'server-only';
// The words search engines and link previews see for a match: its name, a title and a description
// that carry the live score or the result.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchDetail } from '@/lib/validation/matches';
import { formatKickoff } from '@/lib/format/date-time';
import { defaultTimeZone, timeZoneName } from '@/lib/format/time-zone';

export type MatchSeoText = { name: string; metaTitle: string; description: string; sport: string };

export async function matchSeoText(match: MatchDetail, locale: Locale, brandName: string): Promise<MatchSeoText> {
  const t = await getTranslations({ locale, namespace: 'matchCentre.match' });
  const teams = { home: match.home.name, away: match.away.name };
  const scored = match.score && match.status !== 'upcoming' ? { ...teams, homeScore: match.score.home, awayScore: match.score.away } : null;
  const venue = match.venue ? `${match.venue.name}, ${match.venue.city}` : t('noVenue');
  const common = { ...teams, competition: match.competition.name, round: match.roundLabel, venue, brand: brandName };
  const name = t('title', teams);
  // A spoiler-free page (lib/spoilers.ts) names the match only: a browser tab would otherwise tell the result.
  if (match.scoreHidden && match.status !== 'upcoming') {
    return { name, metaTitle: t('metaTitleHidden', teams), description: t('descriptionHidden', common), sport: t('sport') };
  }
  if (scored && match.status === 'live') {
    return {
      name,
      metaTitle: t('metaTitleLive', scored),
      description: t('descriptionLive', { ...common, ...scored, clock: match.clock }),
      sport: t('sport'),
    };
  }
  if (scored) {
    return {
      name,
      metaTitle: t('metaTitleFinished', scored),
      description: t('descriptionFinished', { ...common, ...scored, clock: match.clock }),
      sport: t('sport'),
    };
  }
  // Search snippets are one text for everyone: the language's zone, named.
  const kickoff = `${formatKickoff(match.kickoffAt, locale)} ${timeZoneName(locale, defaultTimeZone(locale))}`;
  return { name, metaTitle: t('metaTitleUpcoming', teams), description: t('descriptionUpcoming', { ...common, kickoff }), sport: t('sport') };
}
