import 'server-only';
// Operator commands: the gift catalogue (until the operator console edits it).
import { listBrands } from '@/lib/brand/registry';
import { currencies } from '@/lib/server/ledger/accounts';
import { listCatalogue, updateGift, type GiftChanges } from '@/lib/server/gifts/catalogue';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

const amount = (hundredths: number) => (hundredths / 100).toFixed(2);

export const giftsListCommand: OpsCommand = {
  name: 'gifts:list',
  usage: '',
  summary: 'list the gift catalogue (prices in hundredths: 100 = 1.00)',
  async run(args, database) {
    parseCommandArgs(giftsListCommand, args, {});
    const rows = await listCatalogue(await database());
    if (rows.length === 0) return 'The gift catalogue is empty.';
    const lines = rows.map((gift) =>
      [
        String(gift.id).padStart(4),
        gift.name['en-US'].padEnd(14),
        `${amount(gift.price)} ${gift.currency}`.padEnd(18),
        gift.animation.padEnd(12),
        `${gift.durationMs} ms`.padEnd(8),
        gift.combo ? 'combo' : '     ',
        (gift.brandId ?? 'all brands').padEnd(12),
        gift.enabled ? 'enabled' : 'disabled',
      ].join('  '),
    );
    return ['  id  name            price               animation     duration  combo  brand         state', ...lines].join('\n');
  },
};

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new OpsError(`--${name} must be a whole number from ${min} to ${max}.`);
  return value;
}

function flag(name: string, text: string): boolean {
  if (text !== '0' && text !== '1') throw new OpsError(`--${name} takes 1 (on) or 0 (off).`);
  return text === '1';
}

export const giftsSetCommand: OpsCommand = {
  name: 'gifts:set',
  usage: '<gift id> [--price <hundredths>] [--currency diamond|gold] [--enabled 0|1] [--combo 0|1] [--duration <ms>] [--sort <n>] [--brand <brand id>|all]',
  summary: 'change a gift of the catalogue: its price, currency, availability, combo, animation length, order or brand',
  async run(args, database) {
    const options = {
      price: { type: 'string' },
      currency: { type: 'string' },
      enabled: { type: 'string' },
      combo: { type: 'string' },
      duration: { type: 'string' },
      sort: { type: 'string' },
      brand: { type: 'string' },
    } as const;
    const { positionals, values } = parseCommandArgs(giftsSetCommand, args, options, ['gift id']);
    const giftId = wholeNumber('gift id', positionals[0], 1, 2_147_483_647);
    const changes: GiftChanges = {};
    if (values.price !== undefined) changes.price = wholeNumber('price', values.price, 1, 1_000_000_000);
    if (values.currency !== undefined) {
      const currency = currencies.find((name) => name === values.currency);
      if (!currency) throw new OpsError('--currency takes diamond (gems) or gold (diamonds).');
      changes.currency = currency;
    }
    if (values.enabled !== undefined) changes.enabled = flag('enabled', values.enabled);
    if (values.combo !== undefined) changes.combo = flag('combo', values.combo);
    if (values.duration !== undefined) changes.durationMs = wholeNumber('duration', values.duration, 500, 60_000);
    if (values.sort !== undefined) changes.sortOrder = wholeNumber('sort', values.sort, 0, 10_000);
    if (values.brand !== undefined) {
      const brands = listBrands().map((brand) => brand.id);
      if (values.brand !== 'all' && !brands.includes(values.brand)) throw new OpsError(`--brand takes all or one of: ${brands.join(', ')}.`);
      changes.brandId = values.brand === 'all' ? null : values.brand;
    }
    if (Object.keys(changes).length === 0) throw new OpsError(`Say what to change.\nUsage: npm run ops -- gifts:set ${giftsSetCommand.usage}`);
    const gift = await updateGift(await database(), giftId, changes);
    if (!gift) throw new OpsError(`There is no gift ${giftId}. \`npm run ops -- gifts:list\` shows the catalogue.`);
    return `Gift ${gift.id} (${gift.name['en-US']}): ${amount(gift.price)} ${gift.currency}, ${gift.enabled ? 'enabled' : 'disabled'}, ${gift.combo ? 'combo' : 'no combo'}, ${gift.durationMs} ms, ${gift.brandId ?? 'all brands'}.`;
  },
};
