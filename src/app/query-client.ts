import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-error';

/** Never retry what the service refused (4xx: 401, 403, 404, validation); do retry network faults and 5xx twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
    return false;
  }
  if (isApiError(error) && error.kind === 'contract') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
