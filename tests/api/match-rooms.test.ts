// The live rooms the public pages show: a match's room tab lists the rooms on air with it, and search finds
// anchors by nickname or by their live's title, those on air first.
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import { lives, users } from '@/lib/db/schema';
import { listRoomsOfMatch } from '@/lib/server/content/rooms';
import { searchByKeyword } from '@/lib/server/content/search';
import { openLive } from '@/lib/server/live/lives';
import { roomCardSchema } from '@/lib/validation/live';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole, type Account } from './live-helpers';

let db: Db;
let onAir: Account;
let offAir: Account;
const scope = { brandId: 'sportcast', locale: 'en-US' as const };

beforeAll(async () => {
  db = await getDb();
  onAir = await accountWithRole('1361', 'anchor');
  offAir = await accountWithRole('1362', 'anchor');
  await db.update(users).set({ nickName: 'Zebra Kim' }).where(eq(users.id, onAir.id));
  await db.update(users).set({ nickName: 'Zebra Lee' }).where(eq(users.id, offAir.id));
  const live = await openLive(db, onAir.id, {
    title: 'Oranje all the way',
    categoryId: 2,
    childCategoryId: 201,
    matchId: 1033,
    cover: '',
    coverVertical: '',
    ticket: 0,
    enableWebrtc: false,
  });
  await db.update(lives).set({ status: 'live', viewers: 42 }).where(eq(lives.id, live.id));
});

describe('live rooms on the public pages', () => {
  it("lists the rooms on air with a match for its page's room tab", async () => {
    expect(await listRoomsOfMatch(db, 1033)).toEqual([
      { anchorId: onAir.id, nickName: 'Zebra Kim', avatar: '', title: 'Oranje all the way', onAir: true, viewers: 42, path: `/liveMatchesTwo/${onAir.id}` },
    ]);
    expect(await listRoomsOfMatch(db, 1034)).toEqual([]);
    expectReplyShape(roomCardSchema.array(), await listRoomsOfMatch(db, 1033));
  });

  it('finds anchors by nickname, those on air first, and rooms by their title', async () => {
    const byName = await searchByKeyword(db, 'zebra', scope);
    expect(byName.rooms.map((room) => [room.nickName, room.onAir])).toEqual([
      ['Zebra Kim', true],
      ['Zebra Lee', false],
    ]);
    const byTitle = await searchByKeyword(db, 'oranje', scope);
    expect(byTitle.rooms.map((room) => room.anchorId)).toEqual([onAir.id]);
  });
});
