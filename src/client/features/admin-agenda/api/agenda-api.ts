import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getJson } from '../../../lib/api';
import { agendaSchema } from '../../../../shared/schemas/admin-agenda';
import { loadAgendaDay, saveAgendaDay } from '../offline/agenda-store';

/** Query keys of the agenda. The first element is the URL its fetcher reads. */
export const agendaKeys = {
  range: (from: string, days: number) => [`/api/admin/agenda?from=${encodeURIComponent(from)}&days=${days}`] as const,
};

/** Reads the agenda; a one-day agenda is also kept on the phone for reading with no signal. */
async function fetchAgenda(from: string, days: number) {
  const agenda = await getJson(agendaKeys.range(from, days)[0], agendaSchema);
  if (days === 1) saveAgendaDay(from, agenda, Date.now());
  return agenda;
}

/**
 * `days` business days from `from` (yyyy-MM-dd): hours, jobs, blocks and busy times. Read again
 * each time the tab is shown: a booking confirmed, moved or given another crew in the Bookings
 * tab, or a customer's new booking, changes the day without touching this query's key. A day
 * kept on the phone shows at once (with when it was read) while the server is asked, and stays
 * when there is no signal.
 */
export function useAgenda(from: string, days: number) {
  const queryKey = agendaKeys.range(from, days);
  const kept = days === 1 ? loadAgendaDay(from) : null;
  return useQuery({
    queryKey,
    queryFn: () => fetchAgenda(from, days),
    placeholderData: (previous) => previous,
    refetchOnMount: 'always',
    ...(kept ? { initialData: kept.agenda, initialDataUpdatedAt: kept.savedAt } : {}),
  });
}

/** Reads `date`'s one-day agenda in the background (tomorrow's, while Today shows today), so it is kept on the phone too. */
export function usePrefetchAgendaDay(date: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (date) void client.prefetchQuery({ queryKey: agendaKeys.range(date, 1), queryFn: () => fetchAgenda(date, 1) });
  }, [client, date]);
}
