import { z } from 'zod';
import { bookingContactShape } from './booking';
import { emailSchema } from './common';
import { instantSchema, personNameSchema, recaptchaTokenSchema, textField, wholeNumber } from './fields';
import { quoteLineSchema } from './price-list';

/**
 * Free estimates from photos and the owner's quotes (issue 22, decision 0020). Amounts are whole
 * US cents, lengths whole minutes.
 */

/** A request moves new -> quoted -> booked, declined or expired. */
export const ESTIMATE_STATUSES = ['new', 'quoted', 'booked', 'declined', 'expired'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** open: the customer may approve or decline it; withdrawn: the owner sent a newer quote. */
export const QUOTE_STATUSES = ['open', 'booked', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const MIN_ESTIMATE_PHOTOS = 1;
export const MAX_ESTIMATE_PHOTOS = 6;
/** The most one photo may weigh as sent: 10 MB. */
export const MAX_ESTIMATE_PHOTO_BYTES = 10 * 1024 * 1024;

export const ESTIMATE_DESCRIPTION_MESSAGE = 'Tell us what needs doing (at least 10 characters)';

/**
 * The text fields of POST /api/estimates (multipart/form-data; the photos come as files under
 * `photos`). Messages are keyed by field, as the contact form's.
 */
export const estimateFieldsSchema = z.object({
  description: textField(10, 5000, { required: ESTIMATE_DESCRIPTION_MESSAGE, long: 'The description is too long (5000 characters at most)' }),
  fullName: personNameSchema,
  email: emailSchema,
  phone: bookingContactShape.phone,
  address: bookingContactShape.address,
  preferredDays: z.string({ error: 'Preferred days must be text' }).trim().max(200, 'Preferred days are too long (200 characters at most)').default(''),
  recaptchaToken: recaptchaTokenSchema,
});
export type EstimateFieldsInput = z.infer<typeof estimateFieldsSchema>;

/** POST /api/estimates: 201. */
export const estimateCreatedSchema = z.object({ id: z.number() });

/** A photo of a request as the owner reads it: `url` serves it (owner only). */
export const estimatePhotoSchema = z.object({
  n: z.number(),
  url: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});

/** GET /api/admin/estimates: one request of the list. */
export const adminEstimateSummarySchema = z.object({
  id: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  /** false: the address has no ZIP, so the service area was not checked. */
  areaChecked: z.boolean(),
  description: z.string(),
  preferredDays: z.string(),
  photoCount: z.number(),
  createdAt: instantSchema,
});
export type AdminEstimateSummary = z.infer<typeof adminEstimateSummarySchema>;
/** New requests first, then the others; newest first within each. */
export const adminEstimateListSchema = z.array(adminEstimateSummarySchema);

/** A quote as the owner reads it. `bookingId`: the booking made from it, when there is one. */
export const adminQuoteSchema = z.object({
  id: z.number(),
  status: z.enum(QUOTE_STATUSES),
  lines: z.array(quoteLineSchema),
  totalCents: z.number(),
  minutes: z.number(),
  twoPeople: z.boolean(),
  serviceType: z.string().nullable(),
  note: z.string(),
  validUntil: z.string(),
  createdAt: instantSchema,
  declinedAt: instantSchema.nullable(),
  bookingId: z.number().nullable(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

/** GET /api/admin/estimates/:id: the request, its photos and its quotes (newest first). */
export const adminEstimateSchema = adminEstimateSummarySchema.extend({
  photos: z.array(estimatePhotoSchema),
  quotes: z.array(adminQuoteSchema),
  declinedBy: z.enum(['owner', 'customer']).nullable(),
  declinedAt: instantSchema.nullable(),
  declineReason: z.string().nullable(),
});
export type AdminEstimate = z.infer<typeof adminEstimateSchema>;

export const estimatePhotoParamsSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int('Not found').positive('Not found').max(2_147_483_647, 'Not found'),
  n: z.coerce.number({ error: 'Not found' }).int('Not found').min(1, 'Not found').max(MAX_ESTIMATE_PHOTOS, 'Not found'),
});

export const QUOTE_LINES_MESSAGE = 'Write 1 to 30 lines';
export const DEFAULT_QUOTE_VALID_DAYS = 14;
const MAX_ID = 2_147_483_647;

/**
 * One line of the owner's quote: `minutes` is the line's minutes in all, as in the lines of
 * POST /api/quote (not per unit); `unitCents` is per unit. A line with `itemId` is work from the
 * price list: the job needs a crew of two when that item does.
 */
export const quoteLineInputSchema = z.object(
  {
    itemId: wholeNumber(1, MAX_ID, 'Choose an item from the price list').optional(),
    description: textField(2, 200, { required: 'Describe the work of this line', long: 'The description is too long (200 characters at most)' }),
    quantity: wholeNumber(1, 99, 'Quantity must be a whole number from 1 to 99'),
    unitCents: wholeNumber(0, 10_000_000, 'Enter the price in cents, a whole number from 0 to 10000000'),
    minutes: wholeNumber(0, 600, 'Enter the minutes, a whole number from 0 to 600'),
  },
  { error: 'Each line needs a description, quantity, price and minutes' },
);

/** POST /api/admin/estimates/:id/quote. */
export const createQuoteSchema = z.object({
  lines: z.array(quoteLineInputSchema, { error: QUOTE_LINES_MESSAGE }).min(1, QUOTE_LINES_MESSAGE).max(30, QUOTE_LINES_MESSAGE),
  note: z.string({ error: 'The note must be text' }).trim().max(2000, 'The note is too long (2000 characters at most)').default(''),
  validDays: wholeNumber(1, 90, 'Valid for 1 to 90 days').default(DEFAULT_QUOTE_VALID_DAYS),
});
export type CreateQuoteInput = z.infer<typeof createQuoteSchema>;

/** POST /api/admin/estimates/:id/decline. */
export const declineEstimateSchema = z.object({
  reason: z.string({ error: 'The reason must be text' }).trim().max(1000, 'The reason is too long (1000 characters at most)').default(''),
});

/** A quote link's token as the path carries it; its shape is checked by the service (one 404 for all). */
export const quoteTokenParamSchema = z.object({ token: z.string().max(200) });
/** 32 random bytes as base64url, as the manage links. */
export const QUOTE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * GET /api/quotes/:token: the quote as the customer reads it. `minutes` is the lines' minutes
 * added up; the job is booked for `bookedJobMinutes(minutes)` (shared/job-length.ts), which is
 * what to ask GET /api/time-slots for. `validUntil` is the last day (yyyy-MM-dd, the business's
 * zone) it can be approved. `serviceType` only when the quote's price-list lines are of one service.
 */
export const publicQuoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  totalCents: z.number(),
  minutes: z.number(),
  twoPeople: z.boolean(),
  note: z.string(),
  validUntil: z.string(),
  serviceType: z.string().optional(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
