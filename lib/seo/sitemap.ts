import 'server-only';
// sitemap.xml and robots.txt of a brand. Every page is listed once per language it exists in, with its
// hreflang alternates (the sitemap form of <link rel="alternate" hreflang>).
import type { Brand } from '@/lib/brand/registry';
import { locales, type Locale } from '@/lib/i18n/locales';
import { siteOrigin, siteUrl } from './site-url';

export type SitemapPage = {
  path: string;
  /** The languages the page exists in (articles may be written in one only). */
  locales?: readonly Locale[];
  lastModified?: string;
  changeFrequency?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority?: number;
};

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function sitemapXml(brand: Brand, pages: SitemapPage[]): string {
  const entries = pages.flatMap((page) => {
    const available = page.locales ?? locales;
    const alternates = available.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(siteUrl(brand, page.path, locale))}"/>`);
    if (available.includes(brand.locale)) alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl(brand, page.path))}"/>`);
    return available.map((locale) =>
      [
        '<url>',
        `<loc>${escapeXml(siteUrl(brand, page.path, locale))}</loc>`,
        ...alternates,
        page.lastModified ? `<lastmod>${page.lastModified}</lastmod>` : '',
        page.changeFrequency ? `<changefreq>${page.changeFrequency}</changefreq>` : '',
        page.priority !== undefined ? `<priority>${page.priority.toFixed(1)}</priority>` : '',
        '</url>',
      ].join(''),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** What crawlers may fetch: pages, not the API, the account pages or search results. */
export function robotsTxt(brand: Brand): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /webapi/',
    'Disallow: /user-center/',
    'Disallow: /keysearch',
    '',
    `Sitemap: ${siteOrigin(brand)}/sitemap.xml`,
    '',
  ].join('\n');
}
