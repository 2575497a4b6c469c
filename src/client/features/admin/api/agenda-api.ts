import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { agendaSchema } from '../../../../shared/schemas/admin-agenda';

/** Query keys of the agenda. The first element is the URL its fetcher reads. */
export const agendaKeys = {
  range: (from: string, days: number) => [`/api/admin/agenda?from=${encodeURIComponent(from)}&days=${days}`] as const,
};

/** `days` business days from `from` (yyyy-MM-dd): hours, jobs, blocks and busy times. */
export function useAgenda(from: string, days: number) {
  const queryKey = agendaKeys.range(from, days);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], agendaSchema), placeholderData: (previous) => previous });
}
