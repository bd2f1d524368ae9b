import 'server-only';
// The start-live dialog's pickers (spec §2.4 item 5, §7): the competitions of a sport that still
// have matches to stream (getSportMatchComp), then those matches, live or upcoming (getSportMatch).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { liveCategories } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import type { SportCompetitionItem, SportMatchItem } from '@/lib/validation/matches';
import { findCompetition, listCompetitions, listMatches } from './queries';

async function requireSport(db: Db, sportId: number): Promise<void> {
  const [sport] = await db
    .select({ id: liveCategories.id })
    .from(liveCategories)
    .where(and(eq(liveCategories.id, sportId), isNull(liveCategories.parentId)));
  if (!sport) throw new AppError('matches.errors.unknownSport', { sportId });
}

export async function listSportCompetitions(db: Db, sportId: number, locale: Locale): Promise<SportCompetitionItem[]> {
  await requireSport(db, sportId);
  const list = await listCompetitions(db, locale, { sportId, withOpenMatchesOnly: true });
  return list.map((competition) => ({
    comp: competition.shortName,
    comp_id: competition.id,
    comp_code: competition.code,
    comp_name: competition.name,
    sport_id: competition.sportId,
    open_matches: competition.openMatches,
  }));
}

export async function listSportMatches(db: Db, sportId: number, comp: string | number, locale: Locale): Promise<SportMatchItem[]> {
  await requireSport(db, sportId);
  const competition = await findCompetition(db, comp, sportId);
  if (!competition) throw new AppError('matches.errors.unknownCompetition', { comp: String(comp) });
  const list = await listMatches(db, { locale, competitionId: competition.id, status: ['live', 'upcoming'], limit: 200 });
  return list.map((match) => ({
    match_id: match.id,
    home: match.home.name,
    away: match.away.name,
    home_id: match.home.id,
    away_id: match.away.id,
    comp: match.competition.shortName,
    comp_id: match.competition.id,
    start_time: Math.floor(new Date(match.kickoffAt).getTime() / 1000),
    status: match.status === 'live' ? 'live' : 'upcoming',
    round: match.roundLabel,
  }));
}
