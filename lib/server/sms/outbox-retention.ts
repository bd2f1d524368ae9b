import 'server-only';
// The console sender's outbox ($DATA_DIR/sms-outbox.jsonl) holds live login codes, so it is not kept: once its oldest
// line is older than SMS_OUTBOX_RETENTION_HOURS the file is renamed to sms-outbox.jsonl.1 (the previous .1 is
// deleted). A rename is atomic and the sender appends by path, so no line written meanwhile is lost; a code stays
// between one and two retention periods (plus the hourly check).
import fs from 'node:fs/promises';
import path from 'node:path';

export function smsOutboxPath(dataDir: string): string {
  return path.join(dataDir, 'sms-outbox.jsonl');
}

async function oldestLineAt(file: string): Promise<number | undefined> {
  const handle = await fs.open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const { bytesRead, buffer } = await handle.read({ buffer: Buffer.alloc(1024), position: 0 });
    const firstLine = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0];
    const at: unknown = JSON.parse(firstLine).at;
    const time = typeof at === 'string' ? Date.parse(at) : Number.NaN;
    return Number.isFinite(time) ? time : 0;
  } catch {
    // Unreadable: treated as old, so it goes.
    return 0;
  } finally {
    await handle.close();
  }
}

/** Rotates the outbox when its oldest line passed the retention; true when it did. */
export async function rotateSmsOutbox(dataDir: string, retentionHours: number, now = Date.now()): Promise<boolean> {
  const file = smsOutboxPath(dataDir);
  const oldest = await oldestLineAt(file);
  if (oldest === undefined || oldest > now - retentionHours * 3_600_000) return false;
  await fs.rm(`${file}.1`, { force: true });
  await fs.rename(file, `${file}.1`);
  return true;
}
