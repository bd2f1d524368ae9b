// While the server holds the embedded database, operator commands reach it through the ops socket.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDb } from '@/lib/db';
import { findCurrentNotice } from '@/lib/server/maintenance/maintenance';
import { opsSocketPath, sendToOpsSocket, startOpsSocket } from '@/lib/server/ops/socket';

let dir: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-sock-'));
  stop = await startOpsSocket(opsSocketPath(dir), await getDb());
});

afterAll(async () => {
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('runs a command in the server process and returns its output and exit code', async () => {
  const reply = await sendToOpsSocket(opsSocketPath(dir), ['maintenance:set', '--title-en', 'Upgrade', '--content-en', 'Back soon.', '--start', '+10', '--end', '+70']);
  expect(reply?.code).toBe(0);
  expect((await findCurrentNotice(await getDb()))?.title['en-US']).toBe('Upgrade');
});

it('passes a command error back with a non-zero code', async () => {
  const reply = await sendToOpsSocket(opsSocketPath(dir), ['user:role', '19999999999', 'anchor']);
  expect(reply?.code).toBe(1);
  expect(reply?.err.join('\n')).toMatch(/19999999999/);
});

it('is owner-only, and answers undefined when no server listens', async () => {
  expect(fs.statSync(opsSocketPath(dir)).mode & 0o777).toBe(0o600);
  expect(await sendToOpsSocket(path.join(dir, 'nobody.sock'), ['help'])).toBeUndefined();
});
