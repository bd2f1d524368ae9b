// The HTTP client's wire half (spec §7): ky with the 20 s time-out and the spec's headers, and the reply envelope
// checked with zod and unwrapped. Loaded with the first request, not with the page (see client.ts).
import ky, { HTTPError, TimeoutError } from 'ky';
import { int, nullish, number, object, string, unknown } from 'zod/mini';
import { deobfuscate } from '@/lib/crypto/obfuscation';
import { ApiError } from './api-error';
import { requestTimeoutMs, sessionRotation } from './config';
import { browserDeviceId, deviceIdIfReady } from './device-id';
import type { HttpText, Query, RequestBody, Send } from './types';
import { clearStoredSession, readStoredCredential, replaceStoredToken } from './stored-session';

const envelopeSchema = object({
  status: int(),
  msg: nullish(string()),
  data: unknown(),
  encrypt: nullish(number()),
});

/** What the client's settings decide, read at request time. */
export type TransportContext = {
  url: (path: string) => string;
  fetch?: typeof fetch;
  /** Defaults to the browser's fingerprint; a request goes without the header until the id is known. */
  deviceId?: () => Promise<string>;
  obfuscationKey: string;
  /** The `reg-source` and `lang` headers. */
  headers: () => { 'reg-source': string; lang: string };
  text: HttpText;
  /** Status 2, after the stored session was cleared. */
  sessionExpired: () => void;
};

export function createTransport(context: TransportContext): Send {
  const { text } = context;
  const deviceId = context.deviceId ?? browserDeviceId;
  const http = ky.create({
    timeout: requestTimeoutMs,
    // React Query decides about retries; a second layer here would stretch the 20 s limit.
    retry: 0,
    ...(context.fetch ? { fetch: context.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request) => {
          const credential = readStoredCredential();
          if (credential) {
            request.headers.set('authorization', `Bearer ${credential}`);
            // This client stores a replacement token, so the server may rotate the one it sent.
            request.headers.set(sessionRotation.accepts, '1');
          }
          request.headers.set('platform', '0');
          const device = await deviceIdIfReady(deviceId);
          if (device) request.headers.set('device-info', device);
          for (const [name, value] of Object.entries(context.headers())) request.headers.set(name, value);
        },
      ],
    },
  });

  function transportError(error: unknown, path: string): ApiError {
    if (error instanceof TimeoutError) return new ApiError(text('timeout'), 'timeout', null, path);
    if (error instanceof HTTPError) return new ApiError(text('http', { code: error.response.status }), 'http', null, path);
    return new ApiError(text('network'), 'network', null, path);
  }

  async function unwrap<T>(response: Response, path: string): Promise<T> {
    const renewed = response.headers.get(sessionRotation.renewed);
    if (renewed) replaceStoredToken(renewed);
    const badReply = () => new ApiError(text('badReply'), 'badReply', null, path);
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw badReply();
    const { status, msg, encrypt } = parsed.data;
    let { data } = parsed.data;
    if (encrypt === 1) {
      if (typeof data !== 'string') throw badReply();
      data = await deobfuscate(data, context.obfuscationKey).catch(() => {
        throw badReply();
      });
    }
    if (status === 0) return data as T; // The caller names the shape of a successful reply.
    if (status === 2) {
      // Spec §4 forced logout: the stored session goes, the UI opens the login dialog.
      clearStoredSession();
      context.sessionExpired();
      throw new ApiError(text('sessionExpired'), 'sessionExpired', status, path, data);
    }
    if (status === 301) throw new ApiError(msg || text('failed'), 'unregistered', status, path, data);
    throw new ApiError(msg || text('failed'), 'failure', status, path, data);
  }

  return async function send<T>(method: 'get' | 'post', path: string, init: { body?: RequestBody; query?: Query }): Promise<T> {
    const url = context.url(path);
    let response: Response;
    try {
      response = await http(url, {
        method,
        ...(init.body instanceof FormData ? { body: init.body } : init.body ? { json: init.body } : {}),
        ...(init.query ? { searchParams: init.query } : {}),
      });
    } catch (error) {
      throw transportError(error, path);
    }
    return unwrap<T>(response, path);
  };
}
