import { randomBytes } from 'node:crypto';
import {
  ADMIN_TRANSITIONS,
  MAX_GALLERY_IMAGE_BYTES,
  MOVABLE_STATUSES,
  type AdminBookingsQuery,
  type AdminStatusAction,
  type GalleryItemInput,
  type MoveBookingInput,
} from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
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
  requeueFailedEmail,
  setBookingCrew,
  setBookingSlot,
  setBookingStatus,
  updateGalleryItem,
} from '../repositories/admin';
import { releaseExpiredHolds } from '../repositories/bookings';
import { queueEmail } from '../../messaging/repositories/outbox';
import { deleteUpload, findUpload, insertUpload } from '../../content/repositories/uploads';
import { bumpVersions } from '../../settings/repositories/settings';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../errors';
import { bookingCancelledByBusinessEmail, bookingConfirmedByBusinessEmail, bookingIcs, bookingMovedEmail } from '../../messaging/emails/admin-emails';
import { bookingEmailFacts, withServiceName } from '../../messaging/services/email-facts';
import { toBookingResponse } from './bookings';
import { formatCents } from '../../messaging/emails/format';
import { DEFAULT_JOB_MINUTES, isTooShortFor, loadBookingJobDay, loadJobDay, refusal } from '../../schedule/services/job-schedule';
import { checkJobStart, dayStarts, freeCrewsAt, startsAt, type JobStartCheck } from '../../schedule/services/schedule';
import { getSettings } from '../../settings/services/settings';
import { isCrewOverlap } from '../../schedule/repositories/schedule';
import type { PaymentProvider } from '../../payments/services/provider';
import { refundDeposit, retryRefund as retryDepositRefund } from './refunds';
import { requestReview } from '../../reviews/services/reviews';

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

/** The reply shape of a booking (instants as ISO strings, internal columns left out). */
export function toAdminBooking(b: BookingRow) {
  return { ...toBookingResponse(b), refundStatus: b.refundStatus, cancelReason: b.cancelReason, crew: b.crew, durationMinutes: b.durationMinutes, areaChecked: b.areaChecked };
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
      const facts = await bookingEmailFacts(tx, updated);
      await queueEmail(tx, bookingCancelledByBusinessEmail(facts.booking, refundDue, { business: facts.business }));
      return { booking: updated, refundDue };
    }

    const updated = await setBookingStatus(tx, id, { status, updatedAt: now });
    if (status === 'confirmed') {
      const { business, booking } = await bookingEmailFacts(tx, updated);
      const ics = bookingIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now, business });
      await queueEmail(tx, bookingConfirmedByBusinessEmail(booking, [ics], { business }));
    }
    if (status === 'completed') await requestReview(tx, updated, { publicUrl: deps.publicUrl, now });
    return { booking: updated, refundDue: false };
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
        ? `Booking #${id} is marked completed. The customer has been emailed a link to review the job.`
        : `Booking #${id} is cancelled and the customer has been emailed.`;
  return { booking: toAdminBooking(booking), message };
}

/** The owner's "Retry refund": a failed deposit refund is asked for again, a pending one checked. */
export async function retryRefund(deps: BookingActionDeps, id: number) {
  const refunded = await retryDepositRefund(deps, id);
  return { booking: toAdminBooking(refunded), refundStatus: refunded.refundStatus, message: `Booking #${id}: ${refundSentence(refunded)}` };
}

/** Why the owner cannot have a start, in words for the move dialog (null: it can be had). */
const MOVE_REFUSALS: Partial<Record<JobStartCheck, string>> = {
  closed: 'closed that day',
  after_closing: 'runs past closing',
  blocked: 'blocked',
  busy: 'busy in your calendar',
  no_crew: 'booked',
};

const MOVE_TAKEN_MESSAGE = 'That time is already booked. Pick another time.';

/** The owner may move a job sooner than the minimum notice and beyond the booking window. */
function ownerCheck(check: JobStartCheck): JobStartCheck {
  return check === 'too_soon' || check === 'outside_window' ? 'available' : check;
}

/**
 * The starts of `date` on the owner's hours, each with the booking that starts there (if any)
 * and, for `bookingId`'s job, whether it could move there: the same engine as every booking.
 */
export async function slotsForDay(deps: Pick<BookingActionDeps, 'db' | 'now' | 'timeZone'>, date: string, bookingId?: number) {
  const { db, now, timeZone } = deps;
  const settings = await getSettings(db);
  const booking = bookingId ? await findAdminBooking(db, bookingId) : null;
  const holders = await listSlotHolders(db, date);
  const day = booking
    ? await loadBookingJobDay(db, booking, { date, now, timeZone, settings })
    : await loadJobDay(db, { date, now, timeZone, settings, durationMinutes: DEFAULT_JOB_MINUTES });
  return {
    date,
    slots: dayStarts(day).map((time) => {
      const check = ownerCheck(checkJobStart(day, time));
      return {
        time,
        bookingId: holders.find((h) => h.bookingTime === time && h.id !== booking?.id)?.id ?? null,
        available: check === 'available' && startsAt(date, time, timeZone).getTime() > now.getTime(),
        reason: MOVE_REFUSALS[check] ?? null,
      };
    }),
  };
}

/**
 * Moves an active booking to another start. The engine checks the job fits (hours, blocks, busy
 * times, a free crew for its length and buffer; the owner may go inside the notice and beyond
 * the window), and the exclusion constraint decides between concurrent moves and bookings.
 */
export async function moveBooking(deps: BookingActionDeps, id: number, to: MoveBookingInput) {
  const { now, timeZone } = deps;
  const start = startsAt(to.date, to.time, timeZone);
  if (start.getTime() <= now.getTime()) {
    throw new ValidationError('That time has already passed. Pick a later time.', { date: 'That time has already passed. Pick a later time.' });
  }
  const settings = await getSettings(deps.db);

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
      await releaseExpiredHolds(tx, now, { exceptId: id });
      const day = await loadBookingJobDay(tx, current, { date: to.date, now, timeZone, settings });
      const check = ownerCheck(checkJobStart(day, to.time));
      if (check === 'off_grid') {
        const message = `${to.time} is not a start time on ${to.date}. Pick one of that day's times.`;
        throw new ValidationError(message, { time: message });
      }
      if (check !== 'available') {
        const fit = { day, label: to.time, serviceName: (await withServiceName(tx, current)).serviceName };
        // Taken: the same words whether the engine sees it or the exclusion constraint does.
        if (check === 'no_crew' && !isTooShortFor(day, to.time, check)) throw new ConflictError(MOVE_TAKEN_MESSAGE, 'SLOT_TAKEN');
        throw refusal(check, fit);
      }
      const free = freeCrewsAt(day, start);
      const crew = free.includes(current.crew) ? current.crew : free[0];
      const updated = await setBookingSlot(tx, id, {
        bookingDate: to.date,
        bookingTime: to.time,
        startsAt: start,
        crew,
        status: current.status === 'rescheduling' ? 'confirmed' : current.status,
        updatedAt: now,
      });
      const { business, booking } = await bookingEmailFacts(tx, updated);
      const ics = bookingIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now, business });
      await queueEmail(tx, bookingMovedEmail(booking, previous, [ics], { business }));
      return updated;
    });
  } catch (err) {
    if (isCrewOverlap(err)) throw new ConflictError(MOVE_TAKEN_MESSAGE, 'SLOT_TAKEN');
    throw err;
  }
  return {
    booking: toAdminBooking(moved),
    message: `Booking #${id} moved to ${to.date} at ${to.time}. The customer has been emailed the new time.`,
  };
}

/** Gives an active booking to another crew; 409 when that crew is busy then. */
export async function changeCrew(deps: BookingActionDeps, id: number, crew: number) {
  const { now, timeZone } = deps;
  const settings = await getSettings(deps.db);
  if (crew > settings.crews) {
    const message = `There ${settings.crews === 1 ? 'is 1 crew' : `are ${settings.crews} crews`}: pick a crew from 1 to ${settings.crews}.`;
    throw new ValidationError(message, { crew: message });
  }
  try {
    const updated = await deps.db.transaction(async (tx) => {
      const current = await lockAdminBooking(tx, id);
      if (!current) throw new NotFoundError('Booking not found.');
      if (!(MOVABLE_STATUSES as readonly string[]).includes(current.status)) {
        throw new ConflictError(`Booking #${id} is ${current.status}; its crew no longer matters.`, 'INVALID_STATUS');
      }
      if (current.crew === crew) return current;
      const day = await loadBookingJobDay(tx, current, { date: current.bookingDate, now, timeZone, settings });
      if (!freeCrewsAt(day, current.startsAt).includes(crew)) throw new ConflictError(`Crew ${crew} is busy then. Pick another crew or move the booking.`, 'SLOT_TAKEN');
      return setBookingCrew(tx, id, { crew, updatedAt: now });
    });
    return { booking: toAdminBooking(updated), message: `Booking #${id} is now crew ${crew}'s job.` };
  } catch (err) {
    if (isCrewOverlap(err)) throw new ConflictError(`Crew ${crew} is busy then. Pick another crew or move the booking.`, 'SLOT_TAKEN');
    throw err;
  }
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
  /** When the change is made: the 'content' version it bumps says so. */
  now: Date;
}

/** Deletes an uploaded image once no gallery item shows it; in the transaction of the change that stopped using it. */
async function removeUnusedUpload(db: DbOrTx, imageUrl: string) {
  const match = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|webp|svg))$/.exec(imageUrl);
  if (!match) return;
  if ((await countGalleryImageUses(db, imageUrl)) > 0) return;
  await deleteUpload(db, match[1]);
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

export async function createGalleryItem(deps: GalleryDeps, input: GalleryItemInput) {
  return deps.db.transaction(async (tx) => {
    const created = await insertGalleryItem(tx, input);
    await bumpVersions(tx, ['content'], deps.now);
    return created;
  });
}

export async function editGalleryItem(deps: GalleryDeps, id: number, input: GalleryItemInput) {
  return deps.db.transaction(async (tx) => {
    const before = await findGalleryItem(tx, id);
    if (!before) throw new NotFoundError('Gallery item not found.');
    const updated = await updateGalleryItem(tx, id, input);
    if (!updated) throw new NotFoundError('Gallery item not found.');
    if (before.imageUrl !== updated.imageUrl) await removeUnusedUpload(tx, before.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
    return updated;
  });
}

export async function removeGalleryItem(deps: GalleryDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteGalleryItem(tx, id);
    if (!deleted) throw new NotFoundError('Gallery item not found.');
    await removeUnusedUpload(tx, deleted.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
  });
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
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  // The image, the item pointing at it and the removal of the image it replaces: all or nothing,
  // so a crash leaves neither an orphaned image nor an item pointing at a missing one.
  return deps.db.transaction(async (tx) => {
    const before = await findGalleryItem(tx, id);
    if (!before) throw new NotFoundError('Gallery item not found.');
    await insertUpload(tx, { name: file, contentType: CONTENT_TYPE_BY_EXT[ext], data: bytes });
    const updated = await updateGalleryItem(tx, id, { imageUrl: `/uploads/${file}` });
    if (!updated) throw new NotFoundError('Gallery item not found.');
    await removeUnusedUpload(tx, before.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
    return updated;
  });
}
