import { addCalendarDays, formatLongDate as formatLong, toIsoDate as toIso } from '../../../lib/dates';

/**
 * Today's calendar day in the business's time zone, as a local-midnight Date.
 *
 * The calendar works on local-midnight dates that stand for business-zone days, so a visitor
 * in another zone sees the same "today", past days and 90-day window as the business does.
 */
export function businessToday(timeZone: string, now: Date = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(get('year'), get('month') - 1, get('day'));
}

/** A local-midnight calendar date as the API's `yyyy-MM-dd`. */
export function toIsoDate(date: Date): string {
  return toIso(date);
}

/** The last bookable day: today plus the booking window (today is day 0). */
export function lastBookableDay(today: Date, windowDays: number): Date {
  return addCalendarDays(today, windowDays);
}

/** A booking date as people read it, e.g. "Tuesday, June 16, 2026". */
export function formatLongDate(date: Date): string {
  return formatLong(date);
}
