// The browser's one HTTP client (spec §7): configured base URL, 20 s time-out, the spec's headers on
// every request, and the reply envelope unwrapped: data on status 0, an ApiError otherwise.
// This half (settings, messages, the session-expired signal) loads with every page; ky, zod and decryption
// live in transport.ts and load with the first request.
import { buildVariant, semRegSource } from '@/lib/build-info';
import { fallbackLocale, isLocale, langHeaderFor, type Locale } from '@/lib/i18n/locales';
import enHttp from '@/messages/en-US/http.json';
import zhHttp from '@/messages/zh-CN/http.json';
import { ApiError } from './api-error';
import { apiBaseUrl, defaultRegSource, responseObfuscationKey } from './config';
import type { HttpText, Query, RequestBody, Send } from './types';

// Imported directly rather than through the next-intl provider: the client works before any provider mounts.
const httpMessages: Record<Locale, typeof enHttp> = { 'en-US': enHttp, 'zh-CN': zhHttp };
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

  const locale = () => settings.locale ?? documentLocale();
  const text: HttpText = (key, params = {}) =>
    httpMessages[locale()].errors[key].replace(/\{(\w+)\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));

  function urlFor(path: string): string {
    const base = options.baseUrl ?? (apiBaseUrl || (typeof location === 'undefined' ? '' : location.origin));
    if (!base) throw new Error('The HTTP client runs in the browser, or needs NEXT_PUBLIC_API_BASE_URL.');
    return joinUrl(base, path);
  }

  let transport: Promise<Send> | undefined;
  function loadTransport(path: string): Promise<Send> {
    transport ??= import('./transport').then(({ createTransport }) =>
      createTransport({
        url: urlFor,
        fetch: options.fetch,
        deviceId: options.deviceId,
        obfuscationKey: options.obfuscationKey ?? responseObfuscationKey,
        headers: () => ({ 'reg-source': regSourceHeader(settings.regSource ?? defaultRegSource), lang: langHeaderFor(locale()) }),
        text,
        sessionExpired: () => sessionExpiredListeners.forEach((listener) => listener()),
      }),
    );
    // A transport that failed to load is a failed request, and the next request tries to load it again.
    return transport.catch(() => {
      transport = undefined;
      throw new ApiError(text('network'), 'network', null, path);
    });
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
    async post<T>(path: string, body?: RequestBody): Promise<T> {
      return (await loadTransport(path))<T>('post', path, { body });
    },
    async get<T>(path: string, query?: Query): Promise<T> {
      return (await loadTransport(path))<T>('get', path, { query });
    },
  };
}

/** The page's client: `api.post<UserInfo>('/api/user/getUserInfo')`. */
export const api = createApiClient();
