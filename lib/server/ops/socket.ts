import 'server-only';
// The embedded database takes one process, so while the server runs, `npm run ops` hands its command
// line to the server over a Unix socket in DATA_DIR (owner-only), and the server runs it in-process.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '@/lib/db';
import { runOps } from './run';

type Reply = { code: number; out: string[]; err: string[] };

export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'ops.sock');
}

export async function startOpsSocket(socketPath: string, db: Db): Promise<() => Promise<void>> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('data', async (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      const reply: Reply = { code: 1, out: [], err: [] };
      try {
        const { argv } = JSON.parse(request) as { argv: unknown };
        if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) throw new Error('argv must be a list of strings');
        reply.code = await runOps(argv, {
          openDatabase: async () => db,
          // The server owns the database; a command must not close it.
          closeDatabase: async () => undefined,
          print: (text) => reply.out.push(text),
          printError: (text) => reply.err.push(text),
        });
      } catch (error) {
        reply.err.push(error instanceof Error ? error.message : String(error));
      }
      connection.end(JSON.stringify(reply));
    });
    connection.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  fs.chmodSync(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Runs a command line in the server that listens on the socket; undefined when no server listens. */
export function sendToOpsSocket(socketPath: string, argv: readonly string[]): Promise<Reply | undefined> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let body = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(JSON.stringify({ argv }) + '\n'));
    connection.on('data', (chunk: string) => (body += chunk));
    connection.on('end', () => {
      try {
        resolve(JSON.parse(body) as Reply);
      } catch (error) {
        reject(error);
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
