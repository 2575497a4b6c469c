import { apiJson, apiRequest, getJson } from '../../../lib/api';
import { userResponseSchema, type User } from '../../../../shared/schemas/auth';
import { availableTimeSlotsResponseSchema } from '../../../../shared/schemas/booking';
import {
  blockedTimesResponseSchema,
  cancelBookingResponseSchema,
  dashboardBookingsResponseSchema,
  rescheduleBookingResponseSchema,
  type BlockedTime,
  type CancelBookingResponse,
  type DashboardBooking,
  type ProfileInput,
} from '../../../../shared/schemas/dashboard';

/** Query keys of the dashboard feature; the first element is always the URL read. */
export const dashboardKeys = {
  bookings: () => ['/api/dashboard/bookings'] as const,
  availability: (date: string) => ['/api/calendar/check-availability', date] as const,
  availabilityAll: () => ['/api/calendar/check-availability'] as const,
  blockedTimes: (startDate: string, endDate: string) => ['/api/calendar/blocked-times', startDate, endDate] as const,
  blockedTimesAll: () => ['/api/calendar/blocked-times'] as const,
};

export async function getDashboardBookings(): Promise<DashboardBooking[]> {
  const body = await getJson('/api/dashboard/bookings', dashboardBookingsResponseSchema);
  return body.bookings;
}

export function cancelBooking(id: number): Promise<CancelBookingResponse> {
  return apiJson('POST', `/api/dashboard/bookings/${id}/cancel`, cancelBookingResponseSchema);
}

export function requestReschedule(id: number): Promise<{ booking: DashboardBooking }> {
  return apiJson('POST', `/api/dashboard/bookings/${id}/reschedule`, rescheduleBookingResponseSchema);
}

export function updateProfile(input: ProfileInput): Promise<{ user: User }> {
  return apiJson('PUT', '/api/dashboard/profile', userResponseSchema, input);
}

/** Open start times ("9:00 AM") on a `yyyy-MM-dd` date. */
export async function getAvailableTimes(date: string): Promise<string[]> {
  const body = await getJson(`/api/calendar/check-availability?date=${encodeURIComponent(date)}`, availableTimeSlotsResponseSchema);
  return body.availableTimeSlots.map((slot) => slot.time);
}

/** The signed-in user's blocks between two `yyyy-MM-dd` dates, both included. */
export async function getBlockedTimes(startDate: string, endDate: string): Promise<BlockedTime[]> {
  const params = new URLSearchParams({ startDate, endDate });
  const body = await getJson(`/api/calendar/blocked-times?${params.toString()}`, blockedTimesResponseSchema);
  return body.blockedTimes;
}

export async function blockTime(input: { date: string; time: string }): Promise<void> {
  await apiRequest('POST', '/api/calendar/add-event', { ...input, isBlockedTime: true });
}

export async function unblockTime(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/calendar/blocked-time/${id}`);
}
