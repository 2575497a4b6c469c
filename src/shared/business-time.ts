import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/*
 * Days and clock times as the business and its customers read them, for the server (emails,
 * texts, services) and the client (pages, the owner's screens) alike. A calendar date travels as
 * `yyyy-MM-dd` and belongs to no zone; "today" is always today on the business's clock, never the
 * visitor's or the server's. Nothing here reads the process's own time zone: dates are formatted
 * through a UTC-pinned TZDate, so every result is the same under any `TZ`.
 */

/** Weekday names, 0 = Sunday (as `Date#getDay` and the settings' hours keys count them). */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Today's date (`yyyy-MM-dd`) on the calendar of `timeZone` at the instant `now`. */
export function todayInZone(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** `yyyy-MM-dd` as its fields and weekday; null for anything else (2026-02-30 too). */
function calendarDay(iso: string): { year: number; month: number; day: number; weekday: number } | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A day's noon in UTC: only to check the date and find its weekday, no zone involved.
  const at = new Date(Date.UTC(year, month - 1, day, 12));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return { year, month, day, weekday: at.getUTCDay() };
}

/**
 * A calendar date in a pattern of date-fns' tokens (EEEE, EEE, MMMM, MMM, MM, d, dd, yyyy). A
 * `Date` stands for its local calendar day (the date pickers' local-midnight dates); a string
 * that is not a `yyyy-MM-dd` date comes back as it is. Plain arithmetic, no Intl: a calendar
 * shows 42 of these, and the first Intl formatter of a page costs more than all of them.
 */
function formatDay(date: string | Date, pattern: string): string {
  const iso = typeof date === 'string' ? date : `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const day = calendarDay(iso);
  if (!day) return iso;
  const month = MONTH_NAMES[day.month - 1]!;
  const weekday = WEEKDAY_NAMES[day.weekday]!;
  const tokens: Record<string, string> = {
    EEEE: weekday,
    EEE: weekday.slice(0, 3),
    MMMM: month,
    MMM: month.slice(0, 3),
    MM: String(day.month).padStart(2, '0'),
    dd: String(day.day).padStart(2, '0'),
    d: String(day.day),
    yyyy: String(day.year),
  };
  return pattern.replace(/EEEE|EEE|MMMM|MMM|MM|dd|d|yyyy/g, (token) => tokens[token]!);
}

/** "2026-12-15" -> "Tuesday, December 15, 2026" (emails, booking and manage pages). */
export const formatLongDate = (date: string | Date): string => formatDay(date, 'EEEE, MMMM d, yyyy');

/** "2026-12-15" -> "December 15, 2026". */
export const formatBookingDate = (date: string): string => formatDay(date, 'MMMM d, yyyy');

/** "2026-12-15" -> "Tue, Dec 15, 2026". */
export const formatShortDate = (date: string): string => formatDay(date, 'EEE, MMM d, yyyy');

/** "2026-12-29" -> "Tue, Dec 29". */
export const formatWeekdayDay = (date: string): string => formatDay(date, 'EEE, MMM d');

/** "2026-07-20" -> "Jul 20". */
export const formatMonthDay = (date: string): string => formatDay(date, 'MMM d');

/** "2027-03-14" -> "March 2027". */
export const formatMonthYear = (date: string): string => formatDay(date, 'MMMM yyyy');

/** "2026-12-15" -> "Tuesday". */
export const formatWeekday = (date: string): string => formatDay(date, 'EEEE');

/** Minutes after midnight as a clock label: 540 -> "9:00 AM", 780 -> "1:00 PM", 1440 -> "12:00 AM". */
export function minutesToLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Settings' "HH:mm" as a clock label: "13:30" -> "1:30 PM", "08:00" -> "8:00 AM". */
export function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return minutesToLabel(h * 60 + m);
}

/** The wall-clock label of `instant` on `timeZone`'s clock, its seconds dropped: "9:41 AM". */
export function clockLabelAt(instant: Date, timeZone: string): string {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return minutesToLabel(zoned.getHours() * 60 + zoned.getMinutes());
}
