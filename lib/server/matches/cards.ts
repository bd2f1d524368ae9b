import 'server-only';
// A match as a live or replay card shows it (lists, the live room's header): the detail cut to what a card needs.
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchCard } from '@/lib/validation/matches';
import { getMatchDetail } from './queries';

export async function matchCards(db: Db, matchIds: number[], locale: Locale): Promise<Map<number, MatchCard>> {
  const unique = [...new Set(matchIds)];
  const details = await Promise.all(unique.map((id) => getMatchDetail(db, id, locale)));
  const cards = new Map<number, MatchCard>();
  for (const match of details) {
    if (!match) continue;
    cards.set(match.id, {
      match_id: match.id,
      sport_id: match.sportId,
      path: match.path,
      competition: match.competition.name,
      round: match.roundLabel,
      status: match.status,
      clock: match.clock,
      kickoff: Math.floor(new Date(match.kickoffAt).getTime() / 1000),
      home: { id: match.home.id, name: match.home.name, code: match.home.code, color: match.home.primaryColor, flag: match.home.flag },
      away: { id: match.away.id, name: match.away.name, code: match.away.code, color: match.away.primaryColor, flag: match.away.flag },
      score: match.score,
    });
  }
  return cards;
}

