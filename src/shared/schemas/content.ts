import { z } from 'zod';
import { centsSchema } from './fields';

export const serviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: centsSchema,
  /** The booking form's service type. */
  slug: z.string(),
  /** How long the job takes, in minutes: the time the schedule books. */
  durationMinutes: z.number(),
});
export type Service = z.infer<typeof serviceSchema>;
/** GET /api/services: the active services in the owner's order. */
export const servicesSchema = z.array(serviceSchema);

export const galleryItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  category: z.string(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;
/** GET /api/gallery and /api/admin/gallery. */
export const galleryItemsSchema = z.array(galleryItemSchema);

export const galleryQuerySchema = z.object({
  category: z.enum(['furniture-assembly', 'mounting'], { error: 'category must be furniture-assembly or mounting' }).optional(),
});

/**
 * `content` and `comment` carry the same text: the pages read `content`, storage says `comment`.
 * A customer's published review (verified: true) comes as a testimonial too: its id is the
 * negative of the review's id, so it never collides with an owner's testimonial (positive serial
 * ids) and stays a number; `serviceType` is the service's name and `month` the job's month.
 */
export const testimonialSchema = z.object({
  id: z.number(),
  name: z.string(),
  location: z.string(),
  comment: z.string(),
  content: z.string(),
  rating: z.number(),
  serviceType: z.string(),
  avatarUrl: z.string().nullable(),
  /** A customer's review of a job they booked here (shown as 'Verified customer'). */
  verified: z.boolean().optional(),
  /** The month of a verified review's job, e.g. "March 2027". */
  month: z.string().optional(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
/** GET /api/testimonials. */
export const testimonialsSchema = z.array(testimonialSchema);

export const publicConfigSchema = z.object({
  business: z.object({
    name: z.string(),
    tagline: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    serviceRadius: z.string(),
    serviceTowns: z.string(),
    yearsInBusiness: z.number(),
    projectsCompleted: z.string(),
    averageRating: z.string(),
    satisfaction: z.string(),
    timeZone: z.string(),
    social: z.record(z.string(), z.string()),
  }),
  payments: z.object({ provider: z.enum(['stripe', 'demo']), publishableKey: z.string().nullable() }),
  recaptcha: z.object({ enabled: z.boolean(), siteKey: z.string().nullable() }),
  google: z.object({ enabled: z.boolean(), clientId: z.string().nullable() }),
  /** Text messages (Twilio) are configured: /book offers the opt-in for texts. */
  texts: z.object({ enabled: z.boolean() }),
  /** What /book needs to say before the server does: the service area, window and notice. */
  schedule: z.object({
    serviceZips: z.array(z.string()),
    bookingWindowDays: z.number(),
    minNoticeHours: z.number(),
    closedDates: z.array(z.string()),
    hours: z.record(z.string(), z.object({ open: z.string(), close: z.string() }).nullable()),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
