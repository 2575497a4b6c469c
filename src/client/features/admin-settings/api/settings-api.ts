import { apiJson } from '../../../lib/api';
import { adminListCalls, useRefreshingMutation } from '../../../lib/admin-api';
import { useUrlQuery } from '../../../lib/url-query';
import { calendarFeedSchema, calendarFeedsSchema, type AddCalendarInput, type CalendarFeed } from '../../../../shared/schemas/calendars';
import { settingsSchema, type SettingsPatch } from '../../../../shared/schemas/settings';

/** Query keys of the owner's settings and calendars. The first element is the URL its fetcher reads. */
export const settingsKeys = {
  settings: () => ['/api/admin/settings'] as const,
  calendars: () => ['/api/admin/calendars'] as const,
};

export const useAdminSettings = () => useUrlQuery(settingsKeys.settings(), settingsSchema);
export const useCalendars = () => useUrlQuery(settingsKeys.calendars(), calendarFeedsSchema);

const calendars = adminListCalls<CalendarFeed, AddCalendarInput>(settingsKeys.calendars()[0], calendarFeedSchema, calendarFeedsSchema);

export function updateSettings(patch: SettingsPatch) {
  return apiJson('PATCH', '/api/admin/settings', settingsSchema, patch);
}

export function syncCalendar(id: number) {
  return apiJson('POST', `/api/admin/calendars/${id}/sync`, calendarFeedSchema);
}

/** Settings and calendars change what every schedule offers: refresh them and the slot grids. */
const SCHEDULE_URLS = ['/api/admin/settings', '/api/admin/calendars', '/api/admin/slots', '/api/time-slots', '/api/config'];

export const useUpdateSettings = () => useRefreshingMutation(updateSettings, ...SCHEDULE_URLS);
export const useAddCalendar = () => useRefreshingMutation(calendars.create, ...SCHEDULE_URLS);
export const useSyncCalendar = () => useRefreshingMutation(syncCalendar, ...SCHEDULE_URLS);
export const useRemoveCalendar = () => useRefreshingMutation(calendars.remove, ...SCHEDULE_URLS);
