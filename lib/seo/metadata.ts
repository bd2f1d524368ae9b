import 'server-only';
// One metadata shape for every public page: title "<page> · <brand>", description, the canonical address
// on the brand's own host, hreflang alternates, Open Graph and Twitter cards.
import type { Metadata } from 'next';
import type { Brand } from '@/lib/brand/registry';
import { locales, type Locale } from '@/lib/i18n/locales';
import { languageAlternates, siteOrigin, siteUrl } from './site-url';
import { minPreviewWidth, socialImageUrl } from './social-image';

type SocialImage = { url: string; width: number; height: number; alt: string };

export type PageSeo = {
  brand: Brand;
  brandName: string;
  locale: Locale;
  /** The page's path (and the query that selects its content, if any), e.g. `newsArticlePath(12)` or `scheduleHref({ date: '2026-05-01' }, {})`. */
  path: string;
  title: string;
  description: string;
  image?: SocialImage;
  article?: { publishedTime: string; modifiedTime: string; tags: string[] };
  /** Pages that answer a query (search results) or say that something is missing are kept out of the index. */
  noIndex?: boolean;
};

const ogLocale = (locale: Locale) => locale.replace('-', '_');

/** Descriptions end at a word near 160 characters, the length result pages show. */
export function clipDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

export function pageMetadata(seo: PageSeo): Metadata {
  const canonical = siteUrl(seo.brand, seo.path, seo.locale);
  const description = clipDescription(seo.description);
  const image = seo.image ?? { url: seo.brand.logo, width: minPreviewWidth, height: minPreviewWidth, alt: seo.brandName };
  const images = [{ ...image, url: new URL(socialImageUrl(image.url), siteOrigin(seo.brand)).toString() }];
  return {
    title: { absolute: `${seo.title} · ${seo.brandName}` },
    description,
    metadataBase: new URL(siteOrigin(seo.brand)),
    alternates: { canonical, languages: languageAlternates(seo.brand, seo.path) },
    robots: seo.noIndex ? { index: false, follow: true } : { index: true, follow: true },
    openGraph: {
      type: seo.article ? 'article' : 'website',
      url: canonical,
      siteName: seo.brandName,
      title: seo.title,
      description,
      locale: ogLocale(seo.locale),
      alternateLocale: locales.filter((locale) => locale !== seo.locale).map(ogLocale),
      images,
      ...(seo.article ? { publishedTime: seo.article.publishedTime, modifiedTime: seo.article.modifiedTime, tags: seo.article.tags } : {}),
    },
    twitter: { card: seo.image ? 'summary_large_image' : 'summary', title: seo.title, description, images },
  };
}
