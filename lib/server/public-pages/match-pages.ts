import 'server-only';
// Cached reads behind the match pages (home, schedule, match detail, World Cup, search). Each reader
// keeps its result in Next's data cache for a lifetime that suits it, so a crawler burst costs at most
// one database read per entry and lifetime, and a page rendered from it is revalidated as often.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import type { MatchStatus } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { getCupOverview, getMatchDetail, listCompetitions, listLiveAndUpcoming, listMatchDays, listMatches } from '@/lib/server/matches/queries';
import type { MatchDetail } from '@/lib/validation/matches';
import { getTeamProfile, listTeamDirectory } from '@/lib/server/matches/teams';
import { listLiveCategories } from '@/lib/server/config/app-config';
import { listRoomsOfMatch } from '@/lib/server/content/rooms';
import { searchByKeyword } from '@/lib/server/content/search';
import { matchTag, pageTags } from './cache-tags';
import { cacheSeconds } from './lifetimes';
import { toLiveView } from './live-view';
import { readMatchLifecycles } from './match-lifecycles';
import { readNewsPage } from './news-pages';

export const readLiveAndUpcoming = unstable_cache(
  async (locale: Locale, limit: number) => listLiveAndUpcoming(await getDb(), locale, { limit }),
  ['live-and-upcoming'],
  { revalidate: cacheSeconds.live, tags: [pageTags.matchLists] },
);

export type DayQuery = { locale: Locale; day: string; timeZone: string; sportId?: number; status?: MatchStatus };

export const readMatchesOfDay = unstable_cache(
  async ({ locale, day, timeZone, sportId, status }: DayQuery) => listMatches(await getDb(), { locale, day, timeZone, sportId, status, limit: 200 }),
  ['matches-of-day'],
  { revalidate: cacheSeconds.live, tags: [pageTags.matchLists] },
);

export const readMatchDays = unstable_cache(
  async (timeZone: string, sportId: number | null) => listMatchDays(await getDb(), { timeZone, sportId: sportId ?? undefined }),
  ['match-days'],
  { revalidate: cacheSeconds.live },
);

export const readUpcomingMatches = unstable_cache(
  async (locale: Locale, fromIso: string, toIso: string) =>
    listMatches(await getDb(), { locale, status: 'upcoming', from: new Date(fromIso), to: new Date(toIso), limit: 200 }),
  ['upcoming-matches'],
  { revalidate: cacheSeconds.fixture, tags: [pageTags.matchLists] },
);

export const readCupOverview = unstable_cache(
  async (competitionId: number, locale: Locale) => getCupOverview(await getDb(), competitionId, locale),
  ['cup-overview'],
  { revalidate: cacheSeconds.live, tags: [pageTags.matchLists] },
);

/** The sports (top-level live categories) that have competitions, for the schedule's filter. */
export const readSportsWithMatches = unstable_cache(
  async (locale: Locale) => {
    const db = await getDb();
    const [categories, competitions] = await Promise.all([listLiveCategories(db, locale), listCompetitions(db, locale)]);
    const withMatches = new Set(competitions.map((competition) => competition.sportId));
    return categories.filter((category) => withMatches.has(category.id)).map((category) => ({ id: category.id, name: category.name }));
  },
  ['sports-with-matches'],
  { revalidate: cacheSeconds.settled },
);

export const readTeamProfile = unstable_cache(
  async (teamId: number, locale: Locale) => getTeamProfile(await getDb(), teamId, locale),
  ['team-profile'],
  { revalidate: cacheSeconds.live, tags: [pageTags.matchLists] },
);

export const readTeamDirectory = unstable_cache(async (locale: Locale) => listTeamDirectory(await getDb(), locale), ['team-directory'], {
  revalidate: cacheSeconds.settled,
});

export const readKeywordResults = unstable_cache(
  async (keyword: string, brandId: string, locale: Locale) => searchByKeyword(await getDb(), keyword, { brandId, locale }),
  ['keyword-results'],
  { revalidate: cacheSeconds.fixture, tags: [pageTags.matchLists, pageTags.lives] },
);

/** The rooms on air with a match, for its page's room tab. */
const readRoomsOfMatch = unstable_cache(async (matchId: number) => listRoomsOfMatch(await getDb(), matchId), ['rooms-of-match'], {
  revalidate: cacheSeconds.live,
  tags: [pageTags.lives],
});

// Tagged with the match's own tag, so a score change purges this match's page and no other.
const matchDetailReader = (keyPart: string, revalidate: number) => (matchId: number, locale: Locale) =>
  unstable_cache(async (id: number, language: Locale) => getMatchDetail(await getDb(), id, language), [keyPart], { revalidate, tags: [matchTag(matchId)] })(
    matchId,
    locale,
  );

// One reader per lifetime, each with its own cache entries: the page rendered from a reader inherits
// its lifetime (unstable_cache lowers the page's revalidate to its own).
const matchDetailReaders = {
  finished: matchDetailReader('match-detail-finished', cacheSeconds.settled),
  fixture: matchDetailReader('match-detail-fixture', cacheSeconds.fixture),
  live: matchDetailReader('match-detail-live', cacheSeconds.live),
};

/** Line-ups are announced an hour before kick-off: from two hours out a fixture is followed closely. */
const closeToKickoffMs = 2 * 60 * 60_000;

/** A match as its page shows it (null when there is no such match), cached for as long as it cannot change. */
export async function readMatchDetail(matchId: number, locale: Locale): Promise<MatchDetail | null> {
  const lifecycle = (await readMatchLifecycles()).get(matchId);
  if (!lifecycle) return null;
  if (lifecycle.status === 'finished') return matchDetailReaders.finished(matchId, locale);
  if (lifecycle.status === 'upcoming' && lifecycle.kickoffAt - Date.now() > closeToKickoffMs) return matchDetailReaders.fixture(matchId, locale);
  return matchDetailReaders.live(matchId, locale);
}

/** What the match page shows beside the match itself: its reports, the rooms broadcasting it, its live view. */
export async function readMatchPage(match: MatchDetail, brandId: string, locale: Locale) {
  const [reports, rooms] = await Promise.all([
    readNewsPage({ brandId, locale, page: 1, size: 4, matchId: match.id }),
    // A finished match has no room on air; not asking keeps its page on the long lifetime.
    match.status === 'finished' ? [] : readRoomsOfMatch(match.id),
  ]);
  return { match, live: toLiveView(match), reports, rooms };
}
