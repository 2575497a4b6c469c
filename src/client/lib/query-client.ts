import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's defaults: never stale, no refetch on focus, no polling, no retries. There is no
 * default query function: each query names its fetcher, which parses the reply with its schema.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
