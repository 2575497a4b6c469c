import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { googleCalendarUrl, type CalendarEvent } from '../../../shared/calendar-links';
import { canActOnBooking, isBeforeNotice, isRefundableAt } from '../../../shared/booking-change';
import { clockLabelAt, formatLongDate } from '../../../shared/business-time';
import { REFUND_NOTICE_HOURS } from '../../../shared/constants';
import { MANAGE_TOKEN, type ManageCancelResponse, type ManagedBooking, type MoveOwnBookingInput } from '../../../shared/schemas/manage';
import { pricedJobFields } from '../../../shared/schemas/booking-job';
import type { Db, DbOrTx } from '../../db/client';
import { findBookingById, lockBookingById, type BookingRow } from '../repositories/bookings';
import { findManageLink, findUserBookingRow, insertManageLink, lockUserBookingRow } from '../repositories/manage-links';
import { LINK_TOKEN, type LinkRef, queueEmail, bookingIcs, bookingEmailFacts, withServiceName, businessMovedEmail, customerMovedEmail } from '../../messaging';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { appointmentIcs } from './bookings-ics';
import { cancelLockedBooking, notActionable, refundStatusOf, type CancelDeps } from './dashboard';
import { SLOT_TAKEN_MESSAGE, loadBookingJobDay, refusal, availableJobStarts, type JobStart } from '../../schedule';
import { getSettings } from '../../settings';
import { moveJob } from './move';

/**
 * Guests manage their booking through a private link (/booking/{token}, DESIGN 6): 32 random
 * bytes, only the SHA-256 stored. Every email that carries a link makes its own. A wrong, unknown
 * or expired (appointment started) token all get the same 404, and no route reaches a booking by
 * its id without the link or the signed-in owner.
 */

export const LINK_INVALID_MESSAGE = 'This link is no longer valid.';

function hashManageToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * The manage link of an email or text being queued: its URL with the token's placeholder, and the
 * link by name for the outbox row. The sender makes the token (mintManageToken) when it goes out.
 */
export function manageLinkOf(bookingId: number, publicUrl: string): { manageUrl: string; link: LinkRef } {
  return { manageUrl: `${publicUrl}/booking/${LINK_TOKEN}`, link: { kind: 'manage', ref: bookingId } };
}

/**
 * Makes a new manage token for the booking (in the sender's transaction, as its email or text goes
 * out) and stores its hash; older links keep working. Null when the booking is gone.
 */
export async function mintManageToken(tx: DbOrTx, bookingId: number, now: Date): Promise<string | null> {
  if (!(await findBookingById(tx, bookingId))) return null;
  const token = randomBytes(32).toString('base64url');
  await insertManageLink(tx, { tokenHash: hashManageToken(token).toString('hex'), bookingId, createdAt: now });
  return token;
}

/** The booking the token opens, or the one 404 for every token that opens nothing now. */
async function bookingOfToken(db: DbOrTx, token: string, now: Date): Promise<BookingRow> {
  if (!MANAGE_TOKEN.test(token)) throw new NotFoundError(LINK_INVALID_MESSAGE);
  const hash = hashManageToken(token);
  const link = await findManageLink(db, hash.toString('hex'));
  // The index finds the row; the constant-time comparison is what decides.
  const stored = link ? Buffer.from(link.tokenHash, 'hex') : Buffer.alloc(hash.length);
  const matches = stored.length === hash.length && timingSafeEqual(stored, hash);
  if (!link || !matches || link.booking.startsAt.getTime() <= now.getTime()) throw new NotFoundError(LINK_INVALID_MESSAGE);
  return link.booking;
}

/** The token's booking, row-locked in `tx`. */
async function lockBookingOfToken(tx: DbOrTx, token: string, now: Date): Promise<BookingRow> {
  const booking = await bookingOfToken(tx, token, now);
  const locked = await lockBookingById(tx, booking.id);
  if (!locked) throw new NotFoundError(LINK_INVALID_MESSAGE);
  return locked;
}

function isMovable(b: Pick<BookingRow, 'status' | 'depositPaid' | 'startsAt'>, now: Date): boolean {
  return canActOnBooking(b.status) && !(b.status === 'pending' && !b.depositPaid) && isBeforeNotice(b.startsAt, now);
}

/** The job's end as a wall-clock label in the business's zone. */
function endLabel(b: Pick<BookingRow, 'startsAt' | 'durationMinutes'>, timeZone: string): string {
  return clockLabelAt(new Date(b.startsAt.getTime() + b.durationMinutes * 60_000), timeZone);
}

async function toManagedBooking(db: DbOrTx, b: BookingRow, now: Date, timeZone: string): Promise<ManagedBooking> {
  const settings = await getSettings(db);
  const { serviceName } = await withServiceName(db, b);
  return {
    serviceName,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    endTime: endLabel(b, timeZone),
    startsAt: b.startsAt.toISOString(),
    endsAt: new Date(b.startsAt.getTime() + b.durationMinutes * 60_000).toISOString(),
    address: b.address,
    status: b.status,
    depositPaid: b.depositPaid,
    depositAmount: b.depositAmount,
    refundStatus: refundStatusOf(b.refundStatus),
    canCancel: canActOnBooking(b.status),
    isRefundable: isRefundableAt(b, now),
    canMove: isMovable(b, now),
    businessPhone: settings.business.phone,
    ...pricedJobFields(b),
  };
}

export interface ManageDeps {
  db: Db;
  now: Date;
  timeZone: string;
  publicUrl: string;
  businessEmail: string;
}

/** The deps of one request, from the app (the guest's manage routes and the customer's dashboard). */
export function manageDeps(app: { db: Db; now: () => Date; config: { businessTz: string; publicUrl: string; businessEmail: string } }): ManageDeps {
  return { db: app.db, now: app.now(), timeZone: app.config.businessTz, publicUrl: app.config.publicUrl, businessEmail: app.config.businessEmail };
}

export async function getManagedBooking(deps: ManageDeps, token: string): Promise<ManagedBooking> {
  return toManagedBooking(deps.db, await bookingOfToken(deps.db, token, deps.now), deps.now, deps.timeZone);
}

/** The same cancellation as My Bookings' (refund at 24 hours or more, the deposit kept inside). */
export async function cancelManagedBooking(deps: ManageDeps & CancelDeps, token: string): Promise<ManageCancelResponse> {
  let id = 0;
  const result = await cancelLockedBooking(deps, async (tx) => {
    const b = await lockBookingOfToken(tx, token, deps.now);
    id = b.id;
    return b;
  });
  const after = await findBookingById(deps.db, id);
  return { booking: await toManagedBooking(deps.db, after!, deps.now, deps.timeZone), refund: result.refund, message: result.message };
}

/** The .ics of the token's booking. */
export async function managedBookingIcs(deps: ManageDeps, token: string): Promise<{ id: number; ics: string }> {
  const b = await bookingOfToken(deps.db, token, deps.now);
  return { id: b.id, ics: await bookingCalendarFile(deps, b) };
}

/** An appointment's .ics for its customer (as the confirmation email attaches it). */
export async function bookingCalendarFile(deps: Pick<ManageDeps, 'db' | 'now' | 'timeZone' | 'publicUrl'>, b: BookingRow): Promise<string> {
  const { business, booking } = await bookingEmailFacts(deps.db, b);
  return appointmentIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now: deps.now, business });
}

/** The starts offered on `date` for this booking's own job (its length and buffer, its own time left out). */
export async function managedBookingSlots(deps: ManageDeps, token: string, date: string): Promise<JobStart[]> {
  const b = await bookingOfToken(deps.db, token, deps.now);
  return startsForBooking(deps, b, date);
}

export async function startsForBooking(deps: Pick<ManageDeps, 'db' | 'now' | 'timeZone'>, b: BookingRow, date: string): Promise<JobStart[]> {
  if (!isMovable(b, deps.now)) return [];
  const settings = await getSettings(deps.db);
  return availableJobStarts(await loadBookingJobDay(deps.db, b, { date, now: deps.now, timeZone: deps.timeZone, settings }));
}

export const MOVE_TOO_LATE_MESSAGE = (phone: string) =>
  `Your appointment is less than ${REFUND_NOTICE_HOURS} hours away, so its time can no longer be changed online. Please call us at ${phone}.`;

/**
 * The customer's own move, whoever asks (the manage link, or the signed-in owner): one
 * transaction that re-checks the new start with the job engine under the customer's rules
 * (notice, window, hours, free crew), keeps the deposit and frees the old time; the exclusion
 * constraint decides between concurrent claims. The customer and the business are emailed.
 */
export async function moveOwnBooking(
  deps: ManageDeps,
  lock: (tx: DbOrTx) => Promise<BookingRow | null | undefined>,
  to: MoveOwnBookingInput,
): Promise<{ booking: BookingRow; message: string }> {
  const { now, timeZone } = deps;
  const booking = await moveJob(deps, {
    lock,
    mayMove(current, settings) {
      if (!canActOnBooking(current.status)) notActionable(current.status);
      if (current.status === 'pending' && !current.depositPaid) {
        throw new ConflictError('This booking is still waiting for its deposit, so its time cannot be changed yet.', 'INVALID_STATUS');
      }
      if (!isBeforeNotice(current.startsAt, now)) throw new ConflictError(MOVE_TOO_LATE_MESSAGE(settings.business.phone), 'TOO_LATE_TO_CHANGE');
      if (current.bookingDate === to.bookingDate && current.bookingTime === to.bookingTime) {
        const message = 'That is already your appointment time. Pick a different time.';
        throw new ValidationError(message, { bookingTime: message });
      }
    },
    judge: (check) => check,
    refuse: async ({ check, day, label, serviceName }) => refusal(check, { day, label, serviceName: await serviceName() }),
    statusAfter: (current) => current.status,
    takenMessage: SLOT_TAKEN_MESSAGE,
    async notify(tx, updated, previous) {
      const moved = (await lockBookingById(tx, updated.id))!;
      const facts = await bookingEmailFacts(tx, moved);
      const { manageUrl, link } = manageLinkOf(moved.id, deps.publicUrl);
      const ics = bookingIcs(facts.booking, { timeZone, publicUrl: deps.publicUrl, now, business: facts.business });
      await queueEmail(tx, { ...customerMovedEmail(facts.booking, previous, { attachments: [ics], manageUrl, business: facts.business }), link });
      await queueEmail(tx, businessMovedEmail(facts.booking, previous, { to: deps.businessEmail, business: facts.business }));
      return moved;
    },
  }, { date: to.bookingDate, time: to.bookingTime });
  return { booking, message: `Your appointment is now on ${formatLongDate(to.bookingDate)} at ${to.bookingTime}. We have emailed you the new time.` };
}

export async function moveManagedBooking(deps: ManageDeps, token: string, to: MoveOwnBookingInput) {
  const result = await moveOwnBooking(deps, (tx) => lockBookingOfToken(tx, token, deps.now), to);
  return { booking: await toManagedBooking(deps.db, result.booking, deps.now, deps.timeZone), message: result.message };
}

// ---- The signed-in customer's own bookings (My Bookings) ----------------------------------------

export async function moveUserBooking(deps: ManageDeps, userId: number, bookingId: number, to: MoveOwnBookingInput) {
  return moveOwnBooking(deps, (tx) => lockUserBookingRow(tx, userId, bookingId), to);
}

export async function userBookingIcs(deps: ManageDeps, userId: number, bookingId: number): Promise<{ id: number; ics: string }> {
  const b = await findUserBookingRow(deps.db, userId, bookingId);
  if (!b) throw new NotFoundError('Booking not found.');
  return { id: b.id, ics: await bookingCalendarFile(deps, b) };
}

export async function userBookingSlots(deps: ManageDeps, userId: number, bookingId: number, date: string): Promise<JobStart[]> {
  const b = await findUserBookingRow(deps.db, userId, bookingId);
  if (!b) throw new NotFoundError('Booking not found.');
  return startsForBooking(deps, b, date);
}

/** The appointment as an "Add to calendar" event for its customer (the Google Calendar link). */
export async function calendarEventOf(db: DbOrTx, b: BookingRow): Promise<CalendarEvent> {
  const { business, booking } = await bookingEmailFacts(db, b);
  return {
    title: `${booking.serviceName} with ${business.name}`,
    startsAt: b.startsAt.toISOString(),
    endsAt: new Date(b.startsAt.getTime() + b.durationMinutes * 60_000).toISOString(),
    details: `Booking #${b.id}. Questions or changes: ${business.phone}`,
    location: b.address,
  };
}

export async function userBookingGoogleUrl(deps: ManageDeps, userId: number, bookingId: number): Promise<string> {
  const b = await findUserBookingRow(deps.db, userId, bookingId);
  if (!b) throw new NotFoundError('Booking not found.');
  return googleCalendarUrl(await calendarEventOf(deps.db, b));
}
