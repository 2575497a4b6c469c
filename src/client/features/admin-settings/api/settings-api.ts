import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateUrls } from '../../../lib/invalidate';
import { useUrlQuery } from '../../../lib/url-query';
import { messageSchema } from '../../../../shared/schemas/common';
import { calendarFeedSchema, calendarFeedsSchema, type AddCalendarInput } from '../../../../shared/schemas/calendars';
import { settingsSchema, type SettingsPatch } from '../../../../shared/schemas/settings';

/** Query keys of the owner's settings and calendars. The first element is the URL its fetcher reads. */
export const settingsKeys = {
  settings: () => ['/api/admin/settings'] as const,
  calendars: () => ['/api/admin/calendars'] as const,
};

export function useAdminSettings() {
  return useUrlQuery(settingsKeys.settings(), settingsSchema);
}

export function useCalendars() {
  return useUrlQuery(settingsKeys.calendars(), calendarFeedsSchema);
}

export function updateSettings(patch: SettingsPatch) {
  return apiJson('PATCH', '/api/admin/settings', settingsSchema, patch);
}

export function addCalendar(input: AddCalendarInput) {
  return apiJson('POST', '/api/admin/calendars', calendarFeedSchema, input);
}

export function syncCalendar(id: number) {
  return apiJson('POST', `/api/admin/calendars/${id}/sync`, calendarFeedSchema);
}

export function removeCalendar(id: number) {
  return apiJson('DELETE', `/api/admin/calendars/${id}`, messageSchema);
}

/** Settings and calendars change what every schedule offers: refresh them and the slot grids. */
function useScheduleMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidateUrls(client, '/api/admin/settings', '/api/admin/calendars', '/api/admin/slots', '/api/time-slots', '/api/config'),
  });
}

export const useUpdateSettings = () => useScheduleMutation(updateSettings);
export const useAddCalendar = () => useScheduleMutation(addCalendar);
export const useSyncCalendar = () => useScheduleMutation(syncCalendar);
export const useRemoveCalendar = () => useScheduleMutation(removeCalendar);
