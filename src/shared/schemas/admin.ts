import { z } from 'zod';
import { ACTUAL_MINUTES_MESSAGE, MAX_ACTUAL_MINUTES } from '../actual-times';
import { BOOKING_STATUSES, GALLERY_CATEGORIES } from '../constants';
import { bookingSchema } from './booking';
import { adminBookingJobShape } from './booking-job';
import { isoDateSchema, TIME_LABEL } from './common';
import { instantSchema, textField, wholeNumber } from './fields';

/** An empty query value (`?status=`) means "no filter". */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/bookings filters; every one is optional. */
export const adminBookingsQuerySchema = z
  .object({
    status: z.preprocess(emptyAsUndefined, z.enum(BOOKING_STATUSES, { error: 'Choose a booking status to filter by' }).optional()),
    from: z.preprocess(emptyAsUndefined, isoDateSchema.optional()),
    to: z.preprocess(emptyAsUndefined, isoDateSchema.optional()),
    q: z.preprocess(emptyAsUndefined, z.string().trim().max(100, 'Search text is too long (100 characters at most)').optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The start date must be on or before the end date', path: ['to'] });
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** Everything the business needs to see of a booking. */
export const adminBookingSchema = bookingSchema.extend({
  /** none | pending | refunded | failed | kept */
  refundStatus: z.string(),
  cancelReason: z.string().nullable(),
  /** The crew doing the job. */
  crew: z.number(),
  durationMinutes: z.number(),
  /** true: the ZIP is in the service area; null: the address has no ZIP ("area not checked"). */
  areaChecked: z.boolean().nullable(),
  ...adminBookingJobShape,
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsResponseSchema = z.object({ bookings: z.array(adminBookingSchema) });

export const ADMIN_STATUS_ACTIONS = ['confirmed', 'completed', 'cancelled'] as const;
export type AdminStatusAction = (typeof ADMIN_STATUS_ACTIONS)[number];

export const ACTUAL_MINUTES_STATUS_MESSAGE = 'The real time goes only with completing a job';

/**
 * POST /api/admin/bookings/:id/status. Completing a job may say how long it really took
 * (`actualMinutes`), which the price list learns from (shared/actual-times.ts); left out, the job
 * is completed as it always was.
 */
export const bookingStatusChangeSchema = z
  .object({
    status: z.enum(ADMIN_STATUS_ACTIONS, { error: 'Choose confirmed, completed or cancelled' }),
    actualMinutes: z
      .number({ error: ACTUAL_MINUTES_MESSAGE })
      .int(ACTUAL_MINUTES_MESSAGE)
      .min(1, ACTUAL_MINUTES_MESSAGE)
      .max(MAX_ACTUAL_MINUTES, ACTUAL_MINUTES_MESSAGE)
      .optional(),
    /**
     * On completing: the owner is about to send the invoice, so the review request waits and goes
     * with the receipt (one message after the job, issue 23), unless nothing is left to pay.
     * Without it the review request goes at completion, as it always has.
     */
    reviewWithReceipt: z.boolean({ error: 'reviewWithReceipt must be true or false' }).optional(),
  })
  .refine((v) => v.actualMinutes === undefined || v.status === 'completed', { message: ACTUAL_MINUTES_STATUS_MESSAGE, path: ['actualMinutes'] });
export type BookingStatusChange = z.infer<typeof bookingStatusChangeSchema>;

/**
 * Which status the business may set from which: anything else is refused with INVALID_STATUS.
 * Shared so the admin screen offers only the actions the server accepts.
 */
export const ADMIN_TRANSITIONS: Record<string, readonly AdminStatusAction[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  rescheduling: ['confirmed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Statuses of a booking the business can still move to another time. */
export const MOVABLE_STATUSES = ['pending', 'confirmed', 'rescheduling'] as const;

/** POST /api/admin/bookings/:id/move */
export const moveBookingSchema = z.object({
  date: isoDateSchema,
  time: z.string({ error: 'Pick a time' }).regex(TIME_LABEL, 'Pick a time such as 9:00 AM'),
});
export type MoveBookingInput = z.infer<typeof moveBookingSchema>;

/** POST /api/admin/bookings/:id/crew */
export const changeCrewSchema = z.object({
  crew: wholeNumber(1, 20, 'Pick a crew'),
});

/** The reply of every booking action: the booking as it is now and a sentence for the owner. */
export const adminBookingActionSchema = z.object({
  booking: adminBookingSchema,
  message: z.string(),
  /** Set when a refund was attempted: its outcome. */
  refundStatus: z.string().optional(),
});
export type AdminBookingAction = z.infer<typeof adminBookingActionSchema>;

/** GET /api/admin/slots?date= : the day's business grid and which slots are taken. */
/** The starts of a day; with `bookingId`, whether that booking's job could move to each. */
export const adminSlotsQuerySchema = z.object({ date: isoDateSchema, bookingId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const adminSlotsResponseSchema = z.object({
  date: z.string(),
  slots: z.array(
    z.object({
      time: z.string(),
      /** The booking that starts then, if any (another crew may still be free). */
      bookingId: z.number().nullable(),
      /** Whether the job (the given booking's, or a one-hour one) can start then. */
      available: z.boolean(),
      /** Why not, in a few words; null when available or already past. */
      reason: z.string().nullable(),
    }),
  ),
});

export const contactSubmissionSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: instantSchema,
});
export const contactSubmissionsResponseSchema = z.object({ submissions: z.array(contactSubmissionSchema) });

export const adminEmailsQuerySchema = z.object({
  status: z.preprocess(emptyAsUndefined, z.enum(['failed', 'pending'], { error: 'status must be failed or pending' }).optional()),
});
export const outboxEmailSchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  /** pending | failed */
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: instantSchema,
  createdAt: instantSchema,
});
export const outboxEmailsResponseSchema = z.object({ emails: z.array(outboxEmailSchema) });

/**
 * A site image (`/images/...` or an upload under `/uploads/...`); no `..`. Outside addresses are
 * refused: the CSP allows only our own images, and hot-linked pictures break when their host moves.
 */
const SITE_IMAGE = /^\/(images|uploads)\/(?!.*\.\.)[A-Za-z0-9._\-/]+$/;
export const GALLERY_IMAGE_URL_MESSAGE = 'Image URL must be a site image path (/images/... or /uploads/...); upload a picture to use your own';

export const galleryImageUrlSchema = z
  .string({ error: 'Image URL is required' })
  .trim()
  .min(1, 'Image URL is required')
  .max(2000, 'Image URL is too long')
  .regex(SITE_IMAGE, GALLERY_IMAGE_URL_MESSAGE);

/** POST /api/admin/gallery and PUT /api/admin/gallery/:id */
export const galleryItemInputSchema = z.object({
  title: textField(2, 120, { required: 'Title is required', long: 'Title is too long (120 characters at most)' }),
  description: textField(2, 1000, { required: 'Description is required', long: 'Description is too long (1000 characters at most)' }),
  category: z.enum(GALLERY_CATEGORIES, { error: 'Choose Furniture Assembly or Mounting' }),
  imageUrl: galleryImageUrlSchema,
});
export type GalleryItemInput = z.infer<typeof galleryItemInputSchema>;

/** Largest image accepted by the upload, in bytes (decoded). */
export const MAX_GALLERY_IMAGE_BYTES = 1_572_864;
export const GALLERY_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** POST /api/admin/gallery/:id/image */
export const galleryImageUploadSchema = z.object({
  dataUrl: z
    .string({ error: 'Choose a PNG, JPEG, WebP or SVG image' })
    .regex(/^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/, 'Choose a PNG, JPEG, WebP or SVG image'),
});
