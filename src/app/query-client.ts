import { QueryClient } from '@tanstack/react-query';
import { isWorthRetrying } from '@/api/api-error';

/** What is worth retrying is decided in one place (src/api); reads try it twice more. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isWorthRetrying(error) && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
