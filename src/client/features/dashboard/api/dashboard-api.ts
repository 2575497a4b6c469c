import { apiJson, apiRequest, getJson } from '../../../lib/api';
import type { User } from '../../../../shared/schemas/auth';
import type { BlockedTime, DashboardBooking, ProfileInput } from '../../../../shared/schemas/dashboard';

/** Query keys of the dashboard feature; the first element is always the URL read. */
export const dashboardKeys = {
  bookings: () => ['/api/dashboard/bookings'] as const,
  availability: (date: string) => ['/api/calendar/check-availability', date] as const,
  availabilityAll: () => ['/api/calendar/check-availability'] as const,
  blockedTimes: (startDate: string, endDate: string) => ['/api/calendar/blocked-times', startDate, endDate] as const,
  blockedTimesAll: () => ['/api/calendar/blocked-times'] as const,
};

export type RefundOutcome = 'refunded' | 'kept' | 'none' | 'failed';

export async function getDashboardBookings(): Promise<DashboardBooking[]> {
  const body = await getJson<{ bookings: DashboardBooking[] }>('/api/dashboard/bookings');
  return body?.bookings ?? [];
}

export function cancelBooking(id: number): Promise<{ booking: DashboardBooking; refund: RefundOutcome; message: string }> {
  return apiJson('POST', `/api/dashboard/bookings/${id}/cancel`);
}

export function requestReschedule(id: number): Promise<{ booking: DashboardBooking }> {
  return apiJson('POST', `/api/dashboard/bookings/${id}/reschedule`);
}

export function updateProfile(input: ProfileInput): Promise<{ user: User }> {
  return apiJson('PUT', '/api/dashboard/profile', input);
}

/** Open start times ("9:00 AM") on a `yyyy-MM-dd` date. */
export async function getAvailableTimes(date: string): Promise<string[]> {
  const body = await getJson<{ availableTimeSlots: { time: string }[] }>(`/api/calendar/check-availability?date=${encodeURIComponent(date)}`);
  return (body?.availableTimeSlots ?? []).map((slot) => slot.time);
}

/** The signed-in user's blocks between two `yyyy-MM-dd` dates, both included. */
export async function getBlockedTimes(startDate: string, endDate: string): Promise<BlockedTime[]> {
  const params = new URLSearchParams({ startDate, endDate });
  const body = await getJson<{ blockedTimes: BlockedTime[] }>(`/api/calendar/blocked-times?${params.toString()}`);
  return body?.blockedTimes ?? [];
}

export async function blockTime(input: { date: string; time: string }): Promise<void> {
  await apiRequest('POST', '/api/calendar/add-event', { ...input, isBlockedTime: true });
}

export async function unblockTime(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/calendar/blocked-time/${id}`);
}
