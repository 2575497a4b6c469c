import { googleCalendarUrl, simpleIcs, type CalendarEvent } from '../../../../shared/calendar-links';
import type { QuoteLine } from '../../../../shared/schemas/price-list';
import type { JobSummary } from './job-quote';

/**
 * The confirmation page makes no call (SPEC), so the browser that made a booking keeps what an
 * "Add to calendar" link needs in sessionStorage, with the lines and total of a job picked from
 * the price list as the booking's answer had them: this tab only, gone when it closes.
 */
const KEY = 'booking-calendar';

export interface HandoffBooking extends CalendarEvent {
  id: number;
  job?: JobSummary;
}

const isLine = (l: Partial<QuoteLine> | null) =>
  typeof l?.name === 'string' && [l.quantity, l.unitCents, l.amountCents, l.minutes].every((n) => typeof n === 'number');

/** A stored job as written, or undefined for anything else (storage is the visitor's to edit). */
function jobOf(job: Partial<JobSummary> | undefined): JobSummary | undefined {
  if (!job || !Array.isArray(job.lines) || job.lines.length === 0 || !job.lines.every(isLine)) return undefined;
  if (typeof job.totalCents !== 'number' || typeof job.isFrom !== 'boolean') return undefined;
  return { lines: job.lines, totalCents: job.totalCents, isFrom: job.isFrom };
}

/** The UTC instant of a wall-clock time ("1:00 PM" on 2026-12-10) in `timeZone`. */
export function wallClockToUtc(isoDate: string, label: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!match) throw new Error(`Not a time label: ${label}`);
  const hours = (Number(match[1]) % 12) + (match[3] === 'PM' ? 12 : 0);
  const wall = Date.UTC(y, m - 1, d, hours, Number(match[2]));
  // The zone's offset at an instant, from Intl; two rounds settle a daylight-saving change.
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(at);
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  let at = wall - offsetAt(wall);
  at = wall - offsetAt(at);
  return new Date(at);
}

export function saveBookingForCalendar(b: HandoffBooking): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(b));
  } catch {
    // Storage off (private mode, quota): the page simply shows no calendar links.
  }
}

export function readBookingForCalendar(): HandoffBooking | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const b = JSON.parse(raw) as Partial<HandoffBooking>;
    const ok =
      typeof b.id === 'number' &&
      [b.title, b.startsAt, b.endsAt, b.details, b.location].every((v) => typeof v === 'string') &&
      !Number.isNaN(Date.parse(b.startsAt!)) &&
      !Number.isNaN(Date.parse(b.endsAt!));
    if (!ok) return null;
    const { job, ...event } = b as HandoffBooking;
    const stored = jobOf(job);
    return stored ? { ...event, job: stored } : event;
  } catch {
    return null;
  }
}

/** The .ics as a data: URL and the Google Calendar link of the stored booking. */
export function calendarLinksOf(b: HandoffBooking, now: Date = new Date()): { ics: string; google: string } {
  const ics = simpleIcs({ ...b, uid: `booking-${b.id}@${window.location.hostname}`, stamp: now.toISOString() });
  return { ics: `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`, google: googleCalendarUrl(b) };
}
