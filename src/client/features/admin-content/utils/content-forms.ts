import { z } from 'zod';
import { serviceInputSchema, testimonialInputSchema } from '../../../../shared/schemas/admin-content';
import { dollarsField } from '../../../lib/dollars';

/** The service dialog's boxes (price as typed, length as chosen), turned into the shared input but its place. */
export const serviceFormSchema = serviceInputSchema.omit({ sortOrder: true }).extend({
  price: dollarsField,
  durationMinutes: z.string().transform(Number).pipe(serviceInputSchema.shape.durationMinutes),
});

/** The testimonial dialog's boxes (the rating as chosen), turned into the shared input but its place. */
export const testimonialFormSchema = testimonialInputSchema.omit({ sortOrder: true }).extend({
  rating: z.string().transform(Number).pipe(testimonialInputSchema.shape.rating),
});
