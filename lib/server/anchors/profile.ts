import 'server-only';
// The anchor page (/anchorInfo/{id}): who they are, their fans, whether they are on air, their replays.
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorApplications, anchorRooms, replays, users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { anchorCard } from '@/lib/server/follows/follows';
import { findOpenLive, liveStatusOf } from '@/lib/server/live-state/state';
import { onSite } from '@/lib/server/replays/queries';
import type { AnchorInfo } from '@/lib/validation/live';

export async function getAnchorInfo(db: Db, anchorId: number, viewerId: number | undefined): Promise<AnchorInfo> {
  const [anchor] = await db.select().from(users).where(eq(users.id, anchorId));
  if (!anchor || anchor.role !== 'anchor') throw new AppError('live.errors.anchorNotFound');
  const [room] = await db.select().from(anchorRooms).where(eq(anchorRooms.anchorId, anchorId));
  const [application] = await db
    .select({ profile: anchorApplications.profile })
    .from(anchorApplications)
    .where(and(eq(anchorApplications.userId, anchorId), eq(anchorApplications.status, 'verified')));
  const [replayCount] = await db.select({ value: count() }).from(replays).where(and(eq(replays.anchorId, anchorId), onSite));
  const live = await findOpenLive(db, anchorId);
  const liveStatus = liveStatusOf(live);
  return {
    ...(await anchorCard(db, anchor, viewerId)),
    live_status: liveStatus,
    is_live: liveStatus === 0 ? 0 : 1,
    title: live?.title ?? room?.title ?? '',
    cover: live?.cover || room?.cover || '',
    profile: application?.profile ?? '',
    replays: replayCount?.value ?? 0,
  };
}
