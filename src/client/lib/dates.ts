import { todayInZone } from '../../shared/business-time';

/*
 * The date pickers work on local-midnight Dates that stand for business-zone calendar days, so a
 * visitor in another zone sees the same "today", past days and booking window as the business.
 * Reading dates for people is shared/business-time's job.
 */

/** A local-midnight date as the API's `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** `yyyy-MM-dd` as a local-midnight date. */
export function fromIsoDate(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** `date` plus `days` calendar days (local dates, so daylight-saving changes do not shift the day). */
export function addCalendarDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Today in the business's `timeZone` as a local-midnight date (what the date pickers work on). */
export function businessToday(timeZone: string, now: Date = new Date()): Date {
  return fromIsoDate(todayInZone(now, timeZone));
}
