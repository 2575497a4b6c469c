import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceSchema, type Service } from '../../shared/schemas/content';
import { getJson } from './api';

const servicesSchema = z.array(serviceSchema);

/** The active services in the owner's order, each with its job length (GET /api/services). */
export const servicesQuery = () => queryOptions({ queryKey: ['/api/services'] as const, queryFn: (): Promise<Service[]> => getJson('/api/services', servicesSchema) });

export function useActiveServices() {
  return useQuery(servicesQuery());
}
