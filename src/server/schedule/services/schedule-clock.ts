import { TZDate } from '@date-fns/tz';
import { TIME_LABEL } from '../../../shared/schemas/common';
import { addDays, parseDate, wallClockInstant } from '../../../shared/calendar-dates';
import type { BusyInterval, HoldState } from './schedule-types';

// The business clock of the job engine: labels, hours and dates to instants in the business zone.

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
export const HOUR_MINUTES = 60;

/** "9:00 AM" -> 540 (minutes after midnight); null for anything that is not such a label. */
export function labelToMinutes(label: string): number | null {
  const match = TIME_LABEL.exec(label.trim());
  if (!match) return null;
  const [hh, mm] = label.trim().split(' ')[0].split(':').map(Number);
  const pm = match[2] === 'PM';
  return ((hh % 12) + (pm ? 12 : 0)) * 60 + mm;
}

export { minutesToLabel } from '../../../shared/business-time';

const HOURS_VALUE = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** "08:30" -> 510, "24:00" -> 1440. Throws on anything else: settings are validated before they get here. */
export function hoursToMinutes(value: string): number {
  if (!HOURS_VALUE.test(value)) throw new Error(`not an HH:mm time: ${value}`);
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** Days from `from` to `to` (both `yyyy-MM-dd`), counted on the calendar, not in hours. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** Weekday of a calendar date, 0 = Sunday (the same everywhere on Earth). */
export function weekdayOf(date: string): number {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export { todayInZone } from '../../../shared/business-time';

/** Whether the wall time `minutes` after midnight of `date` happens in `timeZone` (not skipped by a change). */
export function existsOnClock(date: string, minutes: number, timeZone: string): boolean {
  const z = new TZDate(wallClockInstant(date, minutes, timeZone).getTime(), timeZone);
  return z.getHours() * 60 + z.getMinutes() === minutes;
}

/**
 * The instant a wall-clock `date` + `label` ("9:00 AM") names in `timeZone`, correct on
 * daylight-saving days. Throws on a label that is not `h:mm AM/PM`.
 */
export function startsAt(date: string, label: string, timeZone: string): Date {
  const minutes = labelToMinutes(label);
  if (minutes === null) throw new Error(`not a time label: ${label}`);
  return wallClockInstant(date, minutes, timeZone);
}

/** The business day `date` as instants: [its midnight, the next day's midnight) in `timeZone` (23 or 25 hours on change days). */
export function businessDayBounds(date: string, timeZone: string): BusyInterval {
  return { startsAt: wallClockInstant(date, 0, timeZone), endsAt: wallClockInstant(addDays(date, 1), 0, timeZone) };
}

/**
 * The interval to store for a booking (and to test new jobs with): [start, start + duration +
 * buffer), start being `label` on `date` in `timeZone`. Durations are real minutes, so a job
 * across a daylight-saving change lasts its length. Throws on a label that is not `h:mm AM/PM`.
 */
export function bookingInterval(p: { date: string; label: string; durationMinutes: number; travelBufferMinutes: number; timeZone: string }): BusyInterval {
  const start = startsAt(p.date, p.label, p.timeZone);
  return { startsAt: start, endsAt: new Date(start.getTime() + (p.durationMinutes + p.travelBufferMinutes) * MINUTE_MS) };
}

/** Whether a booking still holds its time at `now`: confirmed, rescheduling, or pending with a valid hold. */
export function holdsSlot(booking: HoldState, now: Date): boolean {
  if (booking.status === 'confirmed' || booking.status === 'rescheduling') return true;
  if (booking.status !== 'pending') return false;
  return booking.holdExpiresAt === null || booking.holdExpiresAt.getTime() > now.getTime();
}
