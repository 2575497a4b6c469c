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
    jobs: rows.jobs,
    businessBlocks: rows.businessBlocks,
    overrides: rows.overrides,
    busy: rows.busy,
    viewerBlocks: r.viewerUserId ? await listUserBlocksOnDate(db, r.viewerUserId, r.date) : undefined,
  };
}

/**
 * The day as an existing booking's job sees it (a move, a crew change, a late payment): its own
 * length and the travel buffer it was booked with, and its own time left out.
 */
export function loadBookingJobDay(
  db: DbOrTx,
  booking: { id: number; durationMinutes: number; bufferMinutes: number },
  r: Pick<JobDayRequest, 'date' | 'now' | 'timeZone' | 'settings'>,
): Promise<JobDayInput> {
  return loadJobDay(db, {
    ...r,
    settings: { ...r.settings, travelBufferMinutes: booking.bufferMinutes },
    durationMinutes: booking.durationMinutes,
    exceptBookingId: booking.id,
  });
}

/** The starts of `date` offered for `serviceType` (a one-hour job without one). */
export async function offeredStarts(
  db: DbOrTx,
  p: {
    date: string;
    now: Date;
    timeZone: string;
    serviceType?: string;
    viewerUserId?: number | null;
    durationMinutes?: number;
    exceptBookingId?: number;
    /** Settings read by the caller (fresh ones, for an answer kept longer than getSettings' 2 s). */
    settings?: Settings;
  },
): Promise<JobStart[]> {
  const settings = p.settings ?? (await getSettings(db));
  const durationMinutes = p.durationMinutes ?? (p.serviceType ? (await requireService(db, p.serviceType)).durationMinutes : DEFAULT_JOB_MINUTES);
  return availableJobStarts(await loadJobDay(db, { ...p, settings, durationMinutes }));
}

/** The job of `job` names its service: "TV Mounting", 90 minutes. */
export interface JobToFit {
  serviceName: string;
  durationMinutes: number;
}

export function jobDoesNotFitError(job: JobToFit): ConflictError {
  return new ConflictError(
    `That time is too short for ${job.serviceName}, which takes about ${durationText(job.durationMinutes)}. Please pick another time.`,
    'JOB_DOES_NOT_FIT',
  );
}

/**
 * Whether a start no crew is free for would take a one-hour job: then no one has that start, the
 * chosen job is only too long for the gap before the next one (a 409 JOB_DOES_NOT_FIT, not
 * "just booked").
 */
export function isTooShortFor(day: JobDayInput, label: string, check: JobStartCheck): boolean {
  return check === 'no_crew' && day.durationMinutes > DEFAULT_JOB_MINUTES && checkJobStart({ ...day, durationMinutes: DEFAULT_JOB_MINUTES }, label) === 'available';
}

/**
 * The error for a start the engine refuses: off the grid is a 400 on `bookingTime` (not a time of
 * that day at all), a start whose crews are all taken is 409 SLOT_TAKEN (someone has it) unless a
 * one-hour job would fit there (409 JOB_DOES_NOT_FIT, naming the service and its length), any
 * other refusal (closing time, notice, blocks, busy) is 409 SLOT_UNAVAILABLE; clients pick another.
 */
export function refusal(check: Exclude<JobStartCheck, 'available'>, fit: { day: JobDayInput; label: string; serviceName: string }): Error {
  if (check === 'off_grid') return new ValidationError('Please select a time slot', { bookingTime: 'Please select a time slot' });
  if (isTooShortFor(fit.day, fit.label, check)) return jobDoesNotFitError({ serviceName: fit.serviceName, durationMinutes: fit.day.durationMinutes });
  if (check === 'no_crew') return new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
  return new ConflictError(SLOT_UNAVAILABLE_MESSAGE, 'SLOT_UNAVAILABLE');
}

export { checkJobStart };
