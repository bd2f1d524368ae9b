import 'server-only';
// The embedded default: no text message leaves the machine. Each code is logged and appended to
// $DATA_DIR/sms-outbox.jsonl as {"mobile","code","purpose","at"}, where a developer or a test reads it.
import fs from 'node:fs/promises';
import { log } from '@/lib/server/log';
import { smsOutboxPath } from './outbox-retention';
import type { SmsSender } from './types';

export function createConsoleSender(dataDir: string): SmsSender {
  const outbox = smsOutboxPath(dataDir);
  return {
    kind: 'console',
    async send({ mobile, code, purpose }) {
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(outbox, JSON.stringify({ mobile, code, purpose, at: new Date().toISOString() }) + '\n', { mode: 0o600 });
      log.info('sms code (console sender)', { mobile, code, purpose });
    },
  };
}
