import 'server-only';
// Every layout and page starts here: the brand and locale that proxy.ts put in the URL.
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getBrand, type Brand } from '@/lib/brand/registry';
import { isLocale, pickText, type Locale } from '@/lib/i18n/locales';
import { parseBrandSegment } from '@/lib/spoilers';

export type LocaleParams = { brand: string; locale: string };
/** `spoilerFree`: the visitor's spoiler-free variant of the page (lib/spoilers.ts), which shows no result. */
export type PageContext = { brand: Brand; locale: Locale; brandName: string; spoilerFree: boolean };

export async function resolvePageContext(params: Promise<LocaleParams>): Promise<PageContext> {
  const { brand: segment, locale } = await params;
  const { brandId, spoilerFree } = parseBrandSegment(segment);
  const brand = getBrand(brandId);
  if (!brand || !isLocale(locale)) notFound();
  // next-intl learns the locale per request from here: layouts and pages render independently.
  setRequestLocale(locale);
  return { brand, locale, brandName: pickText(brand.name, locale), spoilerFree };
}
