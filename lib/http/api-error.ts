// How a call through the HTTP client fails: one error class, its kind saying what went wrong.

/**
 * failure: status 1 (or another non-zero status) with the server's msg; sessionExpired: status 2;
 * unregistered: status 301, `data.mobile_hash` starts registration; network, timeout, http (non-2xx)
 * and badReply (unreadable envelope) never reached a usable answer.
 */
export type ApiErrorKind = 'failure' | 'sessionExpired' | 'unregistered' | 'network' | 'timeout' | 'http' | 'badReply';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** The envelope's status when the server answered one, else null. */
    readonly status: number | null,
    readonly path: string,
    /** The envelope's data (decrypted), e.g. `{ mobile_hash }` for status 301. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec §4 login flow: status 301 means an unregistered phone, and its data carries the hash to register with. */
export function unregisteredMobileHash(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'unregistered') return undefined;
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('mobile_hash' in data)) return undefined;
  return typeof data.mobile_hash === 'string' ? data.mobile_hash : undefined;
}
