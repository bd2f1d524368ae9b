import 'server-only';
// The matches an anchor's quiz can follow (the creation dialog's match picker): the live's own match first when it
// has not kicked off, then the next ones to kick off within two days. A linked quiz closes at the kick-off. A
// knock-out match whose sides are not decided yet ("winner of match 61") is left out: its options cannot be named.
import { listMatches } from '@/lib/server/matches/queries';
import { findOpenLive } from '@/lib/server/live-state/state';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary } from '@/lib/validation/matches';
import type { QuizMatches } from '@/lib/validation/quizzes';

const horizonMs = 48 * 60 * 60_000;
const shownMatches = 20;

const toChoice = (match: MatchSummary) => ({
  match_id: match.id,
  home: match.home.name,
  away: match.away.name,
  competition: match.competition.name,
  kickoff_time: Date.parse(match.kickoffAt),
});

export async function listLinkableMatches(db: Db, anchorId: number, locale: Locale, now = new Date()): Promise<QuizMatches> {
  const live = await findOpenLive(db, anchorId);
  const upcoming = await listMatches(db, { locale, status: 'upcoming', from: now, to: new Date(now.getTime() + horizonMs), limit: shownMatches });
  const soon = upcoming.filter((match) => match.home.id !== null && match.away.id !== null);
  const own = live?.matchId ? soon.find((match) => match.id === live.matchId) : undefined;
  const ordered = own ? [own, ...soon.filter((match) => match !== own)] : soon;
  return { list: ordered.map(toChoice), live_match_id: own?.id ?? null };
}
