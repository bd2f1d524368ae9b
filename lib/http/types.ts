// The types both halves of the HTTP client speak (client.ts, loaded with the page, and transport.ts, loaded with the
// first request): a leaf, so neither half imports the other's module for its types.
import type enHttp from '@/messages/en-US/http.json';

type HttpMessageKey = keyof typeof enHttp.errors;
export type HttpText = (key: HttpMessageKey, params?: Record<string, string | number>) => string;

export type Query = Record<string, string | number | boolean | undefined>;
export type RequestBody = Record<string, unknown> | FormData;

export type Send = <T>(method: 'get' | 'post', path: string, init: { body?: RequestBody; query?: Query }) => Promise<T>;
