import 'server-only';
// Reads and writes the per-brand app configuration and live categories behind getCommonConfig.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { appConfig, liveCategories } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { appConfigDefaults, appConfigSchemas, isAppConfigKey, type AppConfigKey, type AppConfigValues, type CommonConfig } from '@/lib/validation/config';
import type { LiveCategory } from '@/lib/validation/live';

/** Brand id whose rows every brand inherits. */
export const allBrands = '*';

// Header and pages read the config on every render; a short in-process cache keeps that off the database.
const cacheMs = 10_000;
const cache = new Map<string, { at: number; values: AppConfigValues }>();

export async function getAppConfig(db: Db, brandId: string): Promise<AppConfigValues> {
  const hit = cache.get(brandId);
  if (hit && Date.now() - hit.at < cacheMs) return hit.values;
  const rows = await db.select().from(appConfig).where(inArray(appConfig.brandId, [allBrands, brandId]));
  const values: Record<string, unknown> = { ...appConfigDefaults };
  // Brand rows override the shared ones.
  const ordered = [...rows.filter((row) => row.brandId === allBrands), ...rows.filter((row) => row.brandId !== allBrands)];
  for (const row of ordered) {
    if (!isAppConfigKey(row.key)) continue;
    const parsed = appConfigSchemas[row.key].safeParse(row.value);
    if (parsed.success) values[row.key] = parsed.data;
  }
  const result = values as AppConfigValues;
  cache.set(brandId, { at: Date.now(), values: result });
  return result;
}

/** After a change written elsewhere (the console's settings): the next read goes to the database. */
export function forgetAppConfig(): void {
  cache.clear();
  commonConfigCache.clear();
}

/** Which keys the brand set itself (the rest it inherits from '*' or the defaults). */
export async function ownAppConfigKeys(db: Db, brandId: string): Promise<AppConfigKey[]> {
  const rows = await db.select({ key: appConfig.key }).from(appConfig).where(eq(appConfig.brandId, brandId));
  return rows.map((row) => row.key).filter(isAppConfigKey);
}

export async function setAppConfigValue(db: Db, brandId: string, key: string, rawValue: unknown): Promise<unknown> {
  if (!isAppConfigKey(key)) throw new AppError('api.errors.invalidField', { field: key });
  const parsed = appConfigSchemas[key].safeParse(rawValue);
  if (!parsed.success) throw new AppError('api.errors.invalidField', { field: key });
  await db
    .insert(appConfig)
    .values({ brandId, key, value: parsed.data })
    .onConflictDoUpdate({ target: [appConfig.brandId, appConfig.key], set: { value: parsed.data, updatedAt: new Date() } });
  forgetAppConfig();
  return parsed.data;
}

export async function listLiveCategories(db: Db, locale: Locale): Promise<LiveCategory[]> {
  const rows = await db.select().from(liveCategories).orderBy(asc(liveCategories.sortOrder), asc(liveCategories.id));
  return rows
    .filter((row) => row.parentId === null)
    .map((parent) => ({
      id: parent.id,
      name: pickText(parent.name, locale),
      second_category: rows
        .filter((row) => row.parentId === parent.id)
        .map((child) => ({ id: child.id, name: pickText(child.name, locale) })),
    }));
}

const commonConfigCache = new Map<string, { at: number; reply: CommonConfig }>();

/** The reply of POST /api/config/getCommonConfig: every page load asks, so it is cached like the config. */
export async function getCommonConfig(db: Db, brandId: string, locale: Locale): Promise<CommonConfig> {
  const key = `${brandId}:${locale}`;
  const hit = commonConfigCache.get(key);
  if (hit && Date.now() - hit.at < cacheMs) return hit.reply;
  // The console's switch is the operators' business, not the browsers'.
  const { chips, admin_totp_required: _console, ...config } = await getAppConfig(db, brandId);
  const reply = { config, live_category: await listLiveCategories(db, locale), chips };
  commonConfigCache.set(key, { at: Date.now(), reply });
  return reply;
}
