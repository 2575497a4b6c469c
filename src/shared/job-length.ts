/**
 * The lengths a job is booked for (issue 22). A job picked from the price list lasts as long as
 * its lines' minutes add up to; the schedule books it in quarter hours, from 15 minutes to 10
 * hours (a longer job is more than one visit: the owner plans it). /book asks
 * `GET /api/time-slots?minutes=` for `bookedJobMinutes(quote.minutes)`, and the server books the
 * job for the same length, so every start offered is a start the booking accepts.
 */

export const JOB_MINUTES_STEP = 15;
export const MIN_JOB_MINUTES = 15;
/** Ten hours. The job engine reads a day on either side of a job's date, enough for up to 12 hours. */
export const MAX_JOB_MINUTES = 600;

/** Whether `minutes` is a length the schedule books: a whole quarter hour from 15 minutes to 10 hours. */
export function isBookableJobMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= MIN_JOB_MINUTES && minutes <= MAX_JOB_MINUTES && minutes % JOB_MINUTES_STEP === 0;
}

/**
 * The length a job of `minutes` of work is booked for: rounded up to the quarter hour, at least
 * 15 minutes. It may exceed MAX_JOB_MINUTES; the caller refuses such a job.
 */
export function bookedJobMinutes(minutes: number): number {
  return Math.max(MIN_JOB_MINUTES, Math.ceil(minutes / JOB_MINUTES_STEP) * JOB_MINUTES_STEP);
}
