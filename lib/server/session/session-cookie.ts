import 'server-only';
// The session cookie: a sealed copy of the credential, `__Host-`-prefixed and Secure over HTTPS,
// HttpOnly, SameSite=Lax, path /. It only names a session, so logout and password reset end it too.
import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import type { ResponseCookie } from '@/lib/server/http/cookies';
import { sealSessionCookie, sessionCookieName } from '@/lib/server/session/sessions';

/** HTTPS as the browser saw it: the proxy's X-Forwarded-Proto, else the request URL. */
export function isHttps(request: NextRequest): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return forwarded ? forwarded === 'https' : request.nextUrl.protocol === 'https:';
}

export async function sessionCookie(request: NextRequest, credential: string): Promise<ResponseCookie> {
  const secure = isHttps(request);
  return {
    name: secure ? sessionCookieName.secure : sessionCookieName.plain,
    value: await sealSessionCookie(credential),
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: getEnv().SESSION_TTL_DAYS * 86_400,
  };
}

/** Expires both names; browsers only accept the `__Host-` one back with Secure, so that one only over HTTPS. */
export function clearedSessionCookies(request: NextRequest): ResponseCookie[] {
  const cleared = { value: '', httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 } as const;
  const cookies: ResponseCookie[] = [{ name: sessionCookieName.plain, ...cleared, secure: false }];
  if (isHttps(request)) cookies.push({ name: sessionCookieName.secure, ...cleared, secure: true });
  return cookies;
}

/** The device the spec's `device-info` header names (a fingerprint hash); empty when absent. */
export function deviceIdFrom(request: NextRequest, fromBody = ''): string {
  return (fromBody || request.headers.get('device-info') || '').trim().slice(0, 128);
}
