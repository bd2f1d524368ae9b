// The one error vocabulary of the HTTP contract: a code that names a message, and the envelope status it maps to.
// 10152: a gift the sender's balance cannot pay for (spec §8 shows the server's message with it).
export const envelopeStatus = { ok: 0, failure: 1, sessionExpired: 2, unregistered: 301, insufficientBalance: 10152 } as const;
export type EnvelopeStatus = (typeof envelopeStatus)[keyof typeof envelopeStatus];

export type Envelope<T = unknown> = { status: EnvelopeStatus; msg: string; data: T };

/**
 * A failure the user should read. `key` is a message key (namespace.path) in messages/,
 * `params` fill its placeholders; `status` is the envelope status (1 unless said otherwise).
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly status: EnvelopeStatus = envelopeStatus.failure,
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export class SessionExpiredError extends AppError {
  constructor() {
    super('api.errors.sessionExpired', {}, envelopeStatus.sessionExpired);
  }
}

export class ForbiddenError extends AppError {
  constructor() {
    super('api.errors.forbidden');
  }
}
