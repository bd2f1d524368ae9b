import 'server-only';
// The /mall page's data: the brand's catalogue in the page's language, cached briefly (stock moves with sales;
// the purchase itself always checks the stock in its own transaction).
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { listMallItems } from '@/lib/server/mall/catalogue';

export const readMallCatalogue = unstable_cache(async (brandId: string, locale: Locale) => (await listMallItems(await getDb(), brandId, locale)).list, ['mall-catalogue'], {
  revalidate: 30,
});
