import 'server-only';
// Bookings (docs/bookings.md): a user books a match that has not finished, or an anchor's live that is still planned;
// the list shows the next to start first. A job tells each booker once when it starts (./notify.ts).
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { bookings, livePlans, matches, noticeSettings } from '@/lib/db/schema';
import { pickText, type LocalizedText, type Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { liveRoomPath, matchDetailPath } from '@/lib/routes';
import type { BookingKind } from '@/lib/validation/booking-constants';
import { matchTitles } from '@/lib/server/matches/queries';
import type { BookedIds, BookingList, BookingView, NoticeSettings, PlannedLive } from '@/lib/validation/bookings';

const pageSize = 20;

async function checkBookable(db: Db, kind: BookingKind, id: number): Promise<void> {
  if (kind === 'match') {
    const [match] = await db.select({ status: matches.status }).from(matches).where(eq(matches.id, id));
    if (!match) throw new AppError('bookings.errors.noSuchMatch');
    if (match.status === 'finished') throw new AppError('bookings.errors.matchOver');
    return;
  }
  const [plan] = await db.select({ status: livePlans.status }).from(livePlans).where(eq(livePlans.id, id));
  if (!plan) throw new AppError('bookings.errors.noSuchPlan');
  if (plan.status !== 'planned') throw new AppError('bookings.errors.planNotPlanned');
}

/** Books (or drops) it; booking twice is booking once. */
export async function setBooking(db: Db, userId: number, kind: BookingKind, id: number, booked: boolean): Promise<void> {
  if (!booked) {
    await db.delete(bookings).where(and(eq(bookings.userId, userId), eq(bookings.kind, kind), eq(bookings.targetId, id)));
    return;
  }
  await checkBookable(db, kind, id);
  await db.insert(bookings).values({ userId, kind, targetId: id }).onConflictDoNothing();
}

type Row = {
  kind: BookingKind;
  id: string | number;
  start_at: Date | string;
  match_status: string | null;
  plan_status: string | null;
  competition: LocalizedText | null;
  sport_id: number | null;
  plan_title: string | null;
  anchor_id: string | number | null;
  anchor_name: string | null;
  total: string | number;
};

const textOf = (text: LocalizedText | null, locale: Locale) => (text ? pickText(text, locale) : '');

function toView(row: Row, locale: Locale, titles: Map<number, string>): BookingView {
  const start = new Date(row.start_at).getTime();
  if (row.kind === 'match') {
    const state = row.match_status === 'finished' ? 'over' : row.match_status === 'live' ? 'started' : 'upcoming';
    return {
      kind: 'match',
      id: Number(row.id),
      title: titles.get(Number(row.id)) ?? '',
      subtitle: textOf(row.competition, locale),
      start_time: start,
      state,
      path: matchDetailPath(Number(row.id), row.sport_id ?? 0),
    };
  }
  const state = row.plan_status === 'started' ? 'started' : row.plan_status === 'cancelled' ? 'over' : 'upcoming';
  return { kind: 'plan', id: Number(row.id), title: row.plan_title ?? '', subtitle: row.anchor_name ?? '', start_time: start, state, path: liveRoomPath(Number(row.anchor_id)) };
}

/** The caller's bookings: what has not started, soonest first, then the rest, latest first. */
export async function listBookings(db: Db, userId: number, locale: Locale, page: number): Promise<BookingList> {
  const rows = await queryRows<Row>(db, sql`
    WITH mine AS (
      SELECT b.kind, b.target_id AS id,
             coalesce(m.kickoff_at, p.plan_time) AS start_at, m.status AS match_status, p.status AS plan_status,
             c.name AS competition, c.sport_id, p.title AS plan_title, p.anchor_id, u.nick_name AS anchor_name
      FROM bookings b
      LEFT JOIN matches m ON b.kind = 'match' AND m.id = b.target_id
      LEFT JOIN competitions c ON c.id = m.competition_id
      LEFT JOIN live_plans p ON b.kind = 'plan' AND p.id = b.target_id
      LEFT JOIN users u ON u.id = p.anchor_id
      WHERE b.user_id = ${userId} AND (m.id IS NOT NULL OR p.id IS NOT NULL)
    )
    SELECT *, count(*) OVER () AS total FROM mine
    ORDER BY (coalesce(match_status, plan_status) IN ('upcoming', 'planned')) DESC,
             CASE WHEN coalesce(match_status, plan_status) IN ('upcoming', 'planned') THEN start_at END ASC,
             start_at DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
  // Undecided knock-out places by their slot, as the schedule names them.
  const titles = await matchTitles(db, rows.filter((row) => row.kind === 'match').map((row) => Number(row.id)), locale);
  return { list: rows.map((row) => toView(row, locale, titles)), total: Number(rows[0]?.total ?? 0) };
}

/** What the Book buttons show as booked: the caller's bookings that have not started. */
export async function readBookedIds(db: Db, userId: number): Promise<BookedIds> {
  const rows = await queryRows<{ kind: BookingKind; target_id: string | number }>(db, sql`
    SELECT b.kind, b.target_id FROM bookings b
    LEFT JOIN matches m ON b.kind = 'match' AND m.id = b.target_id
    LEFT JOIN live_plans p ON b.kind = 'plan' AND p.id = b.target_id
    WHERE b.user_id = ${userId} AND (m.status IN ('upcoming', 'live') OR p.status = 'planned')`);
  return {
    match: rows.filter((row) => row.kind === 'match').map((row) => Number(row.target_id)),
    plan: rows.filter((row) => row.kind === 'plan').map((row) => Number(row.target_id)),
  };
}

/** Planned lives of the next days, soonest first (the schedule preview). */
export async function listPlannedLives(db: Db, from: Date, to: Date): Promise<PlannedLive[]> {
  const rows = await queryRows<{ id: string | number; title: string; anchor_id: string | number; nick_name: string; avatar: string; plan_time: Date | string; cover: string }>(db, sql`
    SELECT p.id, p.title, p.anchor_id, u.nick_name, u.avatar, p.plan_time, p.cover FROM live_plans p JOIN users u ON u.id = p.anchor_id
    WHERE p.status = 'planned' AND p.plan_time >= ${from.toISOString()} AND p.plan_time < ${to.toISOString()}
    ORDER BY p.plan_time, p.id LIMIT 60`);
  return rows.map((row) => ({ id: Number(row.id), title: row.title, anchor_id: Number(row.anchor_id), anchor_name: row.nick_name, anchor_avatar: row.avatar, plan_time: new Date(row.plan_time).getTime(), cover: row.cover }));
}

export async function readNoticeSettings(db: Db, userId: number): Promise<NoticeSettings> {
  const [row] = await db.select().from(noticeSettings).where(eq(noticeSettings.userId, userId));
  return { followed_live: row && !row.followedLive ? 0 : 1 };
}

export async function writeNoticeSettings(db: Db, userId: number, followedLive: boolean): Promise<NoticeSettings> {
  await db.insert(noticeSettings).values({ userId, followedLive }).onConflictDoUpdate({ target: noticeSettings.userId, set: { followedLive } });
  return { followed_live: followedLive ? 1 : 0 };
}
