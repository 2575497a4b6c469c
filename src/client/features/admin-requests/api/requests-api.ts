import { useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { useUrlQuery } from '../../../lib/url-query';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { adminEstimateListSchema, adminEstimateSchema, type CreateQuoteInput } from '../../../../shared/schemas/estimates';
import { priceListSchema } from '../../../../shared/schemas/price-list';

/** Query keys of the owner's Requests; the first element is the URL its fetcher reads. */
export const requestKeys = {
  list: () => ['/api/admin/estimates'] as const,
  one: (id: number) => [`/api/admin/estimates/${id}`] as const,
  /** The visitors' price list: the items a quote's line can be picked from. */
  priceList: () => ['/api/price-list'] as const,
};

/** Every estimate request, new ones first. */
export const useEstimateRequests = () => useUrlQuery(requestKeys.list(), adminEstimateListSchema);

/** One request with its photos and quotes. */
export const useEstimateRequest = (id: number) => useUrlQuery(requestKeys.one(id), adminEstimateSchema);

export function usePriceList() {
  const queryKey = requestKeys.priceList();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], priceListSchema), staleTime: 60_000 });
}

export const sendQuote = ({ id, quote }: { id: number; quote: CreateQuoteInput }) => apiJson('POST', `/api/admin/estimates/${id}/quote`, adminEstimateSchema, quote);
export const declineRequest = ({ id, reason }: { id: number; reason: string }) => apiJson('POST', `/api/admin/estimates/${id}/decline`, adminEstimateSchema, { reason });

/** Both answer with the request as it now is; its list and its view are read again. */
export const useSendQuote = () => useRefreshingMutation(sendQuote, '/api/admin/estimates');
export const useDeclineRequest = () => useRefreshingMutation(declineRequest, '/api/admin/estimates');
