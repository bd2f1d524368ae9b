import 'server-only';
// The anchor centre's daily rollup (docs/anchor-stats.md): the `anchor-stats` job recomputes each anchor's figures
// for yesterday and today (UTC) from the events themselves, in one statement, every few seconds. Recomputing instead
// of adding makes a run idempotent: a run repeated, skipped or racing another writes the same rows.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';

const dayMs = 86_400_000;

function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** Recomputes the rows of every anchor with activity between the start of `from`'s UTC day and the end of `to`'s. */
export async function rollUpAnchorDays(db: Db, from: Date, to: Date): Promise<number> {
  const since = startOfUtcDay(from);
  const until = new Date(startOfUtcDay(to).getTime() + dayMs);
  const rows = await queryRows<{ anchor_id: string | number }>(db, sql`
    WITH gifts AS (
      SELECT (t.meta->>'anchorId')::bigint AS anchor_id, (t.created_at AT TIME ZONE 'UTC')::date AS day,
             count(DISTINCT t.id) AS gifts,
             coalesce(sum(e.amount) FILTER (WHERE e.asset = 'diamond'), 0) AS diamond,
             coalesce(sum(e.amount) FILTER (WHERE e.asset = 'gold'), 0) AS gold
      FROM ledger_transactions t
      LEFT JOIN ledger_entries e ON e.transaction_id = t.id AND e.account = 'earnings:' || (t.meta->>'anchorId')
      WHERE t.kind = 'gift' AND t.created_at >= ${since} AND t.created_at < ${until}
      GROUP BY 1, 2
    ), tickets AS (
      SELECT l.anchor_id, (g.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS tickets
      FROM ticket_grants g JOIN lives l ON l.id = g.live_id
      WHERE g.created_at >= ${since} AND g.created_at < ${until}
      GROUP BY 1, 2
    ), stakes AS (
      SELECT q.anchor_id, (b.created_at AT TIME ZONE 'UTC')::date AS day, sum(b.amount) AS stakes
      FROM quiz_bets b JOIN quizzes q ON q.id = b.quiz_id
      WHERE b.created_at >= ${since} AND b.created_at < ${until}
      GROUP BY 1, 2
    ), follows AS (
      SELECT anchor_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS follows
      FROM anchor_follows
      WHERE created_at >= ${since} AND created_at < ${until}
      GROUP BY 1, 2
    ), keys AS (
      SELECT anchor_id, day FROM gifts UNION SELECT anchor_id, day FROM tickets
      UNION SELECT anchor_id, day FROM stakes UNION SELECT anchor_id, day FROM follows
      UNION SELECT anchor_id, day FROM anchor_daily_stats WHERE day >= ${since}::date AND day < ${until}::date
    )
    INSERT INTO anchor_daily_stats AS s (anchor_id, day, gift_diamond, gift_gold, gifts, tickets, quiz_stakes, new_followers, updated_at)
    SELECT k.anchor_id, k.day, coalesce(g.diamond, 0), coalesce(g.gold, 0), coalesce(g.gifts, 0), coalesce(t.tickets, 0),
           coalesce(q.stakes, 0), coalesce(f.follows, 0), now()
    FROM keys k
    JOIN users u ON u.id = k.anchor_id
    LEFT JOIN gifts g ON g.anchor_id = k.anchor_id AND g.day = k.day
    LEFT JOIN tickets t ON t.anchor_id = k.anchor_id AND t.day = k.day
    LEFT JOIN stakes q ON q.anchor_id = k.anchor_id AND q.day = k.day
    LEFT JOIN follows f ON f.anchor_id = k.anchor_id AND f.day = k.day
    ON CONFLICT (anchor_id, day) DO UPDATE SET
      gift_diamond = excluded.gift_diamond, gift_gold = excluded.gift_gold, gifts = excluded.gifts, tickets = excluded.tickets,
      quiz_stakes = excluded.quiz_stakes, new_followers = excluded.new_followers, updated_at = excluded.updated_at
    WHERE (s.gift_diamond, s.gift_gold, s.gifts, s.tickets, s.quiz_stakes, s.new_followers)
      IS DISTINCT FROM (excluded.gift_diamond, excluded.gift_gold, excluded.gifts, excluded.tickets, excluded.quiz_stakes, excluded.new_followers)
    RETURNING s.anchor_id`);
  return rows.length;
}

/** The job's run: yesterday (late folds, a run missed at midnight) and today. */
export function rollUpRecentAnchorDays(db: Db, now = new Date()): Promise<number> {
  return rollUpAnchorDays(db, new Date(now.getTime() - dayMs), now);
}
