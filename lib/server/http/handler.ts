import 'server-only';
// The one way to write a route handler: parse the input with its zod schema, resolve the caller's
// session and role, run the operation, and answer with the spec's envelope in the request's language.
import crypto from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getDb, type Db } from '@/lib/db';
import { isDatabaseBusy } from '@/lib/db/busy';
import { getEnv } from '@/lib/env';
import { resolveBrand, type Brand } from '@/lib/brand/registry';
import { localeFromLangHeader, type Locale } from '@/lib/i18n/locales';
import { localeCookie } from '@/lib/i18n/locale-cookie';
import { obfuscate } from '@/lib/crypto/obfuscation';
import { sessionRotation } from '@/lib/http/config';
import type { UserRole } from '@/lib/db/schema';
import {
  credentialFromAuthorization,
  credentialFromCookie,
  findSessionUser,
  sessionCookieName,
  type RenewedCredential,
  type SessionUser,
} from '@/lib/server/session/sessions';
import { sessionCookie } from '@/lib/server/session/session-cookie';
import { log, withLogFields } from '@/lib/server/log';
import { AppError, ForbiddenError, SessionExpiredError, envelopeStatus, type Envelope } from './errors';
import { serverTranslator, type ServerTranslate } from './translate';
import type { ResponseCookie } from './cookies';
import { describeIssue } from './validation-message';
import { readInput } from './read-input';

/** none: anyone (a session is still resolved when sent); the rest need a live session with that role. */
export type AuthLevel = 'none' | 'user' | 'anchor' | 'manager' | 'operator';

const rolesAllowed: Record<Exclude<AuthLevel, 'none'>, readonly UserRole[]> = {
  user: ['user', 'anchor', 'manager', 'operator'],
  anchor: ['anchor', 'operator'],
  manager: ['manager', 'operator'],
  operator: ['operator'],
};

export type HandlerContext<Input, Auth extends AuthLevel> = {
  input: Input;
  user: Auth extends 'none' ? SessionUser | undefined : SessionUser;
  db: Db;
  brand: Brand;
  locale: Locale;
  t: ServerTranslate;
  request: NextRequest;
  requestId: string;
  /** Cookies to set (or clear, with maxAge 0) on a successful reply, e.g. the session cookie at login. */
  cookies: ResponseCookie[];
};

type HandlerOptions<Schema extends z.ZodType, Auth extends AuthLevel> = {
  auth: Auth;
  /** The input's schema; `noInput` for calls that take none (extra fields are ignored). A function gets the request's locale, for rules that depend on it (the phone number). */
  input: Schema | ((locale: Locale) => Schema);
  /** Defaults to POST only; reads that the spec lists without a method also take GET. */
  methods?: readonly ('GET' | 'POST')[];
  /** Overrides MAX_BODY_BYTES for this route (uploads). */
  maxBodyBytes?: number;
};

export function requestLocale(request: NextRequest, brand: Brand): Locale {
  return localeFromLangHeader(request.headers.get('lang')) ?? localeFromLangHeader(request.cookies.get(localeCookie)?.value) ?? brand.locale;
}

type Caller = { user?: SessionUser; viaCookie: boolean; renewed?: RenewedCredential };

/** The caller's live session, from the Authorization header or else the session cookie. */
export async function resolveCaller(request: NextRequest, db: Db): Promise<Caller> {
  const fromHeader = credentialFromAuthorization(request.headers.get('authorization'));
  if (fromHeader) {
    // Only a client that stores the replacement may have its token replaced; any other would be signed out.
    const found = await findSessionUser(db, fromHeader, { rotate: request.headers.get(sessionRotation.accepts) === '1' });
    if (!found) return { viaCookie: false };
    const { renewed, ...user } = found;
    return { user, viaCookie: false, renewed };
  }
  const sealed = request.cookies.get(sessionCookieName.secure)?.value ?? request.cookies.get(sessionCookieName.plain)?.value;
  const fromCookie = await credentialFromCookie(sealed);
  if (fromCookie) return { user: await findSessionUser(db, fromCookie), viaCookie: true };
  return { viaCookie: false };
}

/** Cookie-authenticated writes from another site are refused (the cookie rides along on cross-site forms). */
function isForeignOrigin(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.get('host');
  } catch {
    return true;
  }
}

export const noInput = z.looseObject({});

type DeclaredInput = z.ZodType | ((locale: Locale) => z.ZodType);
const declarations = new WeakMap<object, { input: DeclaredInput; auth: AuthLevel }>();

/** The input schema a handler was defined with (undefined for other functions), so tests derive inputs from it. */
export function declaredInput(handler: unknown): DeclaredInput | undefined {
  return typeof handler === 'function' ? declarations.get(handler)?.input : undefined;
}

/** The caller a handler was defined for, so tests send each route the role it serves. */
export function declaredAuth(handler: unknown): AuthLevel | undefined {
  return typeof handler === 'function' ? declarations.get(handler)?.auth : undefined;
}

export function defineHandler<Schema extends z.ZodType, Auth extends AuthLevel>(
  options: HandlerOptions<Schema, Auth>,
  run: (context: HandlerContext<z.output<Schema>, Auth>) => Promise<unknown>,
): (request: NextRequest) => Promise<Response> {
  const methods = options.methods ?? ['POST'];
  const handler = async (request: NextRequest): Promise<Response> => {
    // nginx's id of the request when it sent one (docs/operations.md), so one request is found in both logs.
    const forwardedId = request.headers.get('x-request-id');
    const requestId = forwardedId && /^[\w-]{8,64}$/.test(forwardedId) ? forwardedId : crypto.randomUUID().slice(0, 8);
    const response = await withLogFields({ requestId }, () => handle(request, requestId));
    response.headers.set('x-request-id', requestId);
    return response;
  };
  declarations.set(handler, { input: options.input, auth: options.auth });
  return handler;

  async function handle(request: NextRequest, requestId: string): Promise<Response> {
    // Set once the caller's token was replaced: the reply carries the new one whatever its status.
    let renewal: Renewal | undefined;
    const brand = resolveBrand(request.headers.get('host'));
    const locale = requestLocale(request, brand);
    const t = serverTranslator(locale);
    try {
      if (!methods.includes(request.method as 'GET' | 'POST')) {
        throw new AppError('api.errors.methodNotAllowed', { method: request.method });
      }
      const db = await getDb();
      const caller = await resolveCaller(request, db);
      renewal = caller.renewed && { token: caller.renewed.token, cookie: await sessionCookie(request, caller.renewed.credential) };
      if (options.auth !== 'none') {
        if (!caller.user) throw new SessionExpiredError();
        if (!rolesAllowed[options.auth as Exclude<AuthLevel, 'none'>].includes(caller.user.role)) throw new ForbiddenError();
      }
      if (caller.viaCookie && request.method !== 'GET' && isForeignOrigin(request)) {
        throw new AppError('api.errors.foreignOrigin');
      }
      const raw = await readInput(request, options.maxBodyBytes ?? getEnv().MAX_BODY_BYTES);
      const schema = typeof options.input === 'function' ? options.input(locale) : options.input;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new AppError(describeIssue(parsed.error.issues[0], t, raw));
      const cookies: ResponseCookie[] = [];
      const data = await run({
        input: parsed.data,
        user: caller.user as HandlerContext<z.output<Schema>, Auth>['user'],
        db,
        brand,
        locale,
        t,
        request,
        requestId,
        cookies,
      });
      return envelope({ status: envelopeStatus.ok, msg: 'success', data: data ?? null }, cookies, renewal);
    } catch (error) {
      if (error instanceof AppError) return envelope({ status: error.status, msg: t(error.key, error.params), data: error.data }, [], renewal);
      if (isDatabaseBusy(error)) {
        // Overload, not a fault of ours or of the input: the caller is told to try again (logged as a warning).
        log.warn('database busy: request turned away', { path: request.nextUrl.pathname, error: error instanceof Error ? error.message : String(error) });
        return envelope({ status: envelopeStatus.failure, msg: t('api.errors.busy'), data: null }, [], renewal);
      }
      log.error('request failed', { path: request.nextUrl.pathname, error: error instanceof Error ? error.stack : String(error) });
      return envelope({ status: envelopeStatus.failure, msg: t('api.errors.internal', { requestId }), data: null }, [], renewal);
    }
  }
}

type Renewal = { token: string; cookie: ResponseCookie };

async function envelope(body: Envelope, cookies: ResponseCookie[] = [], renewal?: Renewal): Promise<Response> {
  const env = getEnv();
  const payload =
    env.RESPONSE_OBFUSCATION && body.status === envelopeStatus.ok && body.data !== null
      ? { ...body, data: await obfuscate(body.data, env.NEXT_PUBLIC_RESPONSE_OBFUSCATION_KEY), encrypt: 1 }
      : body;
  const response = NextResponse.json(payload, { headers: { 'cache-control': 'no-store' } });
  // A login's own cookie (in `cookies`) comes later and wins over the renewal of the session it replaced.
  if (renewal) {
    response.headers.set(sessionRotation.renewed, renewal.token);
    response.cookies.set(renewal.cookie);
  }
  for (const cookie of cookies) response.cookies.set(cookie);
  return response;
}
