// While the server holds the embedded database, operator commands reach it through the ops socket.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { ticketAsset } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { findCurrentNotice } from '@/lib/server/maintenance/maintenance';
import { maxOpsRequestBytes, opsSocketPath, sendToOpsSocket, startOpsSocket } from '@/lib/server/ops/socket';

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

it('creates the socket owner-only: no moment exists when another user could connect', async () => {
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-sock-'));
  const socketPath = opsSocketPath(other);
  const modes: number[] = [];
  // listen() binds synchronously: the mode right after it is the one a racing client would meet.
  const listen = jest.spyOn(net.Server.prototype, 'listen').mockImplementation(function (this: net.Server, ...args: unknown[]) {
    listen.mockRestore();
    const result = (this.listen as (...rest: unknown[]) => net.Server)(...args);
    modes.push(fs.statSync(socketPath).mode & 0o777);
    return result;
  });
  const stopOther = await startOpsSocket(socketPath, await getDb());
  await stopOther();
  fs.rmSync(other, { recursive: true, force: true });
  expect(modes).toEqual([0o600]);
});

/** Sends raw chunks, one write each, and returns what the server answered. */
function sendRaw(chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(opsSocketPath(dir));
    let body = '';
    connection.setEncoding('utf8');
    connection.on('connect', async () => {
      for (const chunk of chunks) {
        connection.write(chunk);
        await new Promise((wait) => setTimeout(wait, 50));
      }
    });
    connection.on('data', (chunk: string) => (body += chunk));
    connection.on('close', () => resolve(body));
    connection.on('error', reject);
  });
}

async function ticketsOf(mobile: string): Promise<number> {
  const db = await getDb();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return readItemCount(db, user.id, ticketAsset);
}

it('runs the first line once: bytes after it are never run again', async () => {
  const mobile = '17055500011';
  await (await getDb()).insert(users).values({ id: 733_000_011, mobile, nickName: 'Ops tickets', brandId: 'sportcast' });
  const line = `${JSON.stringify({ argv: ['tickets:grant', mobile, '2'] })}\n`;
  // Trailing whitespace and then a second copy of the same line, in later packets.
  const reply = JSON.parse(await sendRaw([line, ' ', line])) as { code: number };
  expect(reply.code).toBe(0);
  await new Promise((wait) => setTimeout(wait, 200));
  expect(await ticketsOf(mobile)).toBe(2);
});

it('refuses a request longer than its bound without buffering the rest', async () => {
  const reply = JSON.parse(await sendRaw(['x'.repeat(maxOpsRequestBytes + 10)])) as { code: number; err: string[] };
  expect(reply).toMatchObject({ code: 1, err: [expect.stringMatching(/longer than/)] });
});
