import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import {
  adminBookingActionSchema,
  adminBookingsResponseSchema,
  adminSlotsResponseSchema,
  contactSubmissionsResponseSchema,
  outboxEmailsResponseSchema,
  type AdminBookingAction,
  type AdminStatusAction,
  type GalleryItemInput,
} from '../../../../shared/schemas/admin';
import { messageSchema } from '../../../../shared/schemas/common';
import { galleryItemSchema, galleryItemsSchema } from '../../../../shared/schemas/content';
import { calendarFeedSchema, calendarFeedsSchema, type AddCalendarInput } from '../../../../shared/schemas/calendars';
import { settingsSchema, type SettingsPatch } from '../../../../shared/schemas/settings';

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

/** Query keys of the admin area. The first element is the URL its fetcher reads. */
export const adminKeys = {
  bookings: (filters: BookingFilters) => [withQuery('/api/admin/bookings', { ...filters })] as const,
  slots: (date: string, bookingId?: number) => [withQuery('/api/admin/slots', { date, bookingId: bookingId ? String(bookingId) : '' })] as const,
  settings: () => ['/api/admin/settings'] as const,
  calendars: () => ['/api/admin/calendars'] as const,
  messages: () => ['/api/admin/contact-submissions'] as const,
  emails: (status: '' | 'failed' | 'pending') => [withQuery('/api/admin/emails', { status })] as const,
  gallery: () => ['/api/admin/gallery'] as const,
};

/** Refetches every query whose URL starts with one of `prefixes`. */
function invalidate(client: QueryClient, ...prefixes: string[]) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

export function useAdminBookings(filters: BookingFilters) {
  const queryKey = adminKeys.bookings(filters);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminBookingsResponseSchema), placeholderData: (previous) => previous });
}

/** The day's starts; with `bookingId`, whether that booking's own job fits at each. */
export function useAdminSlots(date: string, bookingId?: number) {
  const queryKey = adminKeys.slots(date, bookingId);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminSlotsResponseSchema), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}

export function useAdminSettings() {
  const queryKey = adminKeys.settings();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], settingsSchema) });
}

export function useCalendars() {
  const queryKey = adminKeys.calendars();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], calendarFeedsSchema) });
}

export function useContactSubmissions() {
  const queryKey = adminKeys.messages();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], contactSubmissionsResponseSchema) });
}

export function useEmailProblems(status: '' | 'failed' | 'pending') {
  const queryKey = adminKeys.emails(status);
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], outboxEmailsResponseSchema) });
}

export function useAdminGallery() {
  const queryKey = adminKeys.gallery();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], galleryItemsSchema) });
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

export function retryRefund(id: number) {
  return apiJson('POST', `/api/admin/bookings/${id}/refund`, adminBookingActionSchema);
}

export function retryEmail(id: number) {
  return apiJson('POST', `/api/admin/emails/${id}/retry`, messageSchema);
}

export function createGalleryItem(input: GalleryItemInput) {
  return apiJson('POST', '/api/admin/gallery', galleryItemSchema, input);
}

export function updateGalleryItem(input: { id: number; values: GalleryItemInput }) {
  return apiJson('PUT', `/api/admin/gallery/${input.id}`, galleryItemSchema, input.values);
}

export function deleteGalleryItem(id: number) {
  return apiJson('DELETE', `/api/admin/gallery/${id}`, messageSchema);
}

export function uploadGalleryImage(input: { id: number; dataUrl: string }) {
  return apiJson('POST', `/api/admin/gallery/${input.id}/image`, galleryItemSchema, { dataUrl: input.dataUrl });
}

/** Booking actions refresh every booking list and slot grid (the public ones too). */
function useBookingMutation<TInput>(fn: (input: TInput) => Promise<AdminBookingAction>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidate(client, '/api/admin/bookings', '/api/admin/slots', '/api/admin/emails'),
  });
}

export const useChangeBookingStatus = () => useBookingMutation(changeBookingStatus);
export const useMoveBooking = () => useBookingMutation(moveBooking);
export const useRetryRefund = () => useBookingMutation(retryRefund);
export const useChangeCrew = () => useBookingMutation(changeCrew);

/** Settings and calendars change what every schedule offers: refresh them and the slot grids. */
function useScheduleMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => invalidate(client, '/api/admin/settings', '/api/admin/calendars', '/api/admin/slots', '/api/time-slots', '/api/config'),
  });
}

export const useUpdateSettings = () => useScheduleMutation(updateSettings);
export const useAddCalendar = () => useScheduleMutation(addCalendar);
export const useSyncCalendar = () => useScheduleMutation(syncCalendar);
export const useRemoveCalendar = () => useScheduleMutation(removeCalendar);

export function useRetryEmail() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryEmail, onSuccess: () => invalidate(client, '/api/admin/emails') });
}

function useGalleryMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(client, '/api/admin/gallery', '/api/gallery') });
}

export const useCreateGalleryItem = () => useGalleryMutation(createGalleryItem);
export const useUpdateGalleryItem = () => useGalleryMutation(updateGalleryItem);
export const useDeleteGalleryItem = () => useGalleryMutation(deleteGalleryItem);
export const useUploadGalleryImage = () => useGalleryMutation(uploadGalleryImage);
