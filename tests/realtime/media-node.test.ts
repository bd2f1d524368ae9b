// A restarting embedded media process marks away only the lives it received (MEDIA_NODE_ID): with several media
// processes, another one's lives keep playing. Runs without ffmpeg (no encoder is needed for this).
import { inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { lives, users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getBus } from '@/lib/realtime/bus';
import { freePort } from '@/tests/support/free-port';
import { createEmbeddedMediaServer } from '@/lib/server/media/embedded';

it('marks away the lives this process received, and no other media process’s', async () => {
  const db = await getDb();
  const anchors = await db
    .insert(users)
    .values(['13691000001', '13691000002', '13691000003'].map((mobile) => ({ mobile, nickName: `Node ${mobile}`, role: 'anchor' as const, brandId: 'sportcast' })))
    .returning();
  const [mine, theirs, legacy] = await db
    .insert(lives)
    .values(
      anchors.map((anchor, index) => ({
        anchorId: anchor.id,
        stream: `${anchor.id}-nodetest0${index}`,
        title: 'Node test',
        categoryId: 2,
        childCategoryId: 201,
        status: 'live' as const,
        mediaNode: ['media-a', 'media-b', null][index],
      })),
    )
    .returning();
  const server = createEmbeddedMediaServer({
    env: getEnv(),
    db,
    bus: getBus(),
    ffmpeg: undefined,
    bind: '127.0.0.1',
    node: 'media-a',
    rtmpPort: await freePort(),
    httpPort: await freePort(),
    dataDir: getEnv().dataDir,
    transcode: false,
    record: false,
  });
  await server.start();
  try {
    const rows = await db.select({ id: lives.id, status: lives.status }).from(lives).where(inArray(lives.id, [mine.id, theirs.id, legacy.id]));
    const status = new Map(rows.map((row) => [row.id, row.status]));
    // A live from before lives recorded their node is treated as this process's.
    expect([status.get(mine.id), status.get(theirs.id), status.get(legacy.id)]).toEqual(['away', 'live', 'away']);
  } finally {
    await server.stop();
  }
});
