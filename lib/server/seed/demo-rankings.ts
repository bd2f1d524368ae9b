// Demo gifts on the rankings, so a new install's /ranking page and room rankings are not empty: the demo viewers,
// the room manager and the operator giving to the two demo anchors (and the anchors to each other), spread over
// today, earlier this week and before, through the same record function gifts use. Only the boards are written:
// no gem moves, as these gifts were never sent.
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { recordGiftContribution } from '@/lib/server/rankings/record';
import { demoAccounts } from './demo-accounts';
import type { SeedStep } from './seed-step';

const hour = 3_600_000;

/** [sender's nickname, anchor's nickname, gem hundredths, hours before the seed ran]. */
const demoGifts: readonly [string, string, number, number][] = [
  ['Kevin_88', '老K说球', 52_000, 0.2],
  ['Kevin_88', 'Coach Li', 8_800, 1],
  ['房管小美', '老K说球', 13_140, 0.5],
  ['Ops Amy', 'Coach Li', 6_600, 2],
  ['Coach Li', '老K说球', 9_990, 3],
  ['老K说球', 'Coach Li', 18_880, 0.1],
  ['Kevin_88', '老K说球', 120_000, 50],
  ['房管小美', 'Coach Li', 33_300, 30],
  ['Ops Amy', '老K说球', 250_000, 24 * 12],
  ['Kevin_88', 'Coach Li', 77_700, 24 * 20],
];

async function seedDemoRankings(db: Db, now = new Date()): Promise<void> {
  const names = demoAccounts.map((account) => account.mobile);
  const rows = await db.select({ id: users.id, nickName: users.nickName }).from(users).where(inArray(users.mobile, names));
  const idOf = new Map(rows.map((row) => [row.nickName, row.id]));
  for (const [sender, anchor, value, hoursAgo] of demoGifts) {
    const senderId = idOf.get(sender);
    const anchorId = idOf.get(anchor);
    if (!senderId || !anchorId) continue;
    await recordGiftContribution(db, { anchorId, senderId, value, currency: 'diamond', at: new Date(now.getTime() - hoursAgo * hour) }, { broadcaster: null });
  }
}

export const demoRankingsStep: SeedStep = { name: 'demo-rankings', run: (db) => seedDemoRankings(db) };
