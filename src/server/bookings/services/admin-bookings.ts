import { ADMIN_TRANSITIONS, MOVABLE_STATUSES, type AdminBookingsQuery, type AdminStatusAction } from '../../../shared/schemas/admin';
import type { CancelReason } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { findAdminBooking, listAdminBookings, lockAdminBooking, setBookingCrew, setBookingStatus } from '../repositories/admin';
import { queueEmail, bookingCancelledByBusinessEmail, bookingConfirmedByBusinessEmail, bookingIcs, bookingEmailFacts, formatCents } from '../../messaging';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { toBookingResponse } from './bookings';
import { adminPricedJobFields } from '../../../shared/schemas/booking-job';
import { loadBookingJobDay, freeCrewsAt, isCrewOverlap, lockBookingDay, retryOnConflict, suitableCrews } from '../../schedule';
import { getSettings } from '../../settings';
import type { PaymentProvider } from '../../payments';
import { refundDeposit, retryRefund as retryDepositRefund } from './refunds';
import { requestReview } from '../../reviews';
import { createDraftInvoice } from '../../invoices';

export interface AdminLog {
  warn(obj: object, msg: string): void;
}

export interface BookingActionDeps {
  db: Db;
  now: Date;
  timeZone: string;
  publicUrl: string;
  payments: PaymentProvider;
  businessEmail: string;
  log: AdminLog;
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof findAdminBooking>>>;

/** The owner's screens show a cancellation's reason as this text (the business's own is a sentence). */
const CANCEL_REASON_TEXT: Record<CancelReason, string> = { customer: 'customer', business: 'Cancelled by the business', hold_expired: 'hold_expired' };

/** The reply shape of a booking (instants as ISO strings, internal columns left out). */
export function toAdminBooking(b: BookingRow) {
  return {
    ...toBookingResponse(b),
    refundStatus: b.refundStatus,
    cancelReason: b.cancelReason && CANCEL_REASON_TEXT[b.cancelReason],
    crew: b.crew,
    durationMinutes: b.durationMinutes,
    areaChecked: b.areaChecked,
    ...adminPricedJobFields(b),
  };
}

const LIST_LIMIT = 500;

export async function listBookings(db: Db, filters: AdminBookingsQuery) {
  const rows = await listAdminBookings(db, { ...filters, limit: LIST_LIMIT });
  return rows.map(toAdminBooking);
}

const VERB: Record<AdminStatusAction, string> = { confirmed: 'confirmed', completed: 'marked completed', cancelled: 'cancelled' };

function refusedTransition(id: number, from: string, to: AdminStatusAction): ConflictError {
  const allowed = ADMIN_TRANSITIONS[from] ?? [];
  let message: string;
  if (from === to) message = `Booking #${id} is already ${from}.`;
  else if (allowed.length === 0) message = `Booking #${id} is ${from} and can no longer be changed.`;
  else message = `A ${from} booking cannot be ${VERB[to]}; it can only be ${allowed.map((s) => VERB[s]).join(' or ')}.`;
  return new ConflictError(message, 'INVALID_STATUS');
}

function refundSentence(b: Pick<BookingRow, 'depositAmount' | 'refundStatus'>): string {
  const amount = formatCents(b.depositAmount);
  if (b.refundStatus === 'refunded') return `The ${amount} deposit was refunded in full.`;
  if (b.refundStatus === 'pending') return `The ${amount} deposit refund has been started and is on its way to the customer's card.`;
  return `The ${amount} deposit refund FAILED: refund it from the payment provider's dashboard, or try again from this page.`;
}

/**
 * Confirms, completes or cancels a booking as the business. Completing it may keep how long the
 * job really took (`actualMinutes`), for the price list's real times.
 */
export async function changeBookingStatus(deps: BookingActionDeps, id: number, status: AdminStatusAction, actualMinutes?: number, reviewWithReceipt = false) {
  const { now } = deps;
  const { booking, refundDue, reviewWaits } = await deps.db.transaction(async (tx) => {
    const current = await lockAdminBooking(tx, id);
    if (!current) throw new NotFoundError('Booking not found.');
    if (!(ADMIN_TRANSITIONS[current.status] ?? []).includes(status)) throw refusedTransition(id, current.status, status);

    if (status === 'cancelled') {
      // The business cancelled: the customer gets the whole deposit back whatever the notice.
      const refundDue = current.depositPaid && current.refundStatus !== 'refunded';
      const updated = await setBookingStatus(tx, id, {
        status,
        updatedAt: now,
        cancelledAt: now,
        cancelReason: 'business',
        ...(refundDue ? { refundStatus: 'pending' } : {}),
      });
      const facts = await bookingEmailFacts(tx, updated);
      await queueEmail(tx, bookingCancelledByBusinessEmail(facts.booking, refundDue, { business: facts.business }));
      return { booking: updated, refundDue, reviewWaits: false };
    }

    const updated = await setBookingStatus(tx, id, { status, updatedAt: now, ...(status === 'completed' && actualMinutes !== undefined ? { actualMinutes } : {}) });
    if (status === 'confirmed') {
      const { business, booking } = await bookingEmailFacts(tx, updated);
      const ics = bookingIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now, business });
      await queueEmail(tx, bookingConfirmedByBusinessEmail(booking, [ics], { business }));
    }
    let reviewWaits = false;
    if (status === 'completed') {
      // The job's draft invoice, from its lines with the deposit credited (decision 0021). When the
      // owner closes the job with its invoice (Today), the customer gets one message after the
      // job: the review request goes now when nothing is left to pay, otherwise with the receipt
      // when the invoice is paid (or on its own a few days on if the invoice is never sent nor
      // paid: invoices' follow-ups). Otherwise it goes now, as it always has.
      const draft = await createDraftInvoice(tx, updated.id, now);
      reviewWaits = reviewWithReceipt && draft !== null && draft.balanceCents > 0;
      if (!reviewWaits) await requestReview(tx, updated, { publicUrl: deps.publicUrl, now });
    }
    return { booking: updated, refundDue: false, reviewWaits };
  });

  if (status === 'cancelled' && refundDue) {
    const refunded = await refundDeposit(deps, booking.id);
    return {
      booking: toAdminBooking(refunded),
      refundStatus: refunded.refundStatus,
      message: `Booking #${id} is cancelled and the customer has been emailed. ${refundSentence(refunded)}`,
    };
  }
  const message =
    status === 'confirmed'
      ? `Booking #${id} is confirmed and the customer has been emailed.`
      : status === 'completed'
        ? reviewWaits
          ? `Booking #${id} is marked completed. Its invoice is ready to send; the customer will be asked for a review with the receipt.`
          : `Booking #${id} is marked completed. The customer has been emailed a link to review the job.`
        : `Booking #${id} is cancelled and the customer has been emailed.`;
  return { booking: toAdminBooking(booking), message };
}

/** The owner's "Retry refund": a failed deposit refund is asked for again, a pending one checked. */
export async function retryRefund(deps: BookingActionDeps, id: number) {
  const refunded = await retryDepositRefund(deps, id);
  return { booking: toAdminBooking(refunded), refundStatus: refunded.refundStatus, message: `Booking #${id}: ${refundSentence(refunded)}` };
}

/**
 * Gives an active booking to another crew; 409 when that crew is busy then, 400 when it cannot do
 * the job (a crew of one for a job that needs two people: the job keeps the crew need it was
 * booked with).
 */
export async function changeCrew(deps: BookingActionDeps, id: number, crew: number) {
  const { now, timeZone } = deps;
  const settings = await getSettings(deps.db);
  if (crew > settings.crews) {
    const message = `There ${settings.crews === 1 ? 'is 1 crew' : `are ${settings.crews} crews`}: pick a crew from 1 to ${settings.crews}.`;
    throw new ValidationError(message, { crew: message });
  }
  try {
    // Run again when PostgreSQL ends it for a racing booking's sake (see retryOnConflict).
    const updated = await retryOnConflict(() => deps.db.transaction(async (tx) => {
      const current = await lockAdminBooking(tx, id);
      if (!current) throw new NotFoundError('Booking not found.');
      if (!(MOVABLE_STATUSES as readonly string[]).includes(current.status)) {
        throw new ConflictError(`Booking #${id} is ${current.status}; its crew no longer matters.`, 'INVALID_STATUS');
      }
      if (current.crew === crew) return current;
      if (!suitableCrews(settings, current.twoPeople).includes(crew)) {
        const message = `Crew ${crew} is one person, and this job needs two. Pick a crew of two.`;
        throw new ValidationError(message, { crew: message });
      }
      // Queued with the day's new bookings and moves (see lockBookingDay).
      await lockBookingDay(tx, current.bookingDate);
      const day = await loadBookingJobDay(tx, current, { date: current.bookingDate, now, timeZone, settings });
      if (!freeCrewsAt(day, current.startsAt).includes(crew)) throw new ConflictError(`Crew ${crew} is busy then. Pick another crew or move the booking.`, 'SLOT_TAKEN');
      return setBookingCrew(tx, id, { crew, updatedAt: now });
    }));
    return { booking: toAdminBooking(updated), message: `Booking #${id} is now crew ${crew}'s job.` };
  } catch (err) {
    if (isCrewOverlap(err)) throw new ConflictError(`Crew ${crew} is busy then. Pick another crew or move the booking.`, 'SLOT_TAKEN');
    throw err;
  }
}
