import 'server-only';
// Match covers drawn from the teams' colours (no downloaded images): the two colours split on a
// diagonal, the teams' codes and, once the match is over, the score. Language-neutral, so one
// image serves every locale; 1200×675 suits Open Graph cards and article headers. The live room's
// poster takes one as a WebP of its screen's width (/covers/match/{id}-{width}.webp).
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db';
import { matches, teams } from '@/lib/db/schema';
import { rasterizeSvg } from '@/lib/server/storage/rasterize';

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

/** Dark text on light colours, white on dark ones (relative luminance, WCAG). */
function textOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.45 ? '#111827' : '#ffffff';
}

const safeColor = (value: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : '#334155');
const safeCode = (value: string) => value.replace(/[^A-Z0-9]/g, '').slice(0, 4);

/** How long a cover may be cached: a final score never changes; before that the cover may still gain one. */
export const matchCoverCacheControl = (final: boolean) =>
  final ? 'public, max-age=86400, stale-while-revalidate=604800' : 'public, max-age=300';

/** The address of a match's cover, as pages and link previews name it. */
export const matchCoverUrl = (matchId: number) => `/covers/match/${matchId}.svg`;

/** The widths a match cover is drawn at: a small phone at 1x, a common one at 2x, the room's desktop player at 1x and 2x. */
const matchCoverWidths = [480, 828, 1280, 1920] as const;

const matchCoverSvg = /^\/covers\/match\/(\d{1,9})\.svg$/;

/**
 * A srcset for a cover (an <img>'s, with width descriptors): a match cover's drawn widths, or '' for a cover that
 * comes in one size (an anchor's upload, already at most 1280 px wide).
 */
export function coverSrcSet(cover: string): string {
  const matchId = matchCoverSvg.exec(cover)?.[1];
  return matchId ? matchCoverWidths.map((width) => `/covers/match/${matchId}-${width}.webp ${width}w`).join(', ') : '';
}

/** `withScore: false`: the spoiler-free cover (lib/spoilers.ts scorelessCoverUrl), "v" whatever the result. */
export async function renderMatchCover(db: Db, matchId: number, { withScore = true } = {}): Promise<{ svg: string; final: boolean } | null> {
  const [row] = await db
    .select({ match: matches, home: homeTeams, away: awayTeams })
    .from(matches)
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .where(eq(matches.id, matchId));
  if (!row) return null;
  const { match, home, away } = row;
  const final = match.status === 'finished' && match.homeScore !== null && match.awayScore !== null;
  // A knock-out match's teams stay unnamed until it is played (its places may not be decided yet).
  const named = final || (!match.homeSlot && !match.awaySlot);
  const homeColor = named ? safeColor(home.primaryColor) : '#334155';
  const awayColor = named ? safeColor(away.primaryColor) : '#1e293b';
  const scored = final && withScore;
  const middle = scored ? `${match.homeScore}–${match.awayScore}` : 'v';
  const pens = scored && match.pensHome !== null ? `(${match.pensHome}–${match.pensAway})` : '';
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675">',
    `<rect width="1200" height="675" fill="${homeColor}"/>`,
    `<path d="M760 0H1200V675H440Z" fill="${awayColor}"/>`,
    '<path d="M760 0L440 675" stroke="#000" stroke-opacity=".25" stroke-width="14"/>',
    '<g fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="5"><circle cx="600" cy="338" r="120"/><rect x="40" y="40" width="1120" height="595" rx="10"/></g>',
    `<text x="250" y="380" font-family="Arial,Helvetica,sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="${textOn(homeColor)}">${named ? safeCode(home.code) : '?'}</text>`,
    `<text x="950" y="380" font-family="Arial,Helvetica,sans-serif" font-size="150" font-weight="700" text-anchor="middle" fill="${textOn(awayColor)}">${named ? safeCode(away.code) : '?'}</text>`,
    '<rect x="450" y="250" width="300" height="170" rx="24" fill="#0f172a" fill-opacity=".85"/>',
    `<text x="600" y="${pens ? 350 : 370}" font-family="Arial,Helvetica,sans-serif" font-size="110" font-weight="700" text-anchor="middle" fill="#fff">${middle}</text>`,
    pens ? `<text x="600" y="402" font-family="Arial,Helvetica,sans-serif" font-size="40" text-anchor="middle" fill="#fff">${pens}</text>` : '',
    '</svg>',
  ].join('');
  return { svg, final };
}

/** A match cover as a WebP `width` wide, or null when there is no such match or the width is not one it is drawn at. */
export async function renderMatchCoverPicture(db: Db, matchId: number, width: number): Promise<{ webp: Buffer; final: boolean } | null> {
  if (!(matchCoverWidths as readonly number[]).includes(width)) return null;
  const cover = await renderMatchCover(db, matchId);
  return cover ? { webp: await rasterizeSvg(cover.svg, 'webp', { width }), final: cover.final } : null;
}
