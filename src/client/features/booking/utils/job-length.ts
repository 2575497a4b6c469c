import { durationText } from '../../../../shared/duration-text';

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
