import { useQuery } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { adminBookingActionSchema, adminBookingsResponseSchema, adminSlotsResponseSchema, type AdminStatusAction } from '../../../../shared/schemas/admin';

export interface BookingFilters {
  status: string;
  from: string;
  to: string;
  q: string;
}

function withQuery(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();
  return search ? `${path}?${search}` : path;
}

/** Query keys of the owner's bookings. The first element is the URL its fetcher reads. */
export const adminBookingKeys = {
  bookings: (filters: BookingFilters) => [withQuery('/api/admin/bookings', { ...filters })] as const,
  slots: (date: string, bookingId?: number) => [withQuery('/api/admin/slots', { date, bookingId: bookingId ? String(bookingId) : '' })] as const,
};

export function useAdminBookings(filters: BookingFilters) {
  const queryKey = adminBookingKeys.bookings(filters);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminBookingsResponseSchema), placeholderData: (previous) => previous });
}

/** The day's starts; with `bookingId`, whether that booking's own job fits at each. */
export function useAdminSlots(date: string, bookingId?: number) {
  const queryKey = adminBookingKeys.slots(date, bookingId);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminSlotsResponseSchema), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}

export function changeBookingStatus(input: { id: number; status: AdminStatusAction }) {
  return apiJson('POST', `/api/admin/bookings/${input.id}/status`, adminBookingActionSchema, { status: input.status });
}

export function moveBooking(input: { id: number; date: string; time: string }) {
  return apiJson('POST', `/api/admin/bookings/${input.id}/move`, adminBookingActionSchema, { date: input.date, time: input.time });
}

export function changeCrew(input: { id: number; crew: number }) {
  return apiJson('POST', `/api/admin/bookings/${input.id}/crew`, adminBookingActionSchema, { crew: input.crew });
}

export function retryRefund(id: number) {
  return apiJson('POST', `/api/admin/bookings/${id}/refund`, adminBookingActionSchema);
}

/** Booking actions refresh every booking list and slot grid, and the emails they queue. */
const BOOKING_URLS = ['/api/admin/bookings', '/api/admin/slots', '/api/admin/emails'];

export const useChangeBookingStatus = () => useRefreshingMutation(changeBookingStatus, ...BOOKING_URLS);
export const useMoveBooking = () => useRefreshingMutation(moveBooking, ...BOOKING_URLS);
export const useRetryRefund = () => useRefreshingMutation(retryRefund, ...BOOKING_URLS);
export const useChangeCrew = () => useRefreshingMutation(changeCrew, ...BOOKING_URLS);
