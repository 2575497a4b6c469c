import { z } from 'zod';
import { REFUND_STATUSES } from '../constants';
import { bookingSchema } from './booking';
import { bookingJobShape } from './booking-job';
import { isoDateSchema, TIME_LABEL } from './common';
import { accountNameSchema } from './fields';

export const profileSchema = z.object({
  fullName: accountNameSchema,
  phone: z.string().trim().max(30, 'Please enter a valid phone number').optional().nullable().or(z.literal('')),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** A booking as its customer sees it in the dashboard: some of the booking's fields, in this order, and its refund. */
export const dashboardBookingSchema = bookingSchema
  .pick({ id: true, serviceType: true, bookingDate: true, bookingTime: true, address: true, specialInstructions: true, status: true, depositPaid: true })
  .extend({
    /** Whether cancelling now would refund the deposit (paid, and 24 hours or more ahead). */
    isRefundable: z.boolean(),
    /**
     * What happened to the deposit: none (nothing paid or owed), pending (refund started, on its
     * way), refunded (the provider sent it back), failed (the team refunds it by hand), kept.
     */
    refundStatus: z.enum(REFUND_STATUSES),
    ...bookingJobShape,
  });
export type DashboardBooking = z.infer<typeof dashboardBookingSchema>;

export const blockTimeSchema = z.object({
  date: isoDateSchema,
  time: z.string({ error: 'Please select both a date and time' }).regex(TIME_LABEL, 'Please select both a date and time'),
  isBlockedTime: z.literal(true).optional(),
});

export const blockedTimeSchema = z.object({ id: z.number(), date: z.string(), time: z.string(), endTime: z.string() });
export type BlockedTime = z.infer<typeof blockedTimeSchema>;

export const blockedTimesQuerySchema = z.object({ startDate: isoDateSchema, endDate: isoDateSchema });

/** GET /api/dashboard/bookings: the signed-in user's bookings, latest date first. */
export const dashboardBookingsResponseSchema = z.object({ bookings: z.array(dashboardBookingSchema) });

/** What happened to the deposit on a cancellation (`pending`: the refund is on its way, not there yet). */
export const REFUND_OUTCOMES = ['refunded', 'pending', 'kept', 'none', 'failed'] as const;
export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];

/** POST /api/dashboard/bookings/:id/cancel, 200. `message` says what happened to the deposit. */
export const cancelBookingResponseSchema = z.object({ booking: dashboardBookingSchema, refund: z.enum(REFUND_OUTCOMES), message: z.string() });
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;

/** POST /api/dashboard/bookings/:id/reschedule, 200. */
export const rescheduleBookingResponseSchema = z.object({ booking: dashboardBookingSchema });

export const blockedTimesResponseSchema = z.object({ blockedTimes: z.array(blockedTimeSchema) });
/** POST /api/calendar/add-event, 201. */
export const blockedTimeResponseSchema = z.object({ blockedTime: blockedTimeSchema });
