import 'server-only';
// Operator command: viewing tickets (backpack item 105) until the mall and check-in award them.
import crypto from 'node:crypto';
import { AppError } from '@/lib/server/http/errors';
import { grantTickets } from '@/lib/server/tickets/ledger';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';
import { findAccountByPhone } from './users';

export const ticketsGrantCommand: OpsCommand = {
  name: 'tickets:grant',
  usage: '<phone> <count> [--key <idempotency key>]',
  summary: "add viewing tickets to an account's backpack (the same --key twice grants once)",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(ticketsGrantCommand, args, { key: { type: 'string' } }, ['phone', 'count']);
    const [phone, countText] = positionals;
    const count = Number(countText);
    if (!/^\d+$/.test(countText) || count < 1 || count > 10_000) throw new OpsError('The count must be a whole number from 1 to 10000.');
    const db = await database();
    const { id: userId, mobile } = await findAccountByPhone(db, phone);
    const key = values.key ?? `ops:${crypto.randomUUID()}`;
    const result = await grantTickets(db, { userId, count, idempotencyKey: key, note: 'operator' }).catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'live.ticket.keyReused') throw new OpsError(`The key ${key} was already used for another grant; choose another --key.`);
      throw error;
    });
    return result.granted
      ? `User ${userId} (${mobile}) received ${count} ticket(s); they now hold ${result.quantity}.`
      : `The grant with key ${key} was already made; user ${userId} (${mobile}) holds ${result.quantity} ticket(s).`;
  },
};
