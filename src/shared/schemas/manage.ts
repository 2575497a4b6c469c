import { z } from 'zod';
import { REFUND_STATUSES } from '../constants';
import { dashboardBookingSchema, REFUND_OUTCOMES } from './dashboard';
import { bookingTimeSchema } from './booking';
import { bookingJobShape } from './booking-job';
import { isoDateSchema } from './common';
import { centsSchema, instantSchema } from './fields';

/** A manage link's token: 32 random bytes as base64url. Anything else is the same 404 as a wrong token. */
export const MANAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const manageTokenParamSchema = z.object({ token: z.string().max(200) });

/** GET /api/manage/:token: the booking as its private link shows it. */
export const managedBookingSchema = z.object({
  serviceName: z.string(),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** The job's end as a wall-clock label ("3:00 PM"). */
  endTime: z.string(),
  /** UTC instants of the job's start and end (for calendar links). */
  startsAt: instantSchema,
  endsAt: instantSchema,
  address: z.string(),
  status: z.string(),
  depositPaid: z.boolean(),
  depositAmount: centsSchema,
  refundStatus: z.enum(REFUND_STATUSES),
  /** It can still be cancelled (any time before it starts, while active). */
  canCancel: z.boolean(),
  /** Cancelling now refunds the deposit (paid, and 24 hours or more ahead). */
  isRefundable: z.boolean(),
  /** A new time can be picked online (active, paid, and 24 hours or more ahead). */
  canMove: z.boolean(),
  businessPhone: z.string(),
  ...bookingJobShape,
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** POST /api/manage/:token/move and /api/dashboard/bookings/:id/move. */
export const moveOwnBookingSchema = z.object({ bookingDate: isoDateSchema, bookingTime: bookingTimeSchema });
export type MoveOwnBookingInput = z.infer<typeof moveOwnBookingSchema>;

export const manageCancelResponseSchema = z.object({ booking: managedBookingSchema, refund: z.enum(REFUND_OUTCOMES), message: z.string() });
export type ManageCancelResponse = z.infer<typeof manageCancelResponseSchema>;

export const manageMoveResponseSchema = z.object({ booking: managedBookingSchema, message: z.string() });
export type ManageMoveResponse = z.infer<typeof manageMoveResponseSchema>;

export const dashboardMoveResponseSchema = z.object({ booking: dashboardBookingSchema, message: z.string() });
export type DashboardMoveResponse = z.infer<typeof dashboardMoveResponseSchema>;

/** The starts offered to move a booking, as GET /api/time-slots answers. */
export const moveSlotsSchema = z.array(z.object({ id: z.number(), slotTime: z.string() }));
