import 'server-only';
// What the home page shows, read in one go from the cached readers: banners with their targets resolved, the
// matches being played and the next ones, the busiest rooms on air, the latest news, and the on-air signature
// the page re-renders on.
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { bannerTarget } from './banner-targets';
import { readHomeBanners } from './content-pages';
import { readLiveList, readOnAirSignature } from './live-pages';
import { readLiveAndUpcoming } from './match-pages';
import { readNewsPage } from './news-pages';
import { hideCardScores, hideReports } from './spoiler-free';
import { hideMatchScore } from '@/lib/spoilers';

const shownBanners = 3;
const hotAnchorCount = 6;

export async function readHomePage(brand: Brand, locale: Locale) {
  const [banners, { live, upcoming }, news, rooms, onAir] = await Promise.all([
    readHomeBanners(brand.id, locale),
    readLiveAndUpcoming(locale, 8),
    readNewsPage({ brandId: brand.id, locale, page: 1, size: 6 }),
    readLiveList({ categoryId: 0, childCategoryId: 0, page: 1, size: hotAnchorCount, locale }),
    readOnAirSignature(),
  ]);
  const shown = banners.slice(0, shownBanners);
  const targets = await Promise.all(shown.map(bannerTarget));
  return { banners: shown.map((banner, index) => ({ ...banner, target: targets[index] })), live, upcoming, news, rooms, onAir };
}


type HomePageData = Awaited<ReturnType<typeof readHomePage>>;

/** The home page as a spoiler-free visitor sees it (lib/spoilers.ts). */
export async function hideHomeResults(data: HomePageData, locale: Locale): Promise<HomePageData> {
  return {
    ...data,
    live: data.live.map(hideMatchScore),
    upcoming: data.upcoming.map(hideMatchScore),
    news: { ...data.news, list: await hideReports(data.news.list, locale) },
    rooms: { ...data.rooms, list: hideCardScores(data.rooms.list) },
  };
}
