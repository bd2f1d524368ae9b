// The console SMS sender's outbox ($DATA_DIR/sms-outbox.jsonl): where a journey reads the code a person would
// read on their phone. The data directory is the e2e server's, as playwright.config.ts chooses it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { e2eDataDir } from '../support/e2e-server';

const outboxLine = z.object({ mobile: z.string(), code: z.string(), purpose: z.string(), at: z.string() });
type OutboxLine = z.infer<typeof outboxLine>;

async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  const text = await fs.readFile(path.join(dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => outboxLine.parse(JSON.parse(line)));
}

/**
 * The newest code sent to `mobile` for `purpose` ('login' or 'reset') at or after `since`; waits up to 10 s for it.
 * `dataDir`: another server's data directory (the cluster's).
 */
export async function latestSmsCode(mobile: string, purpose: 'login' | 'reset', since: Date, dataDir = e2eDataDir): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const match = (await readOutbox(dataDir))
      .filter((line) => line.mobile === mobile && line.purpose === purpose && new Date(line.at).getTime() >= since.getTime() - 1000)
      .at(-1);
    if (match) return match.code;
    if (Date.now() > deadline) throw new Error(`no ${purpose} code for ${mobile} in the SMS outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
