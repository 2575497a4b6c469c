import { randomBytes } from 'node:crypto';
import { BUSINESS_HOURS } from '../../shared/constants';
import {
  ADMIN_TRANSITIONS,
  MAX_GALLERY_IMAGE_BYTES,
  MOVABLE_STATUSES,
  type AdminBookingsQuery,
  type AdminStatusAction,
  type GalleryItemInput,
  type MoveBookingInput,
} from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import {
  countGalleryImageUses,
  deleteGalleryItem,
  findAdminBooking,
  findGalleryItem,
  insertGalleryItem,
  listAdminBookings,
  listContactSubmissions,
  listGalleryForAdmin,
  listProblemEmails,
  listSlotHolders,
  lockAdminBooking,
  recordRefund,
  releaseExpiredHolds,
  requeueFailedEmail,
  setBookingSlot,
  setBookingStatus,
  updateGalleryItem,
} from '../db/repositories/admin';
import { queueEmail } from '../db/repositories/outbox';
import { deleteUpload, findUpload, insertUpload } from '../db/repositories/uploads';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../errors';
import { bookingCancelledByBusinessEmail, bookingConfirmedByBusinessEmail, bookingIcs, bookingMovedEmail } from './admin-emails';
import { toBookingResponse } from './bookings';
import { formatCents } from './emails/format';
import { isOnGrid, minutesToLabel, startsAt, weekdayOf } from './availability';
import type { PaymentProvider } from './payments/provider';

export interface AdminLog {
  warn(obj: object, msg: string): void;
}

export interface BookingActionDeps {
  db: Db;
  now: Date;
  timeZone: string;
  publicUrl: string;
  payments: PaymentProvider;
  log: AdminLog;
}

type BookingRow = NonNullable<Awaited<ReturnType<typeof findAdminBooking>>>;

/** The reply shape of a booking (instants as ISO strings, internal columns left out). */
export function toAdminBooking(b: BookingRow) {
  return { ...toBookingResponse(b), refundStatus: b.refundStatus, cancelReason: b.cancelReason };
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

/** Unique violation (Postgres 23505) from pg or PGlite, bare or wrapped by Drizzle. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Refunds the whole deposit outside any transaction (a provider call must not hold row locks)
 * and records the outcome. A failure is recorded, never thrown: the cancellation stands.
 */
async function refundDeposit(deps: BookingActionDeps, booking: BookingRow) {
  let outcome: { refundStatus: string; refundId: string | null; refundedAt: Date | null };
  if (!booking.stripePaymentIntentId) {
    deps.log.warn({ bookingId: booking.id }, 'paid booking has no payment intent to refund');
    outcome = { refundStatus: 'failed', refundId: null, refundedAt: null };
  } else {
    try {
      const refund = await deps.payments.refund(booking.stripePaymentIntentId, { idempotencyKey: `refund-booking-${booking.id}` });
      outcome =
        refund.status === 'succeeded'
          ? { refundStatus: 'refunded', refundId: refund.id, refundedAt: deps.now }
          : { refundStatus: refund.status === 'failed' ? 'failed' : 'pending', refundId: refund.id, refundedAt: null };
    } catch (err) {
      deps.log.warn({ err, bookingId: booking.id }, 'deposit refund failed');
      outcome = { refundStatus: 'failed', refundId: null, refundedAt: null };
    }
  }
  return recordRefund(deps.db, booking.id, { ...outcome, updatedAt: deps.now });
}

function refundSentence(b: BookingRow): string {
  const amount = formatCents(b.depositAmount);
  if (b.refundStatus === 'refunded') return `The ${amount} deposit was refunded in full.`;
  if (b.refundStatus === 'pending') return `The ${amount} deposit refund has been requested and is being processed.`;
  return `The ${amount} deposit refund FAILED: refund it from the payment provider's dashboard, or try again from this page.`;
}

/** Confirms, completes or cancels a booking as the business. */
export async function changeBookingStatus(deps: BookingActionDeps, id: number, status: AdminStatusAction) {
  const { now } = deps;
  const { booking, refundDue } = await deps.db.transaction(async (tx) => {
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
        cancelReason: 'Cancelled by the business',
        ...(refundDue ? { refundStatus: 'pending' } : {}),
      });
      await queueEmail(tx, bookingCancelledByBusinessEmail(updated, refundDue));
      return { booking: updated, refundDue };
    }

    const updated = await setBookingStatus(tx, id, { status, updatedAt: now });
    if (status === 'confirmed') {
      const ics = bookingIcs(updated, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now });
      await queueEmail(tx, bookingConfirmedByBusinessEmail(updated, [ics]));
    }
    return { booking: updated, refundDue: false };
  });

  if (status === 'cancelled' && refundDue) {
    const refunded = await refundDeposit(deps, booking);
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
        ? `Booking #${id} is marked completed.`
        : `Booking #${id} is cancelled and the customer has been emailed.`;
  return { booking: toAdminBooking(booking), message };
}

/** Tries a failed (or stuck) deposit refund of a cancelled booking again. */
export async function retryRefund(deps: BookingActionDeps, id: number) {
  const booking = await findAdminBooking(deps.db, id);
  if (!booking) throw new NotFoundError('Booking not found.');
  if (booking.status !== 'cancelled' || !booking.depositPaid || !['failed', 'pending'].includes(booking.refundStatus)) {
    throw new ConflictError(`Booking #${id} has no deposit refund waiting.`, 'INVALID_STATUS');
  }
  const refunded = await refundDeposit(deps, booking);
  return { booking: toAdminBooking(refunded), refundStatus: refunded.refundStatus, message: `Booking #${id}: ${refundSentence(refunded)}` };
}

function gridLabels(date: string): string[] {
  const hours = BUSINESS_HOURS[weekdayOf(date)];
  if (!hours) return [];
  const labels: string[] = [];
  for (let h = hours.open; h < hours.close; h++) labels.push(minutesToLabel(h * 60));
  return labels;
}

/** The business grid of `date`, each start with the booking that holds it (if any). */
export async function slotsForDay(db: Db, date: string) {
  const holders = await listSlotHolders(db, date);
  return {
    date,
    slots: gridLabels(date).map((time) => ({ time, bookingId: holders.find((h) => h.bookingTime === time)?.id ?? null })),
  };
}

/**
 * Moves an active booking to another start on the business grid. The database's partial
 * unique index decides whether the slot is free, so two moves into one slot cannot both win.
 */
export async function moveBooking(deps: BookingActionDeps, id: number, to: MoveBookingInput) {
  const { now, timeZone } = deps;
  if (weekdayOf(to.date) === 0) throw new ValidationError('We are closed on Sundays. Pick another day.', { date: 'We are closed on Sundays. Pick another day.' });
  if (!isOnGrid(to.date, to.time)) {
    const hours = weekdayOf(to.date) === 6 ? '9:00 AM to 3:00 PM on Saturdays' : '8:00 AM to 5:00 PM on weekdays';
    const message = `${to.time} is not a start time that day. Appointments start on the hour, ${hours}.`;
    throw new ValidationError(message, { time: message });
  }
  const start = startsAt(to.date, to.time, timeZone);
  if (start.getTime() <= now.getTime()) {
    throw new ValidationError('That time has already passed. Pick a later time.', { date: 'That time has already passed. Pick a later time.' });
  }

  let previous = { date: '', time: '' };
  let moved: BookingRow;
  try {
    moved = await deps.db.transaction(async (tx) => {
      const current = await lockAdminBooking(tx, id);
      if (!current) throw new NotFoundError('Booking not found.');
      if (!(MOVABLE_STATUSES as readonly string[]).includes(current.status)) {
        throw new ConflictError(`Booking #${id} is ${current.status} and cannot be moved.`, 'INVALID_STATUS');
      }
      previous = { date: current.bookingDate, time: current.bookingTime };
      await releaseExpiredHolds(tx, to.date, to.time, now, id);
      const updated = await setBookingSlot(tx, id, {
        bookingDate: to.date,
        bookingTime: to.time,
        startsAt: start,
        status: current.status === 'rescheduling' ? 'confirmed' : current.status,
        updatedAt: now,
      });
      const ics = bookingIcs(updated, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now });
      await queueEmail(tx, bookingMovedEmail(updated, previous, [ics]));
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError('That time is already booked. Pick another time.', 'SLOT_TAKEN');
    throw err;
  }
  return {
    booking: toAdminBooking(moved),
    message: `Booking #${id} moved to ${to.date} at ${to.time}. The customer has been emailed the new time.`,
  };
}

// ---- Messages and email problems ---------------------------------------------------------

export async function listContactMessages(db: Db) {
  const rows = await listContactSubmissions(db, LIST_LIMIT);
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, email: r.email, subject: r.subject, message: r.message, createdAt: r.createdAt.toISOString() }));
}

export async function listEmailProblems(db: Db, status: 'failed' | 'pending' | undefined) {
  const rows = await listProblemEmails(db, status, LIST_LIMIT);
  return rows.map((r) => ({ ...r, nextAttemptAt: r.nextAttemptAt.toISOString(), createdAt: r.createdAt.toISOString() }));
}

/** Sends a failed email again (the worker picks it up on its next round). */
export async function retryEmail(db: Db, id: number, now: Date) {
  if (!(await requeueFailedEmail(db, id, now))) throw new ConflictError('Only a failed email can be sent again.', 'INVALID_STATUS');
  return { message: 'The email is queued to be sent again.' };
}

// ---- Gallery ----------------------------------------------------------------------------

export interface GalleryDeps {
  db: Db;
  log: AdminLog;
}

/** Deletes an uploaded image once no gallery item shows it. */
async function removeUnusedUpload(deps: GalleryDeps, imageUrl: string) {
  const match = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|webp|svg))$/.exec(imageUrl);
  if (!match) return;
  if ((await countGalleryImageUses(deps.db, imageUrl)) > 0) return;
  await deleteUpload(deps.db, match[1]);
}

const CONTENT_TYPE_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

/** An uploaded image by its file name, for GET /uploads/:file. */
export async function getUpload(db: Db, name: string) {
  if (!/^[a-f0-9]{32}\.(png|jpg|webp|svg)$/.test(name)) return null;
  return findUpload(db, name);
}

export function listGallery(db: Db) {
  return listGalleryForAdmin(db);
}

export async function createGalleryItem(db: Db, input: GalleryItemInput) {
  return insertGalleryItem(db, input);
}

export async function editGalleryItem(deps: GalleryDeps, id: number, input: GalleryItemInput) {
  const before = await findGalleryItem(deps.db, id);
  if (!before) throw new NotFoundError('Gallery item not found.');
  const updated = await updateGalleryItem(deps.db, id, input);
  if (!updated) throw new NotFoundError('Gallery item not found.');
  if (before.imageUrl !== updated.imageUrl) await removeUnusedUpload(deps, before.imageUrl);
  return updated;
}

export async function removeGalleryItem(deps: GalleryDeps, id: number) {
  const deleted = await deleteGalleryItem(deps.db, id);
  if (!deleted) throw new NotFoundError('Gallery item not found.');
  await removeUnusedUpload(deps, deleted.imageUrl);
}

const IMAGE_TYPES: Record<string, { ext: string; label: string; matches: (b: Buffer) => boolean }> = {
  'image/png': { ext: 'png', label: 'PNG', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  'image/jpeg': { ext: 'jpg', label: 'JPEG', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/webp': { ext: 'webp', label: 'WebP', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  'image/svg+xml': {
    ext: 'svg',
    label: 'SVG',
    matches: (b) => !b.includes(0) && /<svg[\s>]/i.test(b.toString('utf8')),
  },
};

/** "data:image/png;base64,..." -> the file's bytes and extension, after checking they are that image type. */
export function decodeImageDataUrl(dataUrl: string): { bytes: Buffer; ext: string } {
  const match = /^data:(image\/(?:png|jpeg|webp|svg\+xml));base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) throw new ValidationError('Choose a PNG, JPEG, WebP or SVG image', { dataUrl: 'Choose a PNG, JPEG, WebP or SVG image' });
  const type = IMAGE_TYPES[match[1]];
  // A length check on the text first, so an oversize image is refused before it is decoded.
  if (Math.floor((match[2].length * 3) / 4) - 2 > MAX_GALLERY_IMAGE_BYTES) {
    throw new AppError('The image is too large: choose one of 1.5 MB or less.', 'PAYLOAD_TOO_LARGE');
  }
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > MAX_GALLERY_IMAGE_BYTES) throw new AppError('The image is too large: choose one of 1.5 MB or less.', 'PAYLOAD_TOO_LARGE');
  if (!type.matches(bytes)) {
    const message = `The file is not a valid ${type.label} image.`;
    throw new ValidationError(message, { dataUrl: message });
  }
  return { bytes, ext: type.ext };
}

/** Stores an uploaded image (in the database, so every instance serves it) and points the gallery item at it. */
export async function replaceGalleryImage(deps: GalleryDeps, id: number, dataUrl: string) {
  const { bytes, ext } = decodeImageDataUrl(dataUrl);
  const before = await findGalleryItem(deps.db, id);
  if (!before) throw new NotFoundError('Gallery item not found.');

  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  await insertUpload(deps.db, { name: file, contentType: CONTENT_TYPE_BY_EXT[ext], data: bytes });
  const imageUrl = `/uploads/${file}`;
  const updated = await updateGalleryItem(deps.db, id, { imageUrl });
  if (!updated) {
    await removeUnusedUpload(deps, imageUrl);
    throw new NotFoundError('Gallery item not found.');
  }
  await removeUnusedUpload(deps, before.imageUrl);
  return updated;
}
