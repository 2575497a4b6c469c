import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { invalidateUrls } from '../../../lib/invalidate';
import { useUrlQuery } from '../../../lib/url-query';
import type { GalleryItemInput } from '../../../../shared/schemas/admin';
import {
  adminServiceSchema,
  adminServicesSchema,
  adminTestimonialSchema,
  adminTestimonialsSchema,
  type ServiceInput,
  type TestimonialInput,
} from '../../../../shared/schemas/admin-content';
import { messageSchema } from '../../../../shared/schemas/common';
import { galleryItemSchema, galleryItemsSchema } from '../../../../shared/schemas/content';

/** Query keys of the owner's content. The first element is the URL its fetcher reads. */
export const contentKeys = {
  services: () => ['/api/admin/services'] as const,
  testimonials: () => ['/api/admin/testimonials'] as const,
  gallery: () => ['/api/admin/gallery'] as const,
};

export function useAdminServices() {
  return useUrlQuery(contentKeys.services(), adminServicesSchema);
}

export function useAdminTestimonials() {
  return useUrlQuery(contentKeys.testimonials(), adminTestimonialsSchema);
}

export function useAdminGallery() {
  return useUrlQuery(contentKeys.gallery(), galleryItemsSchema);
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

export function reorderGallery(ids: number[]) {
  return apiJson('PUT', '/api/admin/gallery/order', galleryItemsSchema, { ids });
}

/** A write to one kind of content refreshes the owner's list and the public pages' copy of it. */
function useContentMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>, ...prefixes: string[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidateUrls(client, ...prefixes) });
}

// A service's length and availability shape /book's times too: refresh those with the lists.
const SERVICE_URLS = ['/api/admin/services', '/api/services', '/api/time-slots', '/api/admin/slots'];
const TESTIMONIAL_URLS = ['/api/admin/testimonials', '/api/testimonials'];
const GALLERY_URLS = ['/api/admin/gallery', '/api/gallery'];

export const useUpdateService = () => useContentMutation(updateService, ...SERVICE_URLS);
export const useReorderServices = () => useContentMutation(reorderServices, ...SERVICE_URLS);

export const useCreateTestimonial = () => useContentMutation(createTestimonial, ...TESTIMONIAL_URLS);
export const useUpdateTestimonial = () => useContentMutation(updateTestimonial, ...TESTIMONIAL_URLS);
export const useDeleteTestimonial = () => useContentMutation(deleteTestimonial, ...TESTIMONIAL_URLS);
export const useReorderTestimonials = () => useContentMutation(reorderTestimonials, ...TESTIMONIAL_URLS);

export const useCreateGalleryItem = () => useContentMutation(createGalleryItem, ...GALLERY_URLS);
export const useUpdateGalleryItem = () => useContentMutation(updateGalleryItem, ...GALLERY_URLS);
export const useDeleteGalleryItem = () => useContentMutation(deleteGalleryItem, ...GALLERY_URLS);
export const useUploadGalleryImage = () => useContentMutation(uploadGalleryImage, ...GALLERY_URLS);
export const useReorderGallery = () => useContentMutation(reorderGallery, ...GALLERY_URLS);
