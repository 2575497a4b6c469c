import { z } from 'zod';
import { isBookableJobMinutes, JOB_MINUTES_STEP, MAX_JOB_MINUTES, MIN_JOB_MINUTES } from '../job-length';
import { dateQuerySchema, emailSchema, isoDateSchema, TIME_LABEL } from './common';
import { bookingJobShape } from './booking-job';
import { centsSchema, instantSchema, personNameSchema, textField } from './fields';
import { quoteInputSchema } from './price-list';

export const serviceTypeSchema = z
  .string({ error: 'Please select a service type' })
  .min(1, 'Please select a service type')
  .refine((v) => ['furniture-assembly', 'tv-mounting', 'shelf-mounting', 'custom-project'].includes(v), 'Please select a service type');

/** Contact fields shared by the booking form and the API payload. */
export const bookingContactShape = {
  fullName: personNameSchema,
  phone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number')
    .regex(/^[0-9+().\-\s]+$/, 'Please enter a valid phone number'),
  email: emailSchema,
  address: textField(5, 300, { required: 'Address is required', long: 'Address is too long' }),
  specialInstructions: z.string().trim().max(2000, 'Special instructions are too long (2000 characters at most)').optional(),
};

export const bookingTimeSchema = z
  .string({ error: 'Please select a time slot' })
  .min(1, 'Please select a time slot')
  .regex(TIME_LABEL, 'Please select a time slot');

/** Said for every quote link that opens nothing now: unknown, expired, declined or already booked. */
export const QUOTE_LINK_INVALID_MESSAGE = 'This quote link is no longer valid.';

/**
 * POST /api/bookings. Amounts are accepted for compatibility and ignored by the server. `items`
 * (optional, as POST /api/quote takes them): the job picked from the service's price list, priced
 * and timed by the server from the list as it is at that moment; without it the job is the
 * service as a whole (its own duration, no lines). With `quoteToken` instead of `serviceType`
 * (and no `items`), the job is the owner's quote: its lines, total, length and crew need.
 */
export const createBookingSchema = z
  .object({
    serviceType: serviceTypeSchema.optional(),
    /** The private link's token of an owner's quote (GET /api/quotes/:token): the job is the quote's. */
    quoteToken: z.string({ error: QUOTE_LINK_INVALID_MESSAGE }).max(200, QUOTE_LINK_INVALID_MESSAGE).optional(),
    bookingDate: isoDateSchema,
    bookingTime: bookingTimeSchema,
    ...bookingContactShape,
    depositAmount: z.number().optional(),
    totalAmount: z.number().optional(),
    /** "Text me reminders and updates" (offered only when texts are configured; ignored otherwise). */
    smsOptIn: z.boolean({ error: 'smsOptIn must be true or false' }).optional(),
    items: quoteInputSchema.shape.items.optional(),
  })
  // A booking is for a service, or for a quote (which has its own job). Checked with the other
  // fields' messages, not only once they are all valid.
  .refine((b) => b.serviceType !== undefined || b.quoteToken !== undefined, {
    path: ['serviceType'],
    message: 'Please select a service type',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const bookingSchema = z.object({
  id: z.number(),
  serviceType: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  specialInstructions: z.string().nullable(),
  depositPaid: z.boolean(),
  depositAmount: centsSchema,
  status: z.string(),
  createdAt: instantSchema,
  ...bookingJobShape,
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * GET /api/time-slots and /api/calendar/check-availability: a date and, optionally, the service
 * whose job length the starts are for (a one-hour job without it, as the spec's calls send).
 */
export const timeSlotsQuerySchema = dateQuerySchema.extend({
  serviceType: z.string().trim().min(1, 'Please select a service type').max(60, 'Please select a service type').optional(),
});

export const JOB_MINUTES_MESSAGE = `Give the job's length in minutes: ${MIN_JOB_MINUTES} to ${MAX_JOB_MINUTES}, in steps of ${JOB_MINUTES_STEP}`;
export const TWO_PEOPLE_MESSAGE = 'twoPeople must be true or false';

/**
 * GET /api/time-slots: as above, and optionally the job's own length (`minutes`, in quarter hours:
 * a job picked from the price list, see shared/job-length.ts) and its crew need (`twoPeople=true`:
 * crews of two only). Without `minutes` the length is the service's, or one hour without a service.
 */
export const jobTimeSlotsQuerySchema = timeSlotsQuerySchema.extend({
  minutes: z
    .string({ error: JOB_MINUTES_MESSAGE })
    .regex(/^\d{1,4}$/, JOB_MINUTES_MESSAGE)
    .transform(Number)
    .refine(isBookableJobMinutes, JOB_MINUTES_MESSAGE)
    .optional(),
  twoPeople: z
    .enum(['true', 'false'], { error: TWO_PEOPLE_MESSAGE })
    .transform((v) => v === 'true')
    .optional(),
});

export const timeSlotSchema = z.object({ id: z.number(), slotTime: z.string() });
export type TimeSlot = z.infer<typeof timeSlotSchema>;
/** GET /api/time-slots: the free slots of one day. */
export const timeSlotsSchema = z.array(timeSlotSchema);

export const createPaymentIntentSchema = z.object({
  bookingId: z.coerce.number({ error: 'bookingId is required' }).int().positive('bookingId is required'),
});
export const paymentIntentSchema = z.object({ clientSecret: z.string() });

/** The demo provider's card form (no real card data ever leaves the machine in demo mode). */
export const demoConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().min(1, 'Your card number is incomplete.').max(30),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete.").max(10),
  cvc: z.string().trim().min(3, "Your card's security code is incomplete.").max(4, "Your card's security code is invalid."),
  postalCode: z.string().trim().max(10).optional(),
});
export type DemoConfirmInput = z.infer<typeof demoConfirmSchema>;
export const demoConfirmResultSchema = z.object({ redirectUrl: z.string() });

/** GET /api/calendar/check-availability?date=yyyy-MM-dd (dashboard: free times of one day). */
export const availableTimeSlotsResponseSchema = z.object({ availableTimeSlots: z.array(z.object({ time: z.string() })) });
