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

/** A command line is a few hundred bytes; anything much longer is not one. */
export const maxOpsRequestBytes = 64 * 1024;
/** A client that sends no complete line in this time is dropped. */
const requestTimeoutMs = 10_000;

export async function startOpsSocket(socketPath: string, db: Db): Promise<() => Promise<void>> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let request = '';
    let answered = false;
    connection.setEncoding('utf8');
    connection.setTimeout(requestTimeoutMs, () => connection.destroy());
    const onData = (chunk: string) => {
      request += chunk;
      const newline = request.indexOf('\n');
      if (newline < 0 && request.length <= maxOpsRequestBytes) return;
      // One request per connection: the first line only; whatever follows it is never read, let alone run.
      connection.off('data', onData);
      connection.pause();
      answered = true;
      if (newline < 0 || newline > maxOpsRequestBytes) {
        connection.end(JSON.stringify({ code: 1, out: [], err: [`the request is longer than ${maxOpsRequestBytes} bytes`] } satisfies Reply));
        return;
      }
      void run(request.slice(0, newline)).then((reply) => connection.end(JSON.stringify(reply)));
    };
    connection.on('data', onData);
    connection.on('end', () => {
      if (!answered) connection.end();
    });
    connection.on('error', () => undefined);
  });
  const run = async (line: string): Promise<Reply> => {
    const reply: Reply = { code: 1, out: [], err: [] };
    try {
      const { argv } = JSON.parse(line) as { argv: unknown };
      if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) throw new Error('argv must be a list of strings');
      reply.code = await runOps(argv, {
        openDatabase: async () => db,
        // The server owns the database; a command must not close it.
        closeDatabase: async () => undefined,
        print: (text) => reply.out.push(text),
        printError: (text) => reply.err.push(text),
        insideServer: true,
      });
    } catch (error) {
      reply.err.push(error instanceof Error ? error.message : String(error));
    }
    return reply;
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created owner-only (the bind happens inside listen()), so no other user can reach it
    // between its creation and a chmod; the umask is restored at once, in the same tick.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, resolve);
    } finally {
      process.umask(umask);
    }
  });
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
