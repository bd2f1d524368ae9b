// A local stand-in for a payment provider's HTTP API: it records each request (method, path, headers, body) and
// answers with what the test's `respond` returns. No real provider is reached.
import { execFileSync } from 'node:child_process';
import http from 'node:http';

export type StandInRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };
export type StandInReply = { status: number; json: unknown };

/**
 * A port free right now, found synchronously: provider settings are read from the environment once, before any
 * test hook runs, so the stand-in's address must be known when the test file loads.
 */
export function freePortNow(): number {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export class ProviderStandIn {
  readonly requests: StandInRequest[] = [];
  respond: (request: StandInRequest) => StandInReply = () => ({ status: 404, json: { error: { message: 'not found' } } });
  private server?: http.Server;

  constructor(readonly port: number) {}

  async start(): Promise<void> {
    this.server = http.createServer((incoming, outgoing) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const request = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.requests.push(request);
        const reply = this.respond(request);
        outgoing.writeHead(reply.status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(reply.json));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
