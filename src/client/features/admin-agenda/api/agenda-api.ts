import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api';
import { agendaSchema } from '../../../../shared/schemas/admin-agenda';

/** Query keys of the agenda. The first element is the URL its fetcher reads. */
export const agendaKeys = {
  range: (from: string, days: number) => [`/api/admin/agenda?from=${encodeURIComponent(from)}&days=${days}`] as const,
};

/**
 * `days` business days from `from` (yyyy-MM-dd): hours, jobs, blocks and busy times. Read again
 * each time the tab is shown: a booking confirmed, moved or given another crew in the Bookings
 * tab, or a customer's new booking, changes the day without touching this query's key.
 */
export function useAgenda(from: string, days: number) {
  const queryKey = agendaKeys.range(from, days);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], agendaSchema), placeholderData: (previous) => previous, refetchOnMount: 'always' });
}
