import type { DbOrTx } from '../../db/client';
import { findServiceBySlug, getJobDayRows, type ServiceRow } from '../repositories/schedule';
import { listUserBlocksOnDate } from '../repositories/availability';
import { ConflictError, ValidationError } from '../../errors';
import type { Settings } from '../../../shared/schemas/settings';
import { durationText } from '../../../shared/duration-text';
import { availableJobStarts, businessDayBounds, checkJobStart, type JobDayInput, type JobStart, type JobStartCheck } from './schedule';
import { getSettings } from '../../settings';

/**
 * The job engine (schedule.ts) fed from the database: the owner's settings, the service's length,
 * the day's jobs, blocks, overrides and imported busy times. Every caller that asks "can this job
 * start then" (time-slots, bookings, the dashboard, the admin's moves, a late payment) comes here,
 * so the rules live once.
 */

/** A start without a service is a one-hour job, so the spec's `GET /api/time-slots?date=` answers as it always has. */
export const DEFAULT_JOB_MINUTES = 60;

export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';
export const SLOT_UNAVAILABLE_MESSAGE = 'That time is no longer available. Please choose another time.';
export const UNKNOWN_SERVICE_MESSAGE = 'Please select a service type';

/** The active service with this slug; a 400 naming `serviceType` otherwise. */
export async function requireService(db: DbOrTx, slug: string): Promise<ServiceRow> {
  const service = await findServiceBySlug(db, slug);
  if (!service || !service.active) throw new ValidationError(UNKNOWN_SERVICE_MESSAGE, { serviceType: UNKNOWN_SERVICE_MESSAGE });
  return service;
}

export interface JobDayRequest {
  date: string;
  now: Date;
  timeZone: string;
  durationMinutes: number;
  /** The job needs a crew of two. */
  twoPeople?: boolean;
  settings: Settings;
  /** Leave this booking's own time out (moving it, or a late payment taking it back). */
  exceptBookingId?: number;
  /** A signed-in customer's own blocks hide times from that customer only. */
  viewerUserId?: number | null;
}

export async function loadJobDay(db: DbOrTx, r: JobDayRequest): Promise<JobDayInput> {
  const bounds = businessDayBounds(r.date, r.timeZone);
  // A job of the evening before, with its buffer, can reach into this day; so can one of the next
  // day's early jobs for a late start here. A day on either side covers any job of up to 12 h.
  const from = new Date(bounds.startsAt.getTime() - 86_400_000);
  const to = new Date(bounds.endsAt.getTime() + 86_400_000);
  const rows = await getJobDayRows(db, { date: r.date, from, to, exceptBookingId: r.exceptBookingId });
  return {
    date: r.date,
    now: r.now,
    timeZone: r.timeZone,
    settings: r.settings,
    durationMinutes: r.durationMinutes,
    twoPeople: r.twoPeople === true,
    jobs: rows.jobs,
    businessBlocks: rows.businessBlocks,
    overrides: rows.overrides,
    busy: rows.busy,
    viewerBlocks: r.viewerUserId ? await listUserBlocksOnDate(db, r.viewerUserId, r.date) : undefined,
  };
}

/**
 * The day as an existing booking's job sees it (a move, a crew change, a late payment): its own
 * length, crew need and the travel buffer it was booked with (never its service's as they are
 * now: a job picked from the price list has its own length), and its own time left out.
 */
export function loadBookingJobDay(
  db: DbOrTx,
  booking: { id: number; durationMinutes: number; bufferMinutes: number; twoPeople: boolean },
  r: Pick<JobDayRequest, 'date' | 'now' | 'timeZone' | 'settings'>,
): Promise<JobDayInput> {
  return loadJobDay(db, {
    ...r,
    settings: { ...r.settings, travelBufferMinutes: booking.bufferMinutes },
    durationMinutes: booking.durationMinutes,
    twoPeople: booking.twoPeople,
    exceptBookingId: booking.id,
  });
}

/**
 * The starts of `date` offered for a job of `durationMinutes` (when given), else of
 * `serviceType`'s duration, else of one hour; to crews of two only for a `twoPeople` job. A
 * `serviceType` given must be an offered service either way.
 */
export async function offeredStarts(
  db: DbOrTx,
  p: {
    date: string;
    now: Date;
    timeZone: string;
    serviceType?: string;
    viewerUserId?: number | null;
    durationMinutes?: number;
    twoPeople?: boolean;
    exceptBookingId?: number;
    /** Settings read by the caller (fresh ones, for an answer kept longer than getSettings' 2 s). */
    settings?: Settings;
  },
): Promise<JobStart[]> {
  const settings = p.settings ?? (await getSettings(db));
  const service = p.serviceType ? await requireService(db, p.serviceType) : null;
  const durationMinutes = p.durationMinutes ?? service?.durationMinutes ?? DEFAULT_JOB_MINUTES;
  return availableJobStarts(await loadJobDay(db, { ...p, settings, durationMinutes }));
}

/** The job a refusal names: its service ("TV Mounting") and its length. */
export interface JobToFit {
  serviceName: string;
  durationMinutes: number;
}

/**
 * 409 JOB_DOES_NOT_FIT: the start is free, but not for this job. `crewOfTwo`: the job would fit
 * there if any crew could do it, so it is a crew of two that is missing, not time.
 */
export function jobDoesNotFitError(job: JobToFit, crewOfTwo = false): ConflictError {
  const message = crewOfTwo
    ? `That time has no crew of two free for ${job.serviceName}, which needs two people for about ${durationText(job.durationMinutes)}. Please pick another time.`
    : `That time is too short for ${job.serviceName}, which takes about ${durationText(job.durationMinutes)}. Please pick another time.`;
  return new ConflictError(message, 'JOB_DOES_NOT_FIT');
}

/** The day's question for the same start with any crew, and for a job of at most one hour. */
function plainJob(day: JobDayInput, durationMinutes = day.durationMinutes): JobDayInput {
  return { ...day, durationMinutes, twoPeople: false };
}

/**
 * Whether a start no suitable crew is free for is free for someone: a job of one hour (or this
 * job's length, when shorter) by any crew would fit there. Then no one has that start, the chosen
 * job only does not fit it (too long for the gap before the next job, or no crew of two free): a
 * 409 JOB_DOES_NOT_FIT, not "just booked".
 */
export function isTooShortFor(day: JobDayInput, label: string, check: JobStartCheck): boolean {
  if (check !== 'no_crew') return false;
  const minutes = Math.min(day.durationMinutes, DEFAULT_JOB_MINUTES);
  if (minutes === day.durationMinutes && !day.twoPeople) return false;
  return checkJobStart(plainJob(day, minutes), label) === 'available';
}

/**
 * The error for a start the engine refuses: off the grid is a 400 on `bookingTime` (not a time of
 * that day at all), a start whose crews are all taken is 409 SLOT_TAKEN (someone has it) unless a
 * one-hour job would fit there (409 JOB_DOES_NOT_FIT, naming the service and the job's length, or
 * the crew of two it needs), any other refusal (closing time, notice, blocks, busy) is 409
 * SLOT_UNAVAILABLE; clients pick another.
 */
export function refusal(check: Exclude<JobStartCheck, 'available'>, fit: { day: JobDayInput; label: string; serviceName: string }): Error {
  const { day, label, serviceName } = fit;
  if (check === 'off_grid') return new ValidationError('Please select a time slot', { bookingTime: 'Please select a time slot' });
  if (isTooShortFor(day, label, check)) {
    const crewOfTwo = day.twoPeople === true && checkJobStart(plainJob(day), label) === 'available';
    return jobDoesNotFitError({ serviceName, durationMinutes: day.durationMinutes }, crewOfTwo);
  }
  if (check === 'no_crew') return new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
  return new ConflictError(SLOT_UNAVAILABLE_MESSAGE, 'SLOT_UNAVAILABLE');
}

export { checkJobStart };
