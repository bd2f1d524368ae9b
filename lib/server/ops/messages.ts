import 'server-only';
// Operator command for the system conversation (docs/inbox.md): a message to one account, or to every account of a
// brand. It counts as unread until read (spec §6); those online hear it at once.
import { getBrand, listBrands } from '@/lib/brand/registry';
import { sendSystemMessage } from '@/lib/server/inbox/system-messages';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';
import { findAccountByPhone } from './users';

const maxLength = 1000;

export const messageSendCommand: OpsCommand = {
  name: 'message:send',
  usage: '(--phone <phone> | --brand <brand id>) "<text>"',
  summary: 'send a system message to one account, or to every account of a brand',
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(messageSendCommand, args, { phone: { type: 'string' }, brand: { type: 'string' } }, ['text']);
    const text = positionals[0].trim();
    if (text === '' || text.length > maxLength) throw new OpsError(`The message is 1 to ${maxLength} characters.`);
    if ((values.phone === undefined) === (values.brand === undefined)) throw new OpsError('Name either --phone or --brand.');
    const db = await database();
    if (values.phone !== undefined) {
      const { id, mobile } = await findAccountByPhone(db, values.phone);
      const messageId = await sendSystemMessage(db, { userId: id }, text, null);
      return `System message ${messageId} sent to user ${id} (${mobile}).`;
    }
    const brandId = values.brand ?? '';
    if (!getBrand(brandId)) throw new OpsError(`Unknown brand "${brandId}". Brands: ${listBrands().map((brand) => brand.id).join(', ')}.`);
    const messageId = await sendSystemMessage(db, { brandId }, text, null);
    return `System message ${messageId} sent to every account of ${brandId}.`;
  },
};
