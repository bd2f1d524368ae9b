// The browser's one HTTP client (spec §7): configured base URL, 20 s time-out, the spec's headers on
// every request, and the reply envelope unwrapped: data on status 0, an ApiError otherwise.
import ky, { HTTPError, TimeoutError } from 'ky';
// zod/mini, imported by name: the client loads on every page, and only what it names is bundled.
import { int, nullish, number, object, string, unknown } from 'zod/mini';
import { buildVariant, semRegSource } from '@/lib/build-info';
import { deobfuscate } from '@/lib/crypto/obfuscation';
import { fallbackLocale, isLocale, langHeaderFor, type Locale } from '@/lib/i18n/locales';
import enHttp from '@/messages/en-US/http.json';
import zhHttp from '@/messages/zh-CN/http.json';
import { ApiError } from './api-error';
import { apiBaseUrl, defaultRegSource, requestTimeoutMs, responseObfuscationKey } from './config';
import { createDeviceIdResolver } from './device-id';
import { clearStoredSession, readStoredCredential } from './stored-session';

// Imported directly rather than through the next-intl provider: the client works before any provider mounts.
const httpMessages: Record<Locale, typeof enHttp> = { 'en-US': enHttp, 'zh-CN': zhHttp };
type HttpMessageKey = keyof typeof enHttp.errors;

const envelopeSchema = object({
  status: int(),
  msg: nullish(string()),
  data: unknown(),
  encrypt: nullish(number()),
});

export type Query = Record<string, string | number | boolean | undefined>;
export type RequestBody = Record<string, unknown> | FormData;

/** What the server-rendered page knows and the browser cannot guess. */
export type ApiSettings = { regSource: string; locale: Locale };

export type ApiClientOptions = {
  /** Defaults to NEXT_PUBLIC_API_BASE_URL, else the page's origin. */
  baseUrl?: string;
  /** Tests pass a fake fetch; the browser's own is used otherwise. */
  fetch?: typeof fetch;
  /** Resolves the `device-info` value; defaults to the cached browser fingerprint. */
  deviceId?: () => Promise<string>;
  obfuscationKey?: string;
};

export type ApiClient = ReturnType<typeof createApiClient>;

/** In the SEM build variant every page reports the same fixed reg-source (spec §7). */
export function regSourceHeader(pageRegSource: string): string {
  return buildVariant === 'sem' ? semRegSource : pageRegSource;
}

function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : fallbackLocale;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export function createApiClient(options: ApiClientOptions = {}) {
  let settings: Partial<ApiSettings> = {};
  const sessionExpiredListeners = new Set<() => void>();
  const deviceId = options.deviceId ?? createDeviceIdResolver();
  const obfuscationKey = options.obfuscationKey ?? responseObfuscationKey;

  const locale = () => settings.locale ?? documentLocale();
  const text = (key: HttpMessageKey, params: Record<string, string | number> = {}) =>
    httpMessages[locale()].errors[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));

  const http = ky.create({
    timeout: requestTimeoutMs,
    // React Query decides about retries; a second layer here would stretch the 20 s limit.
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        async (request) => {
          const credential = readStoredCredential();
          if (credential) request.headers.set('authorization', `Bearer ${credential}`);
          request.headers.set('platform', '0');
          request.headers.set('device-info', await deviceId());
          request.headers.set('reg-source', regSourceHeader(settings.regSource ?? defaultRegSource));
          request.headers.set('lang', langHeaderFor(locale()));
        },
      ],
    },
  });

  function urlFor(path: string): string {
    const base = options.baseUrl ?? (apiBaseUrl || (typeof location === 'undefined' ? '' : location.origin));
    if (!base) throw new Error('The HTTP client runs in the browser, or needs NEXT_PUBLIC_API_BASE_URL.');
    return joinUrl(base, path);
  }

  function transportError(error: unknown, path: string): ApiError {
    if (error instanceof TimeoutError) return new ApiError(text('timeout'), 'timeout', null, path);
    if (error instanceof HTTPError) return new ApiError(text('http', { code: error.response.status }), 'http', null, path);
    return new ApiError(text('network'), 'network', null, path);
  }

  async function unwrap<T>(response: Response, path: string): Promise<T> {
    const badReply = () => new ApiError(text('badReply'), 'badReply', null, path);
    const parsed = envelopeSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw badReply();
    const { status, msg, encrypt } = parsed.data;
    let { data } = parsed.data;
    if (encrypt === 1) {
      if (typeof data !== 'string') throw badReply();
      data = await deobfuscate(data, obfuscationKey).catch(() => {
        throw badReply();
      });
    }
    if (status === 0) return data as T; // The caller names the shape of a successful reply.
    if (status === 2) {
      // Spec §4 forced logout: the stored session goes, the UI opens the login dialog.
      clearStoredSession();
      sessionExpiredListeners.forEach((listener) => listener());
      throw new ApiError(text('sessionExpired'), 'sessionExpired', status, path, data);
    }
    if (status === 301) throw new ApiError(msg || text('failed'), 'unregistered', status, path, data);
    throw new ApiError(msg || text('failed'), 'failure', status, path, data);
  }

  async function send<T>(method: 'get' | 'post', path: string, init: { body?: RequestBody; query?: Query }): Promise<T> {
    const url = urlFor(path);
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
  }

  return {
    /** Called once at start-up with what the server-rendered page knows; later calls update it. */
    configure(next: Partial<ApiSettings>): void {
      settings = { ...settings, ...next };
    },
    /** The UI registers what happens on status 2 (open the login dialog); returns the unregister function. */
    onSessionExpired(listener: () => void): () => void {
      sessionExpiredListeners.add(listener);
      return () => sessionExpiredListeners.delete(listener);
    },
    post<T>(path: string, body?: RequestBody): Promise<T> {
      return send<T>('post', path, { body });
    },
    get<T>(path: string, query?: Query): Promise<T> {
      return send<T>('get', path, { query });
    },
  };
}

/** The page's client: `api.post<UserInfo>('/api/user/getUserInfo')`. */
export const api = createApiClient();
