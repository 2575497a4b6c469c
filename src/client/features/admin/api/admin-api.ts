import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import type {
  AdminBooking,
  AdminBookingAction,
  AdminSlots,
  AdminStatusAction,
  ContactSubmission,
  GalleryItemInput,
  OutboxEmail,
} from '../../../../shared/schemas/admin';
import type { GalleryItem } from '../../../../shared/schemas/content';

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

/** Query keys of the admin area. The first element is the URL the default query function reads. */
export const adminKeys = {
  bookings: (filters: BookingFilters) => [withQuery('/api/admin/bookings', { ...filters })] as const,
  slots: (date: string) => [withQuery('/api/admin/slots', { date })] as const,
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
  return useQuery<{ bookings: AdminBooking[] } | null>({ queryKey: adminKeys.bookings(filters), placeholderData: (previous) => previous });
}

export function useAdminSlots(date: string) {
  return useQuery<AdminSlots | null>({ queryKey: adminKeys.slots(date), enabled: /^\d{4}-\d{2}-\d{2}$/.test(date) });
}

export function useContactSubmissions() {
  return useQuery<{ submissions: ContactSubmission[] } | null>({ queryKey: adminKeys.messages() });
}

export function useEmailProblems(status: '' | 'failed' | 'pending') {
  return useQuery<{ emails: OutboxEmail[] } | null>({ queryKey: adminKeys.emails(status) });
}

export function useAdminGallery() {
  return useQuery<GalleryItem[] | null>({ queryKey: adminKeys.gallery() });
}

export function changeBookingStatus(input: { id: number; status: AdminStatusAction }) {
  return apiJson<AdminBookingAction>('POST', `/api/admin/bookings/${input.id}/status`, { status: input.status });
}

export function moveBooking(input: { id: number; date: string; time: string }) {
  return apiJson<AdminBookingAction>('POST', `/api/admin/bookings/${input.id}/move`, { date: input.date, time: input.time });
}

export function retryRefund(id: number) {
  return apiJson<AdminBookingAction>('POST', `/api/admin/bookings/${id}/refund`);
}

export function retryEmail(id: number) {
  return apiJson<{ message: string }>('POST', `/api/admin/emails/${id}/retry`);
}

export function createGalleryItem(input: GalleryItemInput) {
  return apiJson<GalleryItem>('POST', '/api/admin/gallery', input);
}

export function updateGalleryItem(input: { id: number; values: GalleryItemInput }) {
  return apiJson<GalleryItem>('PUT', `/api/admin/gallery/${input.id}`, input.values);
}

export function deleteGalleryItem(id: number) {
  return apiJson<{ message: string }>('DELETE', `/api/admin/gallery/${id}`);
}

export function uploadGalleryImage(input: { id: number; dataUrl: string }) {
  return apiJson<GalleryItem>('POST', `/api/admin/gallery/${input.id}/image`, { dataUrl: input.dataUrl });
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
