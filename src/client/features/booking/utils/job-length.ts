import { durationText } from '../../../../shared/duration-text';
import { MAX_JOB_MINUTES } from '../../../../shared/job-length';

/** "about 2 hours", "about 1 hour 30 minutes": a job's length as the visitor reads it. */
export function jobLengthText(minutes: number): string {
  return `about ${durationText(minutes)}`;
}

/**
 * Why a chosen time was cleared when the service changed: the new job does not fit there that
 * day. `minutes` is null while the services' lengths are unknown.
 */
export function timeClearedNotice(time: string, serviceLabel: string | null, minutes: number | null): string {
  if (!serviceLabel) return `${time} isn't open that day. Please pick another time.`;
  const length = minutes ? ` (${jobLengthText(minutes)})` : '';
  return `${time} doesn't fit a ${serviceLabel} job${length} that day. Please pick another time.`;
}

/**
 * Why a job picked from the price list cannot be booked online: longer than one visit (the
 * server refuses it the same way). `minutes` is the job's length as its lines add up.
 */
export function jobTooLongLead(minutes: number): string {
  return `This job takes ${jobLengthText(minutes)}, more than one visit we book online (${durationText(MAX_JOB_MINUTES)} at most).`;
}

/** What to do instead; the picker links the free estimate (/estimate). */
export const JOB_TOO_LONG_INSTEAD = ['Choose fewer items, or ask for a', 'free estimate', 'and we plan it with you.'] as const;

/** The whole sentence, for a notice with no link. */
export function jobTooLongText(minutes: number): string {
  return `${jobTooLongLead(minutes)} ${JOB_TOO_LONG_INSTEAD.join(' ')}`;
}
