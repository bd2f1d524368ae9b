// Calls a route handler in-process the way a browser would, and returns the parsed envelope.
import { NextRequest } from 'next/server';
import type { Envelope } from '@/lib/server/http/errors';

type Handler = (request: NextRequest) => Promise<Response>;

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  /** Sent as-is, for malformed-input tests. */
  rawBody?: string;
  headers?: Record<string, string>;
  host?: string;
  path?: string;
  /** `<uid>.<token>`: sent as `Authorization: Bearer …`. */
  credential?: string;
};

export async function callRoute<T = unknown>(handler: Handler, options: CallOptions = {}): Promise<Envelope<T> & { httpStatus: number }> {
  const method = options.method ?? 'POST';
  const headers = new Headers({ host: options.host ?? 'localhost:3000', ...options.headers });
  if (options.credential) headers.set('authorization', `Bearer ${options.credential}`);
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const request = new NextRequest(`http://${headers.get('host')}${options.path ?? '/api/test'}`, { method, headers, body });
  const response = await handler(request);
  return { ...((await response.json()) as Envelope<T>), httpStatus: response.status };
}
