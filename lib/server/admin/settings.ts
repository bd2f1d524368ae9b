import 'server-only';
// The brand's app-config switches in the operator console (docs/admin.md "Brand settings"): every key with its value
// for this brand and whether the brand set it or inherits it; a save writes only the keys that changed, as the
// brand's own rows, in one transaction with its audit row (each changed key before and after). Every process reads
// the new values within the config's 10-second cache.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { appConfig } from '@/lib/db/schema';
import { forgetAppConfig, getAppConfig, ownAppConfigKeys } from '@/lib/server/config/app-config';
import type { BrandSettings, BrandSettingsInput } from '@/lib/validation/admin-settings';
import type { AppConfigKey } from '@/lib/validation/config';
import { writeAudit, type AuditContext } from './audit';
import { fieldChanges } from './field-changes';

export async function readBrandSettings(db: Db, brandId: string): Promise<BrandSettings> {
  forgetAppConfig();
  return { values: await getAppConfig(db, brandId), own: await ownAppConfigKeys(db, brandId) };
}

/** Writes the changed keys; `changed` lists them (none: nothing written, no audit row). */
export async function saveBrandSettings(db: Db, context: AuditContext, input: BrandSettingsInput): Promise<{ changed: AppConfigKey[] }> {
  forgetAppConfig();
  const current = await getAppConfig(db, context.brandId);
  const { changed, before, after } = fieldChanges(current, input, Object.keys(input) as AppConfigKey[]);
  if (changed.length === 0) return { changed };
  await db.transaction(async (tx) => {
    for (const key of changed) {
      await tx
        .insert(appConfig)
        .values({ brandId: context.brandId, key, value: input[key] })
        .onConflictDoUpdate({ target: [appConfig.brandId, appConfig.key], set: { value: sql`excluded.value`, updatedAt: new Date() } });
    }
    await writeAudit(tx, context, { action: 'brand.config', targetType: 'brand', targetId: context.brandId, before, after });
  });
  forgetAppConfig();
  return { changed };
}
