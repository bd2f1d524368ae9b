import 'server-only';
// Every layout and page starts here: the brand and locale that proxy.ts put in the URL.
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { getBrand, type Brand } from '@/lib/brand/registry';
import { isLocale, pickText, type Locale } from '@/lib/i18n/locales';

export type LocaleParams = { brand: string; locale: string };
export type PageContext = { brand: Brand; locale: Locale; brandName: string };

export async function resolvePageContext(params: Promise<LocaleParams>): Promise<PageContext> {
  const { brand: brandId, locale } = await params;
  const brand = getBrand(brandId);
  if (!brand || !isLocale(locale)) notFound();
  // next-intl learns the locale per request from here: layouts and pages render independently.
  setRequestLocale(locale);
  return { brand, locale, brandName: pickText(brand.name, locale) };
}
