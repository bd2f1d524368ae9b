import 'server-only';
// Operator command that shows the brand registry (config/brands.json or BRANDS_FILE) as the server reads it, and the
// check of a brand id other commands take.
import { defaultBrand, getBrand, listBrands } from '@/lib/brand/registry';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

/** A brand id an operator typed (`--brand`), refused with the list of brands when no brand has it. */
export function knownBrandId(text: string): string {
  if (!getBrand(text)) throw new OpsError(`Unknown brand "${text}". Use one of: ${listBrands().map((brand) => brand.id).join(', ')}.`);
  return text;
}

function describeBrands(): string {
  const defaultId = defaultBrand().id;
  return listBrands()
    .map((brand) =>
      [
        `${brand.id}${brand.id === defaultId ? ' (default: unknown hosts get it, with reg-source OFFICIAL)' : ''} — ${brand.name['en-US']}`,
        `  hosts:      ${brand.hosts.join(', ')}`,
        `  reg-source: ${brand.regSource}   channel: ${brand.channel}   locale: ${brand.locale}`,
        `  root:       ${brand.rootShowsLive ? '/ shows the live-matches page' : '/ redirects to /home'}`,
      ].join('\n'),
    )
    .join('\n');
}

export const brandsCommand: OpsCommand = {
  name: 'brands',
  usage: '',
  summary: 'list brands with their hosts, reg-source, locale and root page',
  async run(args) {
    parseCommandArgs(brandsCommand, args, {});
    return describeBrands();
  },
};
