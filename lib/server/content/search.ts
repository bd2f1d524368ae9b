import 'server-only';
// Keyword search for /keysearch: anchors and their rooms, teams, their matches, and news. A keyword the header
// would refuse (lib/search-keyword.ts: 10 characters of Chinese, 30 otherwise) is refused here too, with no results.
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { checkSearchKeyword } from '@/lib/search-keyword';
import { searchTeamsAndMatches } from '@/lib/server/matches/queries';
import { searchNews } from '@/lib/server/news/queries';
import type { KeywordResults } from '@/lib/validation/search';
import { searchRooms } from './rooms';

export async function searchByKeyword(db: Db, keyword: string, scope: { brandId: string; locale: Locale; now?: Date }): Promise<KeywordResults> {
  const trimmed = keyword.trim();
  const none = { keyword: trimmed, rooms: [], teams: [], matches: [], news: [] };
  const check = checkSearchKeyword(trimmed);
  if (!check.ok) return check.reason === 'tooLong' ? { ...none, refused: 'tooLong', max: check.max } : { ...none, refused: 'empty' };
  const [rooms, found, news] = await Promise.all([searchRooms(db, trimmed), searchTeamsAndMatches(db, trimmed, scope.locale), searchNews(db, trimmed, scope)]);
  return { keyword: trimmed, refused: null, rooms, teams: found.teams, matches: found.matches, news };
}
