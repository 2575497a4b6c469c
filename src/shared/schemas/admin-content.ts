import { z } from 'zod';
import { serviceSchema, testimonialSchema } from './content';
import { instantSchema, textField, wholeNumber } from './fields';

/**
 * A job length the owner may set: 30 minutes to 10 hours in quarter hours. Quarter hours because
 * that is how jobs are estimated ("an hour and 45 minutes") and the job engine books any minute
 * count; 30 and 600 keep a job inside one business day (the database allows 15 to 720).
 */
export const MIN_SERVICE_MINUTES = 30;
export const MAX_SERVICE_MINUTES = 600;
export const SERVICE_MINUTES_STEP = 15;
export const SERVICE_DURATION_MESSAGE = 'Duration must be 30 to 600 minutes in steps of 15';

/** Prices are US cents, as GET /api/services serves them; $100,000 is far beyond any job. */
export const MAX_PRICE_CENTS = 10_000_000;
export const PRICE_MESSAGE = 'Price must be a whole number of cents from 0 to 10000000';

export const SORT_ORDER_MESSAGE = 'Order must be a whole number from 0 to 10000';
const sortOrderSchema = wholeNumber(0, 10_000, SORT_ORDER_MESSAGE);

const text = (label: string, min: number, max: number) =>
  textField(min, max, {
    required: `${label} is required`,
    short: min > 1 ? `${label} must be at least ${min} characters` : undefined,
    long: `${label} is too long (${max} characters at most)`,
  });

/** A service as /admin sees it: the public fields plus whether /book offers it and its place. */
export const adminServiceSchema = serviceSchema.extend({ active: z.boolean(), sortOrder: z.number() });
export type AdminService = z.infer<typeof adminServiceSchema>;
export const adminServicesSchema = z.array(adminServiceSchema);

/** PUT /api/admin/services/:id. The slug is not here: bookings store it, so it never changes. */
export const serviceInputSchema = z.object({
  name: text('Name', 2, 80),
  description: text('Description', 10, 1000),
  price: wholeNumber(0, MAX_PRICE_CENTS, PRICE_MESSAGE),
  durationMinutes: wholeNumber(MIN_SERVICE_MINUTES, MAX_SERVICE_MINUTES, SERVICE_DURATION_MESSAGE).refine((m) => m % SERVICE_MINUTES_STEP === 0, SERVICE_DURATION_MESSAGE),
  active: z.boolean({ error: 'Active must be true or false' }),
  sortOrder: sortOrderSchema,
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const RATING_MESSAGE = 'Rating must be 1 to 5 in steps of 0.5';

/** A testimonial as /admin sees it, hidden ones included: the owner's fields of the public one and its place. */
export const adminTestimonialSchema = testimonialSchema
  .pick({ id: true, name: true, location: true, content: true, rating: true, serviceType: true })
  .extend({ visible: z.boolean(), sortOrder: z.number(), createdAt: instantSchema });
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialsSchema = z.array(adminTestimonialSchema);

/**
 * POST /api/admin/testimonials and PUT /api/admin/testimonials/:id. `serviceType` must be a
 * service's slug: the service checks that against the database. A new testimonial without
 * `sortOrder` goes after the others.
 */
export const testimonialInputSchema = z.object({
  name: text('Name', 2, 80),
  location: text('Location', 2, 80),
  content: text('Testimonial', 10, 1000),
  rating: z
    .number({ error: RATING_MESSAGE })
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE)
    .refine((r) => Number.isInteger(r * 2), RATING_MESSAGE),
  serviceType: textField(1, 60, { required: 'Choose a service', long: 'Choose a service' }),
  visible: z.boolean({ error: 'Visible must be true or false' }),
  sortOrder: sortOrderSchema.optional(),
});
export type TestimonialInput = z.infer<typeof testimonialInputSchema>;

export const ORDER_IDS_MESSAGE = 'List every item once, by id, in the new order';

/** PUT /api/admin/{services,testimonials,gallery}/order: every item's id once, first shown first. */
export const orderInputSchema = z.object({
  ids: z
    .array(z.number({ error: ORDER_IDS_MESSAGE }).int(ORDER_IDS_MESSAGE).positive(ORDER_IDS_MESSAGE), { error: ORDER_IDS_MESSAGE })
    .min(1, ORDER_IDS_MESSAGE)
    .max(1000, ORDER_IDS_MESSAGE)
    .refine((ids) => new Set(ids).size === ids.length, ORDER_IDS_MESSAGE),
});
