import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '../../shared/schemas/content';
import { getJson } from './api';

/**
 * GET /api/services, the one fetcher and hook of it: the services page, the footer and the
 * booking form share the query (and the copy the server put in the page).
 */
export const serviceKeys = {
  active: () => ['/api/services'] as const,
};

/** The active services in the owner's order, each with its job length. */
export function getServices(): Promise<Service[]> {
  // The schema (and zod) loads beside the request, not in the entry chunk every page loads.
  return getJson(
    serviceKeys.active()[0],
    import('../../shared/schemas/content').then((m) => m.servicesSchema),
  );
}

/** For `queryClient.fetchQuery` / `ensureQueryData` outside components. */
export const servicesQuery = () => queryOptions({ queryKey: serviceKeys.active(), queryFn: getServices });

export function useActiveServices() {
  return useQuery(servicesQuery());
}
