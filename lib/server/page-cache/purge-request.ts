import 'server-only';
// The web role's purge requests to its own Next handler (/api/internal/page-purge), and the secret that lets them and
// nobody else's through: made once per process and shared through globalThis, as server.ts and Next's bundle load
// separate copies of this module.
import crypto from 'node:crypto';

export const pagePurgeTokenHeader = 'x-page-purge-token';

const key = Symbol.for('sportcast.page-purge-token');
const holder = globalThis as { [key]?: string };

export function pagePurgeToken(): string {
  holder[key] ??= crypto.randomBytes(32).toString('base64url');
  return holder[key];
}

export function isPagePurgeToken(candidate: string | null): boolean {
  const expected = Buffer.from(pagePurgeToken());
  const given = Buffer.from(candidate ?? '');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The purge server.ts runs: posts the tags to this process's own handler at `origin`. */
export function nextTagPurge(origin: string): (tags: string[]) => Promise<void> {
  return async (tags) => {
    const response = await fetch(`${origin}/api/internal/page-purge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [pagePurgeTokenHeader]: pagePurgeToken() },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(5000),
    });
    if (response.status !== 204) throw new Error(`page purge answered ${response.status}`);
  };
}
