import { useQuery } from '@tanstack/react-query';
import type { Testimonial } from '../../../../shared/schemas/content';
import type { TestimonialsSummary } from '../../../../shared/schemas/reviews';
import { getJson } from '../../../lib/api';
import { testimonialsShape, testimonialsSummaryShape } from '../../../../shared/schemas/plain-shapes';

export const testimonialKeys = { all: ['/api/testimonials'] as const, summary: ['/api/testimonials/summary'] as const };

/** Every testimonial, checked by its plain shape (no zod on the public pages; see getGalleryItems). */
export function getTestimonials(): Promise<Testimonial[]> {
  return getJson(testimonialKeys.all[0], testimonialsShape);
}

export function useTestimonials() {
  return useQuery({ queryKey: testimonialKeys.all, queryFn: getTestimonials });
}

/** The published reviews' count and average; null until there are enough of them. */
export function getTestimonialsSummary(): Promise<TestimonialsSummary> {
  return getJson(testimonialKeys.summary[0], testimonialsSummaryShape);
}

export function useTestimonialsSummary() {
  return useQuery({ queryKey: testimonialKeys.summary, queryFn: getTestimonialsSummary });
}
