import 'server-only';
// The embedded default: no text message leaves the machine. Each code is appended to $DATA_DIR/sms-outbox.jsonl
// (owner-only) as {"mobile","code","purpose","at"}, where a developer or a test reads it. The code also goes to
// the log in development only: production logs are shipped and read by more people than the phone's owner.
import fs from 'node:fs/promises';
import { log } from '@/lib/server/log';
import { smsOutboxPath } from './outbox-retention';
import type { SmsSender } from './types';

export function createConsoleSender(dataDir: string, options: { logCodes: boolean }): SmsSender {
  const outbox = smsOutboxPath(dataDir);
  return {
    kind: 'console',
    async send({ mobile, code, purpose }) {
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(outbox, JSON.stringify({ mobile, code, purpose, at: new Date().toISOString() }) + '\n', { mode: 0o600 });
      if (options.logCodes) log.info('sms code (console sender)', { mobile, code, purpose });
      else log.info('sms code written to the outbox (console sender)', { purpose, outbox });
    },
  };
}
