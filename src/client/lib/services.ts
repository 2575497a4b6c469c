import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '../../shared/schemas/content';
import { getJson } from './api';

/** The active services in the owner's order, each with its job length (GET /api/services). */
export const servicesQuery = () =>
  queryOptions({
    queryKey: ['/api/services'] as const,
    queryFn: (): Promise<Service[]> =>
      // The schema (and zod) loads beside the request, not in the entry chunk every page loads.
      getJson(
        '/api/services',
        import('../../shared/schemas/content').then((m) => m.servicesSchema),
      ),
  });

export function useActiveServices() {
  return useQuery(servicesQuery());
}
