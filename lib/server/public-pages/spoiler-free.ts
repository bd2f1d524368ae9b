import 'server-only';
// Page data as a spoiler-free page shows it (lib/spoilers.ts): scores, clocks, tables, form, goal counts and match
// reports left out before anything renders, so neither the HTML nor the page's payload carries them.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { hideCardScore, hideMatchScore, hideReport, scorelessCover } from '@/lib/spoilers';
import type { CupOverview, MatchCard, MatchDetail, TeamProfile } from '@/lib/validation/matches';
import type { NewsDetail, NewsList, NewsSummary } from '@/lib/validation/news';
import type { KeywordResults } from '@/lib/validation/search';
import { readMatchDetail } from './match-pages';

/** Rooms and replays of a match: no score on the card, and the match's cover (their picture) without it too. */
export function hideCardScores<T extends { match: MatchCard | null; cover: string; cover_v?: string }>(items: T[]): T[] {
  return items.map((item) =>
    item.match
      ? { ...item, match: hideCardScore(item.match), cover: scorelessCover(item.cover), ...(item.cover_v === undefined ? {} : { cover_v: scorelessCover(item.cover_v) }) }
      : item,
  );
}

/** Match reports named by their match only ("Qatar v Ecuador: match report"), from the cached match pages' data. */
export async function hideReports(articles: NewsSummary[], locale: Locale): Promise<NewsSummary[]> {
  const t = await getTranslations({ locale, namespace: 'shell.spoilers' });
  return Promise.all(
    articles.map(async (article) => {
      if (article.kind !== 'report' || article.matchId === null) return article;
      const match = await readMatchDetail(article.matchId, locale);
      return hideReport(article, match ? t('reportTitleNamed', { home: match.home.name, away: match.away.name }) : t('reportTitle'));
    }),
  );
}

/** The World Cup without its tables and bracket (who went through tells who won); its matches without scores. */
export function hideCupResults(cup: CupOverview): CupOverview {
  return {
    ...cup,
    groups: cup.groups.map((group) => ({ ...group, standings: [], matches: group.matches.map(hideMatchScore) })),
    bracket: [],
    thirdPlace: null,
    matches: cup.matches.map(hideMatchScore),
  };
}

/** A team without its standings, record, form and goal counts; its matches without scores. */
export function hideTeamResults(profile: TeamProfile): TeamProfile {
  return {
    ...profile,
    competitions: profile.competitions.map((entry) => ({ ...entry, standing: null })),
    record: { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 },
    form: [],
    live: profile.live.map(hideMatchScore),
    results: profile.results.map(hideMatchScore),
    squad: profile.squad.map((player) => ({ ...player, goals: 0, yellowCards: 0, redCards: 0 })),
  };
}

export async function hideSearchResults(results: KeywordResults, locale: Locale): Promise<KeywordResults> {
  return { ...results, matches: results.matches.map(hideMatchScore), news: await hideReports(results.news, locale) };
}

/**
 * A match page without its result: the score, half-time and extra-time scores, events and commentary, and its
 * reports by title. The page shows neither the live island nor the structured data (match-detail-view.tsx).
 */
export async function hideMatchPageResults<T extends { match: MatchDetail; reports: NewsList }>(data: T, locale: Locale): Promise<T> {
  const match: MatchDetail = { ...hideMatchScore(data.match), halfTime: null, fullTime: null, extraTime: null, keyEvents: [], commentary: [] };
  return { ...data, match, reports: { ...data.reports, list: await hideReports(data.reports.list, locale) } };
}

/** A match report's page without the report (its title, lead, cover and text); other articles keep theirs. */
export async function hideArticleResult(article: NewsDetail, locale: Locale): Promise<NewsDetail> {
  const related = await hideReports(article.related, locale);
  const [hidden] = await hideReports([article], locale);
  return hidden.spoilerHidden ? { ...article, ...hidden, body: [], related } : { ...article, related };
}
