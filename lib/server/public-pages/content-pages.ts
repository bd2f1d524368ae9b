import 'server-only';
// Cached reads behind the editorial pages: banners, notices, the urgent announcement, activities and
// the help, about, legal and download pages.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { bannerCategories, bannerEquipment, type SitePageKind } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { getAppConfig } from '@/lib/server/config/app-config';
import { getActivity, listActivities } from '@/lib/server/content/activities';
import { listBanners } from '@/lib/server/content/banners';
import { getUrgentNotice, listNotices } from '@/lib/server/content/notices';
import { getSitePage } from '@/lib/server/content/site-pages';
import { cacheSeconds } from './lifetimes';
import { pageTags } from './cache-tags';

export const readHomeBanners = unstable_cache(
  async (brandId: string, locale: Locale) =>
    listBanners(await getDb(), { brandId, locale, category: bannerCategories.home, equipment: bannerEquipment.web }),
  ['home-banners'],
  { revalidate: cacheSeconds.settled },
);

export const readNotices = unstable_cache(
  async (brandId: string, locale: Locale) => listNotices(await getDb(), { brandId, locale, size: 50 }),
  ['notices'],
  { revalidate: cacheSeconds.settled },
);

export const readUrgentNotice = unstable_cache(
  async (brandId: string, locale: Locale) => getUrgentNotice(await getDb(), { brandId, locale }),
  ['urgent-notice'],
  { revalidate: cacheSeconds.fixture },
);

export const readActivities = unstable_cache(
  async (brandId: string, locale: Locale) => listActivities(await getDb(), { brandId, locale }),
  ['activities'],
  { revalidate: cacheSeconds.settled },
);

export const readActivity = unstable_cache(
  async (id: number, brandId: string, locale: Locale) => getActivity(await getDb(), id, { brandId, locale }),
  ['activity'],
  { revalidate: cacheSeconds.settled },
);

export const readSitePage = unstable_cache(
  async (kind: SitePageKind, number: number, brandId: string, locale: Locale) => getSitePage(await getDb(), { kind, number }, { brandId, locale }),
  ['site-page'],
  { revalidate: cacheSeconds.reference, tags: [pageTags.sitePages] },
);

/** The brand's app config (switches, links, limits) as pages render it. */
export async function readAppConfig(brandId: string) {
  return getAppConfig(await getDb(), brandId);
}
