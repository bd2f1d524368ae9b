import 'server-only';
// Operator commands on the ledger: proving the books (`ledger:verify`), exporting entries as CSV
// (`ledger:export`) and granting currency (`wallet:grant`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { AppError } from '@/lib/server/http/errors';
import { currencies } from '@/lib/server/ledger/accounts';
import { exportLedger, isCurrency, shownHundredths } from '@/lib/server/ledger/export';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { announceBalance } from '@/lib/server/ledger/notify';
import { maxAmount } from '@/lib/server/ledger/post';
import { verifyLedger, type LedgerMismatch } from '@/lib/server/ledger/verify';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';
import { findAccountByPhone } from './users';

function describeMismatch(mismatch: LedgerMismatch): string {
  const amount = (asset: string, value: number) => (isCurrency(asset) ? `${value} (${shownHundredths(value)})` : String(value));
  switch (mismatch.kind) {
    case 'account':
      return `account ${mismatch.account} ${mismatch.asset}: balance ${amount(mismatch.asset, mismatch.balance)}, but its entries sum to ${amount(mismatch.asset, mismatch.entries)}`;
    case 'transaction':
      return `transaction ${mismatch.transactionId} ${mismatch.asset}: its entries sum to ${amount(mismatch.asset, mismatch.sum)}, not 0`;
    case 'asset':
      return `asset ${mismatch.asset}: all entries sum to ${amount(mismatch.asset, mismatch.sum)}, not 0`;
    case 'negative':
      return `account ${mismatch.account} ${mismatch.asset} is below zero: ${amount(mismatch.asset, mismatch.balance)}`;
  }
}

export const ledgerVerifyCommand: OpsCommand = {
  name: 'ledger:verify',
  usage: '',
  summary: 'prove the books: every balance equals its entries, every transaction and currency sums to zero (exit 1 if not)',
  async run(args, database) {
    parseCommandArgs(ledgerVerifyCommand, args, {});
    const report = await verifyLedger(await database());
    const figures = JSON.stringify({ accounts: report.accounts, entries: report.entries, mismatches: report.mismatches });
    if (report.mismatches === 0) {
      return `The books balance: ${report.accounts} account balances equal their entries; every transaction and asset sums to zero.\n${figures}`;
    }
    return { text: [...report.details.map(describeMismatch), `${report.mismatches} mismatch(es) found.`, figures].join('\n'), failed: true };
  },
};

/** `2026-11-01` is that day from midnight UTC (a `--to` date includes its whole day); a full ISO time is taken as is. */
function parseBound(flag: 'from' | 'to', value: string): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(parsed.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw new OpsError(`--${flag} takes a date (2026-11-01) or an ISO time (2026-11-01T08:00:00Z); "${value}" is neither.`);
  }
  if (dateOnly && flag === 'to') parsed.setUTCDate(parsed.getUTCDate() + 1);
  return parsed;
}

export const ledgerExportCommand: OpsCommand = {
  name: 'ledger:export',
  usage: '--from <date> --to <date> [--account <account>] [--out <file>]',
  summary: 'write the entries of a period as CSV (to standard output, or to --out); --to includes its whole day',
  async run(args, database) {
    const { values } = parseCommandArgs(ledgerExportCommand, args, {
      from: { type: 'string' },
      to: { type: 'string' },
      account: { type: 'string' },
      out: { type: 'string' },
    });
    if (!values.from || !values.to) throw new OpsError(`ledger:export needs --from and --to.\nUsage: npm run ops -- ledger:export ${ledgerExportCommand.usage}`);
    const range = { from: parseBound('from', values.from), to: parseBound('to', values.to), account: values.account };
    if (range.from >= range.to) throw new OpsError('--from must come before --to.');
    const db = await database();
    if (!values.out) {
      const lines: string[] = [];
      await exportLedger(db, range, (line) => void lines.push(line));
      return lines.join('\n');
    }
    // A file is written as it is read, so a large period never sits in memory.
    const file = path.resolve(values.out);
    const stream = fs.createWriteStream(file);
    const opened = new Promise<void>((resolve, reject) => stream.once('ready', () => resolve()).once('error', reject));
    try {
      await opened;
    } catch (error) {
      throw new OpsError(`Cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    let count: number;
    try {
      count = await exportLedger(db, range, async (line) => {
        if (!stream.write(`${line}\n`)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
      });
    } finally {
      stream.end();
      await finished(stream);
    }
    return `Wrote ${count} entries to ${file}.`;
  },
};

export const walletGrantCommand: OpsCommand = {
  name: 'wallet:grant',
  usage: '<phone> <diamond|gold> <hundredths> [--key <idempotency key>]',
  summary: "add currency to an account's wallet from the promotions account, in hundredths (the same --key twice grants once)",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(walletGrantCommand, args, { key: { type: 'string' } }, ['phone', 'currency', 'hundredths']);
    const [phone, currency, amountText] = positionals;
    if (!isCurrency(currency)) throw new OpsError(`Unknown currency "${currency}". Use one of: ${currencies.join(', ')}.`);
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || !Number.isSafeInteger(amount) || amount < 1 || amount > maxAmount) {
      throw new OpsError(`The amount is in whole hundredths (500 is 5.00), from 1 to ${maxAmount}; "${amountText}" is not.`);
    }
    const db = await database();
    const { id: userId, mobile } = await findAccountByPhone(db, phone);
    const key = values.key ?? `ops:${crypto.randomUUID()}`;
    const result = await grantCurrency(db, { userId, currency, amount, idempotencyKey: key, note: 'operator' }).catch((error: unknown) => {
      if (error instanceof AppError && error.key === 'wallet.errors.keyReused') throw new OpsError(`The key ${key} was already used for another grant; choose another --key.`);
      throw error;
    });
    const wallet = `${shownHundredths(result.wallet.diamond)} diamond, ${shownHundredths(result.wallet.gold)} gold`;
    if (!result.granted) return `The grant with key ${key} was already made; user ${userId} (${mobile}) holds ${wallet}.`;
    await announceBalance(userId, result.wallet);
    return `User ${userId} (${mobile}) received ${shownHundredths(amount)} ${currency}; they now hold ${wallet}.`;
  },
};
