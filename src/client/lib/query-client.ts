import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * The spec's defaults: never stale, no refetch on focus, no polling, no retries. There is no
 * default query function: each query names its fetcher, which parses the reply with its schema.
 */
export function createQueryClient(): QueryClient {
  // The query client assumes a signal until the browser's next online or offline event: a page
  // opened with none (the owner's app from its service worker) must know from the start.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
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
