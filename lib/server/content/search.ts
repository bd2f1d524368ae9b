import 'server-only';
// Keyword search for /keysearch: anchors and their rooms, teams, their matches, and news. Spec §5/§9 allow
// 1 to 10 characters; a longer keyword is refused (no results, `refused: 'tooLong'`), as the header refuses it.
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { searchTeamsAndMatches, type MatchSummary, type TeamRef } from '@/lib/server/matches/queries';
import { searchNews, type NewsSummary } from '@/lib/server/news/queries';
import { searchRooms, type RoomCard } from './rooms';

export const keywordMaxLength = 10;

export type KeywordResults = {
  keyword: string;
  refused: 'empty' | 'tooLong' | null;
  rooms: RoomCard[];
  teams: TeamRef[];
  matches: MatchSummary[];
  news: NewsSummary[];
};

export async function searchByKeyword(db: Db, keyword: string, scope: { brandId: string; locale: Locale; now?: Date }): Promise<KeywordResults> {
  const trimmed = keyword.trim();
  const none = { keyword: trimmed, rooms: [], teams: [], matches: [], news: [] };
  if (!trimmed) return { ...none, refused: 'empty' };
  if ([...trimmed].length > keywordMaxLength) return { ...none, refused: 'tooLong' };
  const [rooms, found, news] = await Promise.all([searchRooms(db, trimmed), searchTeamsAndMatches(db, trimmed, scope.locale), searchNews(db, trimmed, scope)]);
  return { keyword: trimmed, refused: null, rooms, teams: found.teams, matches: found.matches, news };
}
