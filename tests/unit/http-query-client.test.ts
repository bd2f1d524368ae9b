import { ApiError } from '@/lib/http/api-error';
import { makeQueryClient, shouldRetryQuery } from '@/lib/http/query-client';

describe('React Query defaults', () => {
  it('retries a dropped connection or a gateway error twice, but never a refusal the server meant', () => {
    const network = new ApiError('offline', 'network', null, '/api/maintain');
    expect(shouldRetryQuery(0, network)).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('503', 'http', null, '/api/maintain'))).toBe(true);
    expect(shouldRetryQuery(2, network)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('bad phone', 'failure', 1, '/api/user/login'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('login timeout', 'sessionExpired', 2, '/api/user/getUserInfo'))).toBe(false);
    // A 20 s time-out is not repeated: the viewer would wait a minute.
    expect(shouldRetryQuery(0, new ApiError('slow', 'timeout', null, '/api/maintain'))).toBe(false);
  });

  it('keeps server-rendered data fresh for a minute and never retries a mutation', () => {
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(60_000);
    expect(defaults.mutations?.retry).toBe(false);
  });
});
