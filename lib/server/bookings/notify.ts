import 'server-only';
// Telling people something started (docs/bookings.md), run by the `booking-notify` job: each booking of a match that
// kicked off or a planned live that started is claimed once (`notified_at`, set in the same statement that picks it,
// so two job processes never tell a booker twice), and its booker hears `bookingStarted` on every tab plus a line in
// the system conversation (in the brand's language). A live that starts is announced once to the anchor's
// followers who keep that notice on (`AnchorStartLiveMessage`, spec §7), a batch publish per thousand followers.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { getBrand, defaultBrand } from '@/lib/brand/registry';
import { getBus, userBatchSize, type Bus } from '@/lib/realtime/bus';
import { newMessageId, publishUserBatch, publishUserMessage } from '@/lib/server/chat/publish';
import { serverTranslator } from '@/lib/server/http/translate';
import { sendSystemMessage } from '@/lib/server/inbox/system-messages';
import type { BookingKind } from '@/lib/validation/booking-constants';
import { listBookingsOf } from './started';

/** Bookings told per tick; the rest wait for the next one. */
const batchSize = 500;
/** A live is announced to its followers only while this fresh (a restart does not announce old lives). */
const freshLiveMs = 30 * 60_000;

type Claimed = { user_id: string | number; kind: BookingKind; target_id: string | number; brand_id: string };

/** Tells the bookers of what started; returns how many were told. */
export async function notifyStartedBookings(db: Db, bus: Bus = getBus()): Promise<number> {
  const claimed = await queryRows<Claimed>(db, sql`
    WITH due AS (
      SELECT b.user_id, b.kind, b.target_id FROM bookings b
      LEFT JOIN matches m ON b.kind = 'match' AND m.id = b.target_id
      LEFT JOIN live_plans p ON b.kind = 'plan' AND p.id = b.target_id
      WHERE b.notified_at IS NULL
        AND ((b.kind = 'match' AND m.status = 'live') OR (b.kind = 'plan' AND p.status = 'started'))
      LIMIT ${batchSize}
      FOR UPDATE OF b SKIP LOCKED
    )
    UPDATE bookings SET notified_at = now() FROM due, users u
    WHERE bookings.user_id = due.user_id AND bookings.kind = due.kind AND bookings.target_id = due.target_id AND u.id = due.user_id
    RETURNING bookings.user_id, bookings.kind, bookings.target_id, u.brand_id`);
  for (const booking of claimed) {
    const locale = (getBrand(booking.brand_id) ?? defaultBrand()).locale;
    const [started] = await listBookingsOf(db, booking.kind, Number(booking.target_id), locale);
    if (!started) continue;
    const userId = Number(booking.user_id);
    await publishUserMessage(bus, userId, { type: 'bookingStarted', id: newMessageId(), kind: booking.kind, target_id: started.id, title: started.title, path: started.path, send_time: Date.now() });
    const t = serverTranslator(locale);
    await sendSystemMessage(db, { userId }, t(booking.kind === 'match' ? 'bookings.notices.matchStarted' : 'bookings.notices.planStarted', { title: started.title, anchor: started.subtitle }), null, bus);
  }
  return claimed.length;
}

/** Followers read per query: one batch publish's worth. */
const followerPageSize = userBatchSize;

/** Announces each live that started to the anchor's followers, once; returns how many lives were announced. */
export async function announceLivesToFollowers(db: Db, bus: Bus = getBus()): Promise<number> {
  const lives = await queryRows<{ live_id: string | number; anchor_id: string | number; nick_name: string; avatar: string }>(db, sql`
    WITH fresh AS (
      SELECT l.id, l.anchor_id FROM lives l
      WHERE l.status = 'live' AND l.started_at > now() - ${`${freshLiveMs} milliseconds`}::interval
        AND NOT EXISTS (SELECT 1 FROM live_start_notices n WHERE n.live_id = l.id)
      LIMIT 50
    ), claimed AS (
      INSERT INTO live_start_notices (live_id, anchor_id) SELECT id, anchor_id FROM fresh ON CONFLICT DO NOTHING RETURNING live_id, anchor_id
    )
    SELECT c.live_id, c.anchor_id, u.nick_name, u.avatar FROM claimed c JOIN users u ON u.id = c.anchor_id`);
  for (const live of lives) {
    const message = { type: 'AnchorStartLiveMessage' as const, id: newMessageId(), data: { id: Number(live.anchor_id), nick_name: live.nick_name, avatar: live.avatar }, send_time: Date.now() };
    // A popular anchor has hundreds of thousands of followers: read them a page at a time (by id, so each page is an
    // index range) and publish each page as one batch (lib/realtime/bus/types.ts userBatchChannel) that every gateway
    // fans out to the followers it holds: a thousand followers cost one publish, and neither the list nor the number
    // of publishes in flight grows with the audience (one at a time).
    for (let after = 0; ; ) {
      const page = await queryRows<{ user_id: string | number }>(db, sql`
        SELECT f.user_id FROM anchor_follows f LEFT JOIN notice_settings s ON s.user_id = f.user_id
        WHERE f.anchor_id = ${live.anchor_id} AND f.user_id > ${after} AND coalesce(s.followed_live, true)
        ORDER BY f.user_id LIMIT ${followerPageSize}`);
      await publishUserBatch(bus, page.map((follower) => Number(follower.user_id)), message);
      if (page.length < followerPageSize) break;
      after = Number(page[page.length - 1].user_id);
    }
  }
  return lives.length;
}
