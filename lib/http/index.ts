// The browser HTTP client's public surface.
export { api, createApiClient, regSourceHeader, type ApiClient, type ApiSettings } from './client';
export type { Query, RequestBody } from './types';
export { ApiError, unregisteredMobileHash, type ApiErrorKind } from './api-error';
export { saveStoredSession, clearStoredSession, storedSessionKeys } from './stored-session';
export { getQueryClient, makeQueryClient } from './query-client';
