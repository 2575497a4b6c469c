import { TZDate } from '@date-fns/tz';

/**
 * Calendar arithmetic on `yyyy-MM-dd` dates and wall-clock minutes, free of the server's own zone.
 * Its own module so the calendar-feed parser's worker thread loads it without the schedule domain.
 */

export function parseDate(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
}

/** `date` plus `days` calendar days, `yyyy-MM-dd`. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant of `minutes` after the wall-clock midnight of `date` in `timeZone` (1440 = the
 * next day's midnight). A wall time skipped by a spring-forward change resolves to the instant
 * one hour later on the clock (2:30 AM -> 3:30 AM daylight time); one repeated by a fall-back
 * change to the earlier of its two instants (1:30 AM daylight time).
 */
export function wallClockInstant(date: string, minutes: number, timeZone: string): Date {
  const { y, m, d } = parseDate(date);
  const zoned = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, timeZone);
  return new Date(zoned.getTime());
}
