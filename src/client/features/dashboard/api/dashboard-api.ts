import { apiJson, apiRequest, getJson } from '../../../lib/api';
import { dashboardMoveResponseSchema, moveSlotsSchema, type DashboardMoveResponse, type MoveOwnBookingInput } from '../../../../shared/schemas/manage';
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
  moveSlots: (id: number) => ['/api/dashboard/bookings/slots', id] as const,
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

/** The starts offered on `date` for moving one of the user's bookings (its own job length). */
export async function getBookingMoveSlots(id: number, date: string): Promise<string[]> {
  const slots = await getJson(`/api/dashboard/bookings/${id}/slots?date=${encodeURIComponent(date)}`, moveSlotsSchema);
  return slots.map((s) => s.slotTime);
}

export function moveBooking(id: number, input: MoveOwnBookingInput): Promise<DashboardMoveResponse> {
  return apiJson('POST', `/api/dashboard/bookings/${id}/move`, dashboardMoveResponseSchema, input);
}

/** Add-to-calendar links of one of the user's bookings (the server checks it is theirs). */
export function bookingCalendarLinks(id: number) {
  return { ics: `/api/dashboard/bookings/${id}/ics`, google: `/api/dashboard/bookings/${id}/google-calendar` };
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
