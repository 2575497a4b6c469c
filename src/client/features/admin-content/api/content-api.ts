import { apiJson } from '../../../lib/api';
import { adminListCalls, useRefreshingMutation } from '../../../lib/admin-api';
import { useUrlQuery } from '../../../lib/url-query';
import type { GalleryItemInput } from '../../../../shared/schemas/admin';
import { adminServiceSchema, adminServicesSchema, adminTestimonialSchema, adminTestimonialsSchema, type AdminService, type AdminTestimonial, type ServiceInput, type TestimonialInput } from '../../../../shared/schemas/admin-content';
import { galleryItemSchema, galleryItemsSchema, type GalleryItem } from '../../../../shared/schemas/content';

/** Query keys of the owner's content. The first element is the URL its fetcher reads. */
export const contentKeys = {
  services: () => ['/api/admin/services'] as const,
  testimonials: () => ['/api/admin/testimonials'] as const,
  gallery: () => ['/api/admin/gallery'] as const,
};

export const useAdminServices = () => useUrlQuery(contentKeys.services(), adminServicesSchema);
export const useAdminTestimonials = () => useUrlQuery(contentKeys.testimonials(), adminTestimonialsSchema);
export const useAdminGallery = () => useUrlQuery(contentKeys.gallery(), galleryItemsSchema);

const services = adminListCalls<AdminService, ServiceInput>(contentKeys.services()[0], adminServiceSchema, adminServicesSchema);
const testimonials = adminListCalls<AdminTestimonial, TestimonialInput>(contentKeys.testimonials()[0], adminTestimonialSchema, adminTestimonialsSchema);
const gallery = adminListCalls<GalleryItem, GalleryItemInput>(contentKeys.gallery()[0], galleryItemSchema, galleryItemsSchema);

export function uploadGalleryImage(input: { id: number; dataUrl: string }) {
  return apiJson('POST', `/api/admin/gallery/${input.id}/image`, galleryItemSchema, { dataUrl: input.dataUrl });
}

// A write to one kind of content refreshes the owner's list and the public pages' copy of it.
// A service's length and availability shape /book's times too: refresh those with the lists.
const SERVICE_URLS = ['/api/admin/services', '/api/services', '/api/time-slots', '/api/admin/slots'];
const TESTIMONIAL_URLS = ['/api/admin/testimonials', '/api/testimonials'];
const GALLERY_URLS = ['/api/admin/gallery', '/api/gallery'];

export const useUpdateService = () => useRefreshingMutation(services.update, ...SERVICE_URLS);
export const useReorderServices = () => useRefreshingMutation(services.reorder, ...SERVICE_URLS);

export const useCreateTestimonial = () => useRefreshingMutation(testimonials.create, ...TESTIMONIAL_URLS);
export const useUpdateTestimonial = () => useRefreshingMutation(testimonials.update, ...TESTIMONIAL_URLS);
export const useDeleteTestimonial = () => useRefreshingMutation(testimonials.remove, ...TESTIMONIAL_URLS);
export const useReorderTestimonials = () => useRefreshingMutation(testimonials.reorder, ...TESTIMONIAL_URLS);

export const useCreateGalleryItem = () => useRefreshingMutation(gallery.create, ...GALLERY_URLS);
export const useUpdateGalleryItem = () => useRefreshingMutation(gallery.update, ...GALLERY_URLS);
export const useDeleteGalleryItem = () => useRefreshingMutation(gallery.remove, ...GALLERY_URLS);
export const useUploadGalleryImage = () => useRefreshingMutation(uploadGalleryImage, ...GALLERY_URLS);
export const useReorderGallery = () => useRefreshingMutation(gallery.reorder, ...GALLERY_URLS);
