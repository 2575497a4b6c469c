import { MOVABLE_STATUSES, type MoveBookingInput } from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { queueEmail, bookingIcs, bookingMovedEmail, bookingEmailFacts, withServiceName } from '../../messaging';
import {
  DEFAULT_JOB_MINUTES,
  isTooShortFor,
  loadBookingJobDay,
  loadJobDay,
  refusal,
  isCrewOverlap,
  lockBookingDay,
  retryOnConflict,
  checkJobStart,
  dayStarts,
  freeCrewsAt,
  startsAt,
  type JobDayInput,
  type JobStartCheck,
} from '../../schedule';
import { getSettings } from '../../settings';
import type { Settings } from '../../../shared/schemas/settings';
import { findAdminBooking, listSlotHolders, lockAdminBooking, setBookingSlot } from '../repositories/admin';
import { releaseExpiredHolds } from '../repositories/bookings';
import { toAdminBooking, type BookingActionDeps } from './admin-bookings';

type MovableRow = Parameters<typeof loadBookingJobDay>[1] & { id: number; status: string; crew: number; bookingDate: string; bookingTime: string; serviceType: string };
type MovedRow = Awaited<ReturnType<typeof setBookingSlot>>;

/** Why a start is refused, with what the message needs (the day as the engine saw it, the service's name). */
export interface MoveRefusal {
  check: Exclude<JobStartCheck, 'available'>;
  day: JobDayInput;
  label: string;
  serviceName: () => Promise<string>;
}

/**
 * What differs between movers (the owner from the admin, the customer from their link or My
 * Bookings): everything else about a move is the same rules, written once in `moveJob`.
 */
export interface MoveRules<Row extends MovableRow, Result> {
  /** The booking, row-locked in `tx`; null when the mover cannot reach it. */
  lock(tx: DbOrTx): Promise<Row | null | undefined>;
  /** Throws when this mover may not move this booking (its status, its notice, the same time again). */
  mayMove(current: Row, settings: Settings): void;
  /** The engine's verdict as this mover sees it (the owner is not held to notice and window). */
  judge(check: JobStartCheck): JobStartCheck;
  /** The error for a start refused to this mover. */
  refuse(refused: MoveRefusal): Promise<Error>;
  /** The status the moved booking gets. */
  statusAfter(current: Row): string;
  /** Words for a time that is taken (what the exclusion constraint reports). */
  takenMessage: string;
  /** In the move's transaction: emails the move's news and returns what the caller answers with. */
  notify(tx: DbOrTx, moved: MovedRow, previous: { date: string; time: string }): Promise<Result>;
}

/**
 * Moves an active booking to another start in one transaction: locks it, frees expired holds,
 * re-checks the new start with the job engine (hours, blocks, busy times, a free crew for its
 * length and buffer), keeps its crew when that crew is free, and lets the mover email the news.
 * The exclusion constraint decides between concurrent moves and bookings.
 */
export async function moveJob<Row extends MovableRow, Result>(
  deps: { db: Db; now: Date; timeZone: string },
  rules: MoveRules<Row, Result>,
  to: { date: string; time: string },
): Promise<Result> {
  const { now, timeZone } = deps;
  const settings = await getSettings(deps.db);
  try {
    // Run again when PostgreSQL ends it for another transaction's sake (a deadlock).
    return await retryOnConflict(moveOnce);
  } catch (err) {
    if (isCrewOverlap(err)) throw new ConflictError(rules.takenMessage, 'SLOT_TAKEN');
    throw err;
  }

  function moveOnce(): Promise<Result> {
    return deps.db.transaction(async (tx) => {
      const current = await rules.lock(tx);
      if (!current) throw new NotFoundError('Booking not found.');
      rules.mayMove(current, settings);
      const previous = { date: current.bookingDate, time: current.bookingTime };
      await releaseExpiredHolds(tx, now, { exceptId: current.id });
      // Queued with the day's new bookings and other moves to it (see lockBookingDay).
      await lockBookingDay(tx, to.date);
      const day = await loadBookingJobDay(tx, current, { date: to.date, now, timeZone, settings });
      const check = rules.judge(checkJobStart(day, to.time));
      if (check !== 'available') {
        throw await rules.refuse({ check, day, label: to.time, serviceName: async () => (await withServiceName(tx, current)).serviceName });
      }
      const start = startsAt(to.date, to.time, timeZone);
      const free = freeCrewsAt(day, start);
      const updated = await setBookingSlot(tx, current.id, {
        bookingDate: to.date,
        bookingTime: to.time,
        startsAt: start,
        crew: free.includes(current.crew) ? current.crew : free[0],
        status: rules.statusAfter(current),
        updatedAt: now,
      });
      return rules.notify(tx, updated, previous);
    });
  }
}

// ---- The owner's move (the admin's move dialog) -----------------------------------------------

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
 * The owner moves an active booking to another start: the engine checks the job fits, but the
 * owner may go inside the notice and beyond the window. The customer is emailed the new time.
 */
export async function moveBooking(deps: BookingActionDeps, id: number, to: MoveBookingInput) {
  const { now, timeZone } = deps;
  if (startsAt(to.date, to.time, timeZone).getTime() <= now.getTime()) {
    throw new ValidationError('That time has already passed. Pick a later time.', { date: 'That time has already passed. Pick a later time.' });
  }
  const moved = await moveJob(deps, {
    lock: (tx) => lockAdminBooking(tx, id),
    mayMove(current) {
      if (!(MOVABLE_STATUSES as readonly string[]).includes(current.status)) {
        throw new ConflictError(`Booking #${id} is ${current.status} and cannot be moved.`, 'INVALID_STATUS');
      }
    },
    judge: ownerCheck,
    async refuse({ check, day, label, serviceName }) {
      if (check === 'off_grid') {
        const message = `${to.time} is not a start time on ${to.date}. Pick one of that day's times.`;
        return new ValidationError(message, { time: message });
      }
      // Taken: the same words whether the engine sees it or the exclusion constraint does.
      if (check === 'no_crew' && !isTooShortFor(day, label, check)) return new ConflictError(MOVE_TAKEN_MESSAGE, 'SLOT_TAKEN');
      return refusal(check, { day, label, serviceName: await serviceName() });
    },
    statusAfter: (current) => (current.status === 'rescheduling' ? 'confirmed' : current.status),
    takenMessage: MOVE_TAKEN_MESSAGE,
    async notify(tx, updated, previous) {
      const { business, booking } = await bookingEmailFacts(tx, updated);
      const ics = bookingIcs(booking, { timeZone: deps.timeZone, publicUrl: deps.publicUrl, now, business });
      await queueEmail(tx, bookingMovedEmail(booking, previous, [ics], { business }));
      return updated;
    },
  }, to);
  return {
    booking: toAdminBooking(moved),
    message: `Booking #${id} moved to ${to.date} at ${to.time}. The customer has been emailed the new time.`,
  };
}
