import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { customerDetailSchema, customersResponseSchema } from '../../../../shared/schemas/admin-customers';

/** Query keys of the Customers tab. The first element is the URL its fetcher reads. */
export const customerKeys = {
  customers: (q: string) => [q ? `/api/admin/customers?${new URLSearchParams({ q }).toString()}` : '/api/admin/customers'] as const,
  customer: (email: string) => [`/api/admin/customers/detail?${new URLSearchParams({ email }).toString()}`] as const,
};

/** Customers matching `q`; the previous list stays on screen while the next one loads. */
export function useCustomers(q: string) {
  const queryKey = customerKeys.customers(q);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], customersResponseSchema), placeholderData: (previous) => previous });
}

export function useCustomer(email: string | null) {
  const queryKey = customerKeys.customer(email ?? '');
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], customerDetailSchema), enabled: Boolean(email) });
}
