// Browser-side settings of the HTTP client. The one place the browser reads NEXT_PUBLIC_ variables
// for it: Next inlines them at build time, so they must be set when `npm run build` runs.

/** Spec §7/§9: every call gives up after 20 s. */
export const requestTimeoutMs = 20_000;

/**
 * NEXT_PUBLIC_API_BASE_URL: where the API lives, e.g. https://api.example.com.
 * Empty (the default) means the page's own origin.
 */
export const apiBaseUrl = process.env.NEXT_PUBLIC_API_BASE_URL ?? '';

/** The key both sides use when NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY is unset (lib/env.ts takes its default from here). */
export const defaultResponseObfuscationKey = 'c3BvcnRjYXN0LW9iZnVzY2F0aW9uLWtleS0zMmJ5dGU=';

/** NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY: the key replies with `encrypt: 1` are decrypted with. */
export const responseObfuscationKey = process.env.NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY || defaultResponseObfuscationKey;

/** Spec §9: the registration channel when the page did not name one. */
export const defaultRegSource = 'OFFICIAL';

/**
 * Token rotation (docs/security.md): the client sends `accepts` with its token to say it stores a replacement,
 * and the server answers a replacement in `renewed`.
 */
export const sessionRotation = { accepts: 'x-session-rotate', renewed: 'x-session-token' } as const;
