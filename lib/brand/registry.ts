// The brand registry: which host is which brand, and what each brand looks like and reports.
// Brands are deploy-time configuration (config/brands.json, or BRANDS_FILE): they shape routing and caching.
import fs from 'node:fs';
import { z } from 'zod';
import bundledBrands from '@/config/brands.json';
import { getEnv } from '@/lib/env';
import { locales } from '@/lib/i18n/locales';
import { paymentProviders } from '@/lib/validation/recharge-constants';

const hostPattern = z
  .string()
  .regex(/^(\*\.)?[a-z0-9.-]+$/, 'a host name, optionally starting with "*." for any sub-domain');

const brandSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,32}$/),
  name: z.object({ 'en-US': z.string().min(1), 'zh-CN': z.string().min(1).optional() }),
  hosts: z.array(hostPattern).min(1),
  regSource: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  channel: z.string().min(1),
  logo: z.string().min(1),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  locale: z.enum(locales),
  rootShowsLive: z.boolean(),
  // Where canonical links and the sitemap point, e.g. "https://www.sportcast.example"; unset: the first host.
  canonicalOrigin: z
    .url({ protocol: /^https?$/ })
    .regex(/^https?:\/\/[^/?#]+$/, 'an origin: scheme and host, without a path')
    .optional(),
  // Recharge (docs/recharge.md): the fiat currency packages are priced in (ISO 4217, amounts in its minor unit)
  // and the payment providers offered, in order; a provider also needs its settings to be offered.
  payments: z
    .object({
      currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as USD or CNY'),
      providers: z.array(z.enum(paymentProviders)).min(1),
    })
    .refine((payments) => !payments.providers.includes('alipay') || payments.currency === 'CNY', {
      message: 'Alipay is offered for CNY prices only',
    })
    .default({ currency: 'USD', providers: ['sandbox'] }),
});

const registrySchema = z
  .object({ defaultBrand: z.string(), brands: z.array(brandSchema).min(1) })
  .refine((registry) => registry.brands.some((brand) => brand.id === registry.defaultBrand), {
    message: 'defaultBrand must name one of the brands',
  });

export type Brand = z.infer<typeof brandSchema>;
export type BrandRegistry = z.infer<typeof registrySchema>;

export function parseBrandRegistry(input: unknown): BrandRegistry {
  return registrySchema.parse(input);
}

let registry: BrandRegistry | undefined;

function getBrandRegistry(): BrandRegistry {
  if (!registry) {
    const file = getEnv().BRANDS_FILE;
    registry = parseBrandRegistry(file ? JSON.parse(fs.readFileSync(file, 'utf8')) : bundledBrands);
  }
  return registry;
}

export function listBrands(): Brand[] {
  return getBrandRegistry().brands;
}

export function getBrand(id: string): Brand | undefined {
  return listBrands().find((brand) => brand.id === id);
}

export function defaultBrand(): Brand {
  const { brands, defaultBrand: id } = getBrandRegistry();
  return brands.find((brand) => brand.id === id)!;
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** Host header → brand. Unknown hosts get the default brand with reg-source OFFICIAL. */
export function resolveBrand(hostHeader: string | null | undefined): Brand {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const match = listBrands().find((brand) => brand.hosts.some((pattern) => hostMatches(pattern, host)));
  return match ?? { ...defaultBrand(), regSource: 'OFFICIAL' };
}
