import 'server-only';
// Operator commands for the per-brand app configuration behind getCommonConfig (spec §3 app config).
import type { Db } from '@/lib/db';
import { getBrand, listBrands } from '@/lib/brand/registry';
import { allBrands, getAppConfig, setAppConfigValue } from '@/lib/server/config/app-config';
import { appConfigKeys, appConfigSchemas, isAppConfigKey, type AppConfigKey } from '@/lib/validation/config';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

function checkBrand(brandId: string): string {
  if (brandId === allBrands || getBrand(brandId)) return brandId;
  throw new OpsError(`Unknown brand "${brandId}". Use ${allBrands} (every brand) or one of: ${listBrands().map((brand) => brand.id).join(', ')}.`);
}

/**
 * The operator types text: a key whose schema accepts the text as it is keeps it (URLs, numbers for
 * switches); otherwise it is read as JSON, so `[1000,5000]` sets a list.
 */
function parseConfigValue(key: AppConfigKey, text: string): unknown {
  const schema = appConfigSchemas[key];
  if (schema.safeParse(text).success) return text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return json;
  throw new OpsError(`"${text}" is not a valid value for ${key}: ${parsed.error.issues[0].message}.`);
}

async function setConfig(db: Db, key: string, text: string, brandId: string): Promise<unknown> {
  if (!isAppConfigKey(key)) throw new OpsError(`Unknown config key "${key}". Keys: ${appConfigKeys.join(', ')}.`);
  return setAppConfigValue(db, checkBrand(brandId), key, parseConfigValue(key, text));
}

export const configSetCommand: OpsCommand = {
  name: 'config:set',
  usage: `<key> <value> [--brand <id>|${allBrands}]`,
  summary: `set an app-config value for one brand or, by default, all (${allBrands})`,
  async run(args, database) {
    const { values, positionals } = parseCommandArgs(configSetCommand, args, { brand: { type: 'string', default: allBrands } }, ['key', 'value']);
    const [key, text] = positionals;
    const stored = await setConfig(await database(), key, text, values.brand);
    const scope = values.brand === allBrands ? 'every brand without its own value' : `brand ${values.brand}`;
    // getAppConfig caches for 10 s in each server process.
    return `${key} = ${JSON.stringify(stored)} for ${scope}. Running servers apply it within 10 s.`;
  },
};

export const configGetCommand: OpsCommand = {
  name: 'config:get',
  usage: `[--brand <id>|${allBrands}]`,
  summary: 'show the app config each brand gets',
  async run(args, database) {
    const { values } = parseCommandArgs(configGetCommand, args, { brand: { type: 'string' } });
    const brandIds = values.brand === undefined ? listBrands().map((brand) => brand.id) : [checkBrand(values.brand)];
    const db = await database();
    const columns = await Promise.all(brandIds.map((brandId) => getAppConfig(db, brandId)));
    const rows = [['key', ...brandIds], ...appConfigKeys.map((key) => [key, ...columns.map((config) => JSON.stringify(config[key]))])];
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
  },
};
