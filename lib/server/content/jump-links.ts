import 'server-only';
// Ad jump links (spec §7 getAdJumpLink): the URL behind an ad placement, the brand's own link first.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { adJumpLinks } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import type { AdJumpLink } from '@/lib/validation/content';

export async function getAdJumpLink(db: Db, brandId: string, jumpType: number): Promise<AdJumpLink> {
  const rows = await db
    .select()
    .from(adJumpLinks)
    .where(and(eq(adJumpLinks.jumpType, jumpType), inArray(adJumpLinks.brandId, ['*', brandId])));
  const link = rows.find((row) => row.brandId === brandId) ?? rows.find((row) => row.brandId === '*');
  // Spec §5/§8: an empty URL is the "url error" case.
  if (!link || !link.url.trim()) throw new AppError('content.errors.urlError');
  return { url: link.url };
}
