import 'server-only';
// The demo's live rooms: the two demo anchors broadcast the matches the replay feed has live (老K说球 with
// ticketed HD, Coach Li free), and the demo viewer holds a few tickets. The seed step opens the lives; each
// start of the media role opens them again if they ended, linked to whatever is live by then.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorRooms, matches, users, type Live } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { defaultBrand, getBrand } from '@/lib/brand/registry';
import { getMatchDetail } from '@/lib/server/matches/queries';
import { grantTickets } from '@/lib/server/tickets/ledger';
import { demoAccounts } from './demo-accounts';
import type { SeedStep } from './seed-step';
import { openLive } from '@/lib/server/live/lives';
import { findOpenLive } from '@/lib/server/live-state/state';

const footballCategory = 2;
const worldCupCategory = 201;

/** Demo anchors in the order they take the live matches; the first broadcasts with ticketed HD. */
const demoAnchors = demoAccounts.filter((account) => account.role === 'anchor');
const demoViewerTickets = 3;

function localeOfBrand(brandId: string): Locale {
  return (getBrand(brandId) ?? defaultBrand()).locale;
}

async function demoMatchIds(db: Db): Promise<number[]> {
  const live = await db.select({ id: matches.id }).from(matches).where(eq(matches.status, 'live')).orderBy(asc(matches.kickoffAt), asc(matches.id)).limit(demoAnchors.length);
  if (live.length >= demoAnchors.length) return live.map((row) => row.id);
  const upcoming = await db.select({ id: matches.id }).from(matches).where(eq(matches.status, 'upcoming')).orderBy(asc(matches.kickoffAt), asc(matches.id)).limit(demoAnchors.length);
  return [...live, ...upcoming].map((row) => row.id);
}

async function demoTitle(db: Db, matchId: number | undefined, locale: Locale, nickName: string): Promise<string> {
  const match = matchId ? await getMatchDetail(db, matchId, locale) : null;
  if (!match) return locale === 'zh-CN' ? `${nickName}的直播间` : `${nickName} live`;
  return locale === 'zh-CN' ? `${match.home.name} vs ${match.away.name} 实时解说` : `${match.home.name} v ${match.away.name}: live commentary`;
}

/** Opens a live for each demo anchor without one; returns the demo anchors' open lives. */
export async function ensureDemoLives(db: Db): Promise<Live[]> {
  const accounts = await db
    .select({ id: users.id, mobile: users.mobile, nickName: users.nickName, brandId: users.brandId, role: users.role })
    .from(users)
    .where(and(inArray(users.mobile, demoAnchors.map((account) => account.mobile)), eq(users.role, 'anchor')));
  const ordered = demoAnchors.flatMap((demo) => accounts.filter((account) => account.mobile === demo.mobile));
  const matchIds = await demoMatchIds(db);
  const open: Live[] = [];
  for (const [index, anchor] of ordered.entries()) {
    const existing = await findOpenLive(db, anchor.id);
    if (existing) {
      open.push(existing);
      continue;
    }
    const matchId = matchIds[index];
    const locale = localeOfBrand(anchor.brandId);
    const [room] = await db.select().from(anchorRooms).where(eq(anchorRooms.anchorId, anchor.id));
    open.push(
      await openLive(db, anchor.id, {
        title: await demoTitle(db, matchId, locale, anchor.nickName),
        categoryId: footballCategory,
        childCategoryId: worldCupCategory,
        matchId: matchId ?? 0,
        cover: matchId ? `/covers/match/${matchId}.svg` : (room?.cover ?? ''),
        coverVertical: matchId ? `/covers/match/${matchId}.svg` : (room?.coverVertical ?? ''),
        ticket: index === 0 ? 1 : 0,
        enableWebrtc: false,
      }),
    );
  }
  return open;
}

export const liveDemoStep: SeedStep = {
  name: 'live-demo',
  run: async (db) => {
    await ensureDemoLives(db);
    const viewers = demoAccounts.filter((account) => account.role === 'user');
    const rows = await db.select({ id: users.id, mobile: users.mobile }).from(users).where(inArray(users.mobile, viewers.map((account) => account.mobile)));
    for (const viewer of rows) {
      await grantTickets(db, { userId: viewer.id, count: demoViewerTickets, idempotencyKey: `demo-seed:${viewer.mobile}`, note: 'demo seed' });
    }
  },
};
