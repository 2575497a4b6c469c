import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';

/** Query keys of the quote feature; the first element is the URL read. */
export const quoteKeys = {
  quote: (token: string) => [`/api/quotes/${encodeURIComponent(token)}`] as const,
};

/**
 * The quote a private link opens. Read once: booking it makes the link a 404, which must not
 * replace the page under a customer paying the deposit.
 */
export function useQuote(token: string) {
  const queryKey = quoteKeys.quote(token);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], import('../../../../shared/schemas/estimates').then((m) => m.publicQuoteSchema)), staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: false });
}

/** "No thanks": declines the quote (and its request); answers the words to show. */
export function useDeclineQuote(token: string) {
  return useMutation({ mutationFn: () => apiJson('POST', `${quoteKeys.quote(token)[0]}/decline`, import('../../../../shared/schemas/common').then((m) => m.messageSchema), {}) });
}
