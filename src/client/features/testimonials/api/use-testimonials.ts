import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '../../../../shared/schemas/content';
import { getJson } from '../../../lib/api';

export const testimonialKeys = { all: ['/api/testimonials'] as const };

/** Every testimonial; the schema loads on demand, beside the request (see getGalleryItems). */
export function getTestimonials(): Promise<Testimonial[]> {
  return getJson(
    testimonialKeys.all[0],
    import('../../../../shared/schemas/content').then((m) => m.testimonialsSchema),
  );
}

export function useTestimonials() {
  return useQuery({ queryKey: testimonialKeys.all, queryFn: getTestimonials });
}
