import 'server-only';
// Banners by placement (spec §7 getLongMenAg: equipment, category 6 home / 11 elsewhere) and brand.
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { banners } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import type { BannerView } from '@/lib/validation/content';

export async function listBanners(
  db: Db,
  query: { brandId: string; category: number; equipment: number; locale: Locale; now?: Date },
): Promise<BannerView[]> {
  const now = query.now ?? new Date();
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        eq(banners.category, query.category),
        eq(banners.equipment, query.equipment),
        inArray(banners.brandId, ['*', query.brandId]),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map((row) => ({
    id: row.id,
    title: pickText(row.title, query.locale),
    image: row.imageUrl,
    jump_url: row.jumpUrl,
    jump_type: row.jumpType,
  }));
}
