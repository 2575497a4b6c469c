import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '../../../../shared/schemas/content';

export const testimonialKeys = { all: ['/api/testimonials'] as const };

export function useTestimonials() {
  return useQuery<Testimonial[]>({ queryKey: testimonialKeys.all });
}
