import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson, type UnauthorizedBehavior } from './api';

/** Default reads: the query key's first element is the URL. */
export const getQueryFn =
  <T,>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> =>
  ({ queryKey }) =>
    getJson<T>(queryKey[0] as string, options.on401);

/** The spec's defaults: never stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
