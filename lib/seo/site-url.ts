import 'server-only';
// Absolute addresses of a brand's pages, for canonical links, hreflang alternates, Open Graph and the sitemap.
// Cached pages cannot see the request, so the origin comes from configuration alone: the brand's
// `canonicalOrigin`, else its first host (plain http on this server's port for a local host, https otherwise).
import type { Brand } from '@/lib/brand/registry';
import { getEnv } from '@/lib/env';
import { locales, type Locale } from '@/lib/i18n/locales';

/** The query parameter that selects a language in a shared or indexed link (proxy.ts honours it). */
const languageParam = 'lang';

function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

export function siteOrigin(brand: Brand): string {
  if (brand.canonicalOrigin) return brand.canonicalOrigin;
  // A wildcard host ("*.qiuba.example") stands for its bare domain.
  const host = brand.hosts[0].replace(/^\*\./, '');
  if (!isLocalHost(host)) return `https://${host}`;
  const port = getEnv().PORT;
  return port === 80 ? `http://${host}` : `http://${host}:${port}`;
}

/**
 * The address of `path` on the brand's site in `locale`: the brand's own language needs no parameter,
 * the other one carries ?lang= so that a crawler without cookies gets that language.
 */
export function siteUrl(brand: Brand, path: string, locale: Locale = brand.locale): string {
  const url = new URL(path, siteOrigin(brand));
  if (locale !== brand.locale) url.searchParams.set(languageParam, locale);
  return url.toString();
}

/** hreflang alternates of one page: every language, and x-default (the brand's own language). */
export function languageAlternates(brand: Brand, path: string): Record<Locale | 'x-default', string> {
  const entries = locales.map((locale) => [locale, siteUrl(brand, path, locale)] as const);
  return { ...(Object.fromEntries(entries) as Record<Locale, string>), 'x-default': siteUrl(brand, path) };
}
