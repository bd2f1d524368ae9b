import 'server-only';
// Files only this system user may read (secrets, the demo passwords), written so that nobody ever sees half of
// one: the content goes to a temporary file first, which then takes the real name in one step.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function writeTemporary(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const descriptor = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeFileSync(descriptor, content);
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
  return temporary;
}

/** Writes `file` unless it exists; returns false when another process (or an earlier start) made it first. */
export function createPrivateFile(file: string, content: string): boolean {
  const temporary = writeTemporary(file, content);
  try {
    // A hard link never replaces an existing name: of two processes starting at once, one wins.
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

/** Writes `file`, replacing what was there. */
export function replacePrivateFile(file: string, content: string): void {
  fs.renameSync(writeTemporary(file, content), file);
}
