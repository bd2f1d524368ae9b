import 'server-only';
// Push credentials (spec §3 stream info): each anchor has one current stream name; its key is derived from it
// (signing.ts). Resetting revokes the name, so the old address and key stop working at once.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { streamKeys, type StreamKey } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { findOpenLive } from '@/lib/server/live-state/state';
import type { StreamInfo } from '@/lib/validation/live';
import { anchorSecretFor, newStreamName } from './signing';
import { getMediaAddresses } from './registry';
import type { RequestSite } from './types';

export async function currentStreamKey(db: Db, anchorId: number): Promise<StreamKey> {
  const current = () =>
    db
      .select()
      .from(streamKeys)
      .where(and(eq(streamKeys.anchorId, anchorId), isNull(streamKeys.revokedAt)))
      .limit(1);
  const [existing] = await current();
  if (existing) return existing;
  // Two first calls at once: the partial unique index lets one insert win; both then read it.
  await db.insert(streamKeys).values({ anchorId, stream: newStreamName(anchorId) }).onConflictDoNothing();
  const [created] = await current();
  return created;
}

export async function findStreamKey(db: Db, stream: string): Promise<StreamKey | undefined> {
  const [row] = await db.select().from(streamKeys).where(eq(streamKeys.stream, stream)).limit(1);
  return row;
}

/** POST /webapi/live/getStreamInfo: the caller's own credentials only. */
export async function getStreamInfo(db: Db, anchorId: number, site: RequestSite): Promise<StreamInfo> {
  const key = await currentStreamKey(db, anchorId);
  const secret = anchorSecretFor(key.stream);
  const address = getMediaAddresses().pushAddress(key.stream, secret, site);
  return { ...address, stream: key.stream, anchor_secret: secret };
}

/** A new stream name and key; refused while a live is open, whose viewers play the current name. */
export async function resetStreamKey(db: Db, anchorId: number, site: RequestSite): Promise<StreamInfo> {
  if (await findOpenLive(db, anchorId)) throw new AppError('live.errors.resetWhileLive');
  await db.transaction(async (tx) => {
    await tx
      .update(streamKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(streamKeys.anchorId, anchorId), isNull(streamKeys.revokedAt)));
    await tx.insert(streamKeys).values({ anchorId, stream: newStreamName(anchorId) });
  });
  return getStreamInfo(db, anchorId, site);
}
