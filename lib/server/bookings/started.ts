import 'server-only';
// The title and address of one booked match or plan, as a booker's list shows it (for the started notices).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { pickText, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import { liveRoomPath, matchDetailPath } from '@/lib/routes';
import { matchTitles } from '@/lib/server/matches/queries';
import type { BookingKind } from '@/lib/validation/booking-constants';

export type StartedItem = { id: number; title: string; subtitle: string; path: string };

export async function listBookingsOf(db: Db, kind: BookingKind, id: number, locale: Locale): Promise<StartedItem[]> {
  if (kind === 'match') {
    const rows = await queryRows<{ competition: LocalizedText; sport_id: number }>(db, sql`
      SELECT c.name AS competition, c.sport_id FROM matches m JOIN competitions c ON c.id = m.competition_id WHERE m.id = ${id}`);
    const titles = await matchTitles(db, [id], locale);
    return rows.map((row) => ({ id, title: titles.get(id) ?? '', subtitle: pickText(row.competition, locale), path: matchDetailPath(id, row.sport_id) }));
  }
  const rows = await queryRows<{ title: string; anchor_id: string | number; nick_name: string }>(db, sql`
    SELECT p.title, p.anchor_id, u.nick_name FROM live_plans p JOIN users u ON u.id = p.anchor_id WHERE p.id = ${id}`);
  return rows.map((row) => ({ id, title: row.title, subtitle: row.nick_name, path: liveRoomPath(Number(row.anchor_id)) }));
}
