import type { Db, DbOrTx } from '../../db/client';
import { listUserBlockedTimes, addDays, labelToMinutes, todayInZone } from '../../schedule';
import { listUserBookings, lockUserBooking, markBookingCancelled, markBookingRescheduling, type OwnedBooking } from '../repositories/dashboard-bookings';
import { queueEmail, bookingEmailFacts, cancellationEmails, rescheduleEmails, type RefundOutcome, formatCents } from '../../messaging';
import { updateUserProfile } from '../../accounts';
import { ConflictError, NotFoundError } from '../../errors';
import { canActOnBooking, isRefundableAt } from '../../../shared/booking-change';
import { REFUND_ARRIVAL, REFUND_NOTICE_HOURS, REFUND_STATUSES, type RefundStatus } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/auth';
import type { CancelBookingResponse, DashboardBooking, ProfileInput } from '../../../shared/schemas/dashboard';
import { pricedJobFields } from '../../../shared/schemas/booking-job';
import { refundDeposit, type RefundDeps } from './refunds';
import { bookingCancelledNotice, queuePush } from '../../push';

/** The reschedule email lists the customer's blocked times this many days ahead. */
export const RESCHEDULE_HORIZON_DAYS = 60;

export function refundStatusOf(stored: string): RefundStatus {
  return (REFUND_STATUSES as readonly string[]).includes(stored) ? (stored as RefundStatus) : 'none';
}

export function toDashboardBooking(b: OwnedBooking, now: Date): DashboardBooking {
  return {
    id: b.id,
    serviceType: b.serviceType,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    address: b.address,
    specialInstructions: b.specialInstructions,
    status: b.status,
    depositPaid: b.depositPaid,
    isRefundable: isRefundableAt(b, now),
    refundStatus: refundStatusOf(b.refundStatus),
    ...pricedJobFields(b),
  };
}

export async function listDashboardBookings(db: Db, userId: number, now: Date): Promise<DashboardBooking[]> {
  const rows = await listUserBookings(db, userId);
  return rows.map((b) => toDashboardBooking(b, now));
}

export function notActionable(status: string): never {
  throw new ConflictError(
    status === 'rescheduling'
      ? 'A reschedule request is already open for this booking. We will contact you shortly.'
      : `This booking is ${status} and can no longer be changed.`,
    'INVALID_STATUS',
  );
}

export function cancelMessage(outcome: RefundOutcome, depositCents: number): string {
  const amount = formatCents(depositCents);
  switch (outcome) {
    case 'refunded':
      return `Your booking has been cancelled and your ${amount} deposit has been refunded.`;
    case 'pending':
      return `Your booking has been cancelled. The refund of your ${amount} deposit has been started and is on its way; it usually takes ${REFUND_ARRIVAL} to reach your card.`;
    case 'kept':
      return `Your booking has been cancelled. The ${amount} deposit is kept because the appointment was less than ${REFUND_NOTICE_HOURS} hours away.`;
    case 'failed':
      return `Your booking has been cancelled. We could not refund your ${amount} deposit automatically; our team will refund it by hand.`;
    case 'none':
      return 'Your booking has been cancelled.';
  }
}

/** A cancellation may owe a refund: it needs what the refund service needs. */
export type CancelDeps = RefundDeps;

/** A refund's recorded status as the cancellation's answer (refundDeposit leaves it pending, refunded or failed). */
function outcomeOf(refundStatus: string): RefundOutcome {
  return refundStatus === 'refunded' || refundStatus === 'pending' || refundStatus === 'failed' ? refundStatus : 'failed';
}

/**
 * Cancels one of the user's bookings (DESIGN 4.5). The status change commits first, so the slot
 * is free at once; a refund is then asked of the refund service outside any transaction (never
 * hold row locks across a network call), which records its outcome with the emails that report it.
 */
export function cancelBooking(deps: CancelDeps, userId: number, bookingId: number): Promise<CancelBookingResponse> {
  return cancelLockedBooking(deps, (tx) => lockUserBooking(tx, userId, bookingId));
}

/**
 * The customer's cancellation, whoever asks (the signed-in owner of the booking, or its private
 * manage link): `lock` finds and row-locks the booking in the transaction, null for none.
 */
export async function cancelLockedBooking(deps: CancelDeps, lock: (tx: DbOrTx) => Promise<OwnedBooking | null | undefined>): Promise<CancelBookingResponse> {
  const { db, now, businessEmail } = deps;
  const first = await db.transaction(async (tx) => {
    const booking = await lock(tx);
    if (!booking) throw new NotFoundError('Booking not found.');
    if (!canActOnBooking(booking.status)) notActionable(booking.status);
    const decision: 'none' | 'kept' | 'pending' = !booking.depositPaid ? 'none' : !isRefundableAt(booking, now) ? 'kept' : 'pending';
    const cancelled = await markBookingCancelled(tx, booking.id, now, decision);
    const facts = await bookingEmailFacts(tx, cancelled);
    if (decision !== 'pending') {
      for (const email of cancellationEmails(facts.booking, decision, { to: businessEmail, business: facts.business })) await queueEmail(tx, email);
    }
    await queuePush(tx, bookingCancelledNotice(facts.booking), now);
    return { booking: cancelled, decision };
  });

  if (first.decision !== 'pending') {
    const outcome = first.decision;
    return { booking: toDashboardBooking(first.booking, now), refund: outcome, message: cancelMessage(outcome, first.booking.depositAmount) };
  }

  const recorded = await refundDeposit(deps, first.booking.id);
  const outcome = outcomeOf(recorded.refundStatus);
  return { booking: toDashboardBooking(recorded, now), refund: outcome, message: cancelMessage(outcome, recorded.depositAmount) };
}

/** Marks the booking `rescheduling` and tells the business, with the customer's blocked times. */
export async function requestReschedule(deps: { db: Db; now: Date; timeZone: string; businessEmail: string }, userId: number, bookingId: number) {
  const { db, now, timeZone, businessEmail } = deps;
  return db.transaction(async (tx) => {
    const booking = await lockUserBooking(tx, userId, bookingId);
    if (!booking) throw new NotFoundError('Booking not found.');
    if (!canActOnBooking(booking.status)) notActionable(booking.status);
    const updated = await markBookingRescheduling(tx, booking.id, now);
    const today = todayInZone(now, timeZone);
    const blocked = (await listUserBlockedTimes(tx, userId, today, addDays(today, RESCHEDULE_HORIZON_DAYS))).sort(
      (a, b) => a.date.localeCompare(b.date) || (labelToMinutes(a.time) ?? 0) - (labelToMinutes(b.time) ?? 0),
    );
    const facts = await bookingEmailFacts(tx, updated);
    const emails = rescheduleEmails(facts.booking, blocked, { to: businessEmail, horizonDays: RESCHEDULE_HORIZON_DAYS, business: facts.business });
    for (const email of emails) await queueEmail(tx, email);
    return { booking: toDashboardBooking(updated, now) };
  });
}

export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<User> {
  const row = await updateUserProfile(db, userId, { fullName: input.fullName.trim(), phone: input.phone?.trim() || null });
  if (!row) throw new NotFoundError('Account not found.');
  return { id: row.id, fullName: row.fullName, email: row.email, phone: row.phone, role: row.role === 'admin' ? 'admin' : 'customer' };
}
