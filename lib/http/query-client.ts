// React Query clients: one per request on the server (visitors never share data), one per page in the browser.
import { QueryClient, defaultShouldDehydrateQuery, isServer } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Only failures that may pass on their own are retried; a status 1 or an expired session will not. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'http') && failureCount < 2;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data the server rendered stays fresh for a minute instead of being fetched again on hydration.
        staleTime: 60_000,
        retry: shouldRetryQuery,
        // Viewers switch tabs during a match; the spec says what refreshes on return (§4 tab visibility), nothing else should.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
      dehydrate: {
        // Queries still loading on the server stream to the browser instead of starting again there.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
