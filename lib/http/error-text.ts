// What a failed call says to the user: the server's msg (or the HTTP client's own localized sentence)
// when there is one, else the caller's fallback.
import { ApiError } from './api-error';

export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
