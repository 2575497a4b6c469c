import type { QueryClient } from '@tanstack/react-query';

/**
 * Refetches every query whose key starts with a URL beginning with one of `prefixes`. Query keys
 * across the client put the URL their fetcher reads first, so a write names what it changes by
 * URL, its own feature's lists and another's alike, without importing that feature.
 */
export function invalidateUrls(client: QueryClient, ...prefixes: string[]) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}
