import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { adminStatsSchema } from '../../../../shared/schemas/admin-stats';

/** Query keys of the Numbers tab. The first element is the URL its fetcher reads. */
export const numbersKeys = {
  stats: () => ['/api/admin/stats'] as const,
};

export function useAdminStats() {
  const queryKey = numbersKeys.stats();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminStatsSchema) });
}
