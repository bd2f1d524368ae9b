// Spoiler-free mode (docs/spoilers.md): a visitor who turns it on sees no score, result, table or match report of a
// match that has begun until they reveal that match or have watched it here. The choice and the revealed matches
// live in two cookies, so the server renders pages without the scores (nothing leaks in the first paint); proxy.ts
// serves such a visitor a variant of each page rendered and cached apart from everyone else's.
import type { MatchCard, MatchSummary } from '@/lib/validation/matches';
import type { NewsSummary } from '@/lib/validation/news';

/** "on" while the mode is on; absent otherwise. */
export const spoilerCookie = 'sc_spoilers';
/** The matches this browser has revealed or watched, newest last: "1033.1001" (a cookie value takes no comma). */
export const revealedCookie = 'sc_revealed';
/** A page address with this query shows what it hides, once (a report, the World Cup's tables). */
export const revealQuery = 'spoilers';

/** Enough for a season of one's own matches; the oldest is forgotten first. */
const maxRevealed = 100;
const oneYearSeconds = 365 * 24 * 60 * 60;

// The brand segment of the page's internal address carries the variant: /sportcast~spoiler-free/en-US/home. A segment
// of its own would have moved every page; the brand segment is read in one place (components/shell/page-context.ts).
const variantSuffix = '~spoiler-free';

export function brandSegment(brandId: string, spoilerFree: boolean): string {
  return spoilerFree ? `${brandId}${variantSuffix}` : brandId;
}

export function parseBrandSegment(segment: string): { brandId: string; spoilerFree: boolean } {
  return segment.endsWith(variantSuffix) ? { brandId: segment.slice(0, -variantSuffix.length), spoilerFree: true } : { brandId: segment, spoilerFree: false };
}

export function parseRevealed(value: string | undefined): number[] {
  if (!value) return [];
  return decodeURIComponent(value)
    .split(/[.,]/)
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .slice(-maxRevealed);
}

/** The revealed list with `matchId` added (moved to the end if there). */
export function withRevealed(value: string | undefined, matchId: number): string {
  const ids = parseRevealed(value).filter((id) => id !== matchId);
  return [...ids, matchId].slice(-maxRevealed).join('.');
}

export function spoilerCookieHeader(on: boolean): string {
  return on ? `${spoilerCookie}=on; path=/; max-age=${oneYearSeconds}; samesite=lax` : `${spoilerCookie}=; path=/; max-age=0; samesite=lax`;
}

export function revealedCookieHeader(value: string): string {
  return `${revealedCookie}=${value}; path=/; max-age=${oneYearSeconds}; samesite=lax`;
}

/** Whether a match's score can tell something: it has kicked off. */
export const hasResult = (status: MatchSummary['status']) => status !== 'upcoming';

/**
 * A listed match as a spoiler-free page shows it: no score, shoot-out or clock (90+6' or AET tell a story too).
 * `scoreHidden` tells the row to say so, and a fixture's row to keep hiding what the live stream brings once it kicks off.
 */
export function hideMatchScore<T extends MatchSummary>(match: T): T {
  if (!hasResult(match.status)) return { ...match, scoreHidden: true };
  return { ...match, score: null, penalties: null, clock: '', minute: null, stoppage: 0, scoreHidden: true };
}

export function hideCardScore(card: MatchCard): MatchCard {
  return hasResult(card.status) ? { ...card, score: null, clock: '', scoreHidden: true } : { ...card, scoreHidden: true };
}

/** A match's cover without its score (the report's own cover shows the result once the match is over). */
const scorelessCoverUrl = (matchId: number) => `/covers/match/${matchId}-noscore.svg`;

/** A picture as a spoiler-free page shows it: a match cover (a room's or a replay's) without the result. */
export function scorelessCover(url: string): string {
  const matchId = /^\/covers\/match\/(\d{1,9})\.svg$/.exec(url)?.[1];
  return matchId ? scorelessCoverUrl(Number(matchId)) : url;
}

/** A match report tells its result in its title, summary and cover: a spoiler-free list names only the match. */
export function hideReport(article: NewsSummary, neutralTitle: string): NewsSummary {
  if (article.kind !== 'report' || article.matchId === null) return article;
  return { ...article, title: neutralTitle, summary: '', coverUrl: scorelessCoverUrl(article.matchId), spoilerHidden: true };
}
