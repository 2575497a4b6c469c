import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { customerDetailSchema, customersResponseSchema } from '../../../../shared/schemas/admin-customers';
import { adminStatsSchema } from '../../../../shared/schemas/admin-stats';

/** Query keys of the Numbers and Customers tabs. The first element is the URL its fetcher reads. */
export const numbersKeys = {
  stats: () => ['/api/admin/stats'] as const,
  customers: (q: string) => [q ? `/api/admin/customers?${new URLSearchParams({ q }).toString()}` : '/api/admin/customers'] as const,
  customer: (email: string) => [`/api/admin/customers/detail?${new URLSearchParams({ email }).toString()}`] as const,
};

export function useAdminStats() {
  const queryKey = numbersKeys.stats();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminStatsSchema) });
}

/** Customers matching `q`; the previous list stays on screen while the next one loads. */
export function useCustomers(q: string) {
  const queryKey = numbersKeys.customers(q);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], customersResponseSchema), placeholderData: (previous) => previous });
}

export function useCustomer(email: string | null) {
  const queryKey = numbersKeys.customer(email ?? '');
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], customerDetailSchema), enabled: Boolean(email) });
}
