import 'server-only';
// Link previews (Open Graph, Twitter cards) as PNG: Facebook, X, LinkedIn and the chat apps show no SVG, and the
// site's covers and logos are SVG. /social-image/<path>.png draws the SVG at /<path>.svg: a match cover
// (rendered from the database) or a cover or logo in public/.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@/lib/db';
import { matchCoverCacheControl, renderMatchCover } from '@/lib/server/news/covers';
import { rasterizeSvg } from '@/lib/server/storage/rasterize';

const prefix = '/social-image';
/** Link previews want 200 px and more; the brand logos are drawn at 48 px, so small images are scaled up to this width. */
export const minPreviewWidth = 512;
const matchCover = /^\/covers\/match\/(\d{1,9})$/;
const publicImage = /^\/(covers|brands)\/[a-z0-9-]{1,64}$/;

/** The address a link preview can show for a site image: same-site SVGs become their PNG rendering. */
export function socialImageUrl(url: string): string {
  const svgPath = /^(\/[a-z0-9/_-]+)\.svg$/i.exec(url)?.[1];
  return svgPath && (matchCover.test(svgPath) || publicImage.test(svgPath)) ? `${prefix}${svgPath}.png` : url;
}

type SocialImage = { png: Buffer; cacheControl: string };

const rasterize = (svg: string) => rasterizeSvg(svg, 'png', { minWidth: minPreviewWidth });

/** The PNG for /social-image/<segments>, or null when no such site image exists. */
export async function renderSocialImage(db: Db, segments: string[]): Promise<SocialImage | null> {
  const svgPath = /^(\/.+)\.png$/.exec(`/${segments.join('/')}`)?.[1];
  if (!svgPath) return null;
  const matchId = matchCover.exec(svgPath)?.[1];
  if (matchId) {
    const cover = await renderMatchCover(db, Number(matchId));
    return cover ? { png: await rasterize(cover.svg), cacheControl: matchCoverCacheControl(cover.final) } : null;
  }
  if (!publicImage.test(svgPath)) return null;
  const svg = await fs.readFile(path.join(process.cwd(), 'public', `${svgPath}.svg`), 'utf8').catch(() => null);
  return svg ? { png: await rasterize(svg), cacheControl: 'public, max-age=86400, stale-while-revalidate=604800' } : null;
}
