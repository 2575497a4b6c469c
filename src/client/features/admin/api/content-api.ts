import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, getJson } from '../../../lib/api';
import {
  adminServiceSchema,
  adminServicesSchema,
  adminTestimonialSchema,
  adminTestimonialsSchema,
  type ServiceInput,
  type TestimonialInput,
} from '../../../../shared/schemas/admin-content';
import { messageSchema } from '../../../../shared/schemas/common';
import { galleryItemsSchema } from '../../../../shared/schemas/content';

/** Query keys of the owner's content. The first element is the URL its fetcher reads. */
export const contentKeys = {
  services: () => ['/api/admin/services'] as const,
  testimonials: () => ['/api/admin/testimonials'] as const,
};

/** Refetches every query whose URL starts with one of `prefixes`. */
function invalidate(client: QueryClient, ...prefixes: string[]) {
  return client.invalidateQueries({
    predicate: (q) => typeof q.queryKey[0] === 'string' && prefixes.some((p) => (q.queryKey[0] as string).startsWith(p)),
  });
}

export function useAdminServices() {
  const queryKey = contentKeys.services();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminServicesSchema) });
}

export function useAdminTestimonials() {
  const queryKey = contentKeys.testimonials();
  return useQuery({ queryKey, queryFn: () => getJson(queryKey[0], adminTestimonialsSchema) });
}

export function updateService(input: { id: number; values: ServiceInput }) {
  return apiJson('PUT', `/api/admin/services/${input.id}`, adminServiceSchema, input.values);
}

export function reorderServices(ids: number[]) {
  return apiJson('PUT', '/api/admin/services/order', adminServicesSchema, { ids });
}

export function createTestimonial(values: TestimonialInput) {
  return apiJson('POST', '/api/admin/testimonials', adminTestimonialSchema, values);
}

export function updateTestimonial(input: { id: number; values: TestimonialInput }) {
  return apiJson('PUT', `/api/admin/testimonials/${input.id}`, adminTestimonialSchema, input.values);
}

export function deleteTestimonial(id: number) {
  return apiJson('DELETE', `/api/admin/testimonials/${id}`, messageSchema);
}

export function reorderTestimonials(ids: number[]) {
  return apiJson('PUT', '/api/admin/testimonials/order', adminTestimonialsSchema, { ids });
}

export function reorderGallery(ids: number[]) {
  return apiJson('PUT', '/api/admin/gallery/order', galleryItemsSchema, { ids });
}

/** A service's length and availability shape /book's times too: refresh those with the lists. */
function useServiceMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(client, '/api/admin/services', '/api/services', '/api/time-slots', '/api/admin/slots') });
}

export const useUpdateService = () => useServiceMutation(updateService);
export const useReorderServices = () => useServiceMutation(reorderServices);

function useTestimonialMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(client, '/api/admin/testimonials', '/api/testimonials') });
}

export const useCreateTestimonial = () => useTestimonialMutation(createTestimonial);
export const useUpdateTestimonial = () => useTestimonialMutation(updateTestimonial);
export const useDeleteTestimonial = () => useTestimonialMutation(deleteTestimonial);
export const useReorderTestimonials = () => useTestimonialMutation(reorderTestimonials);

export function useReorderGallery() {
  const client = useQueryClient();
  return useMutation({ mutationFn: reorderGallery, onSuccess: () => invalidate(client, '/api/admin/gallery', '/api/gallery') });
}
