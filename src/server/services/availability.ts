import { TZDate } from '@date-fns/tz';
import { BOOKING_WINDOW_DAYS, BUSINESS_HOURS, MIN_NOTICE_HOURS } from '../../shared/constants';
import { TIME_LABEL } from '../../shared/schemas/common';

/**
 * The availability engine: which hourly slots of one business day can be booked. Pure: the
 * clock, the time zone and the day's rows come in as arguments, so results never depend on the
 * server's own zone (process.env.TZ) or on when the test runs.
 */

/** A booking of the day, as far as it holds its slot. */
export interface DayBooking {
  bookingTime: string;
  status: string;
  /** End of an unpaid pending booking's hold; null means the hold does not expire. */
  holdExpiresAt: Date | null;
}

/** A blocked time: closes every slot that overlaps [time, endTime). */
export interface DayBlock {
  time: string;
  endTime?: string | null;
}

/** An owner override of the grid for one slot. */
export interface DayOverride {
  slotTime: string;
  isAvailable: boolean;
}

export interface AvailabilityInput {
  /** The business day, `yyyy-MM-dd`, in the business time zone. */
  date: string;
  now: Date;
  /** IANA zone of the business (config.businessTz). */
  timeZone: string;
  bookings: DayBooking[];
  /** Blocks that close the slot for everyone (blocked_times.is_business = true). */
  businessBlocks: DayBlock[];
  overrides: DayOverride[];
  /** A signed-in customer's own blocks: hidden from that customer's own view only. */
  viewerBlocks?: DayBlock[];
}

export interface Slot {
  /** Stable per slot: hours * 100 + minutes on the 24-hour clock (900 = 9:00 AM, 1300 = 1:00 PM). */
  id: number;
  /** "9:00 AM", exactly as shown and stored. */
  label: string;
  /** The appointment's start as an instant. */
  startsAt: Date;
}

export type SlotCheck = 'available' | 'off_grid' | 'outside_window' | 'too_soon' | 'held' | 'closed' | 'viewer_blocked';

const DAY_MS = 86_400_000;
const SLOT_MINUTES = 60;

/** "9:00 AM" -> 540 (minutes after midnight); null for anything that is not such a label. */
export function labelToMinutes(label: string): number | null {
  const match = TIME_LABEL.exec(label.trim());
  if (!match) return null;
  const [hh, mm] = label.trim().split(' ')[0].split(':').map(Number);
  const pm = match[2] === 'PM';
  return ((hh % 12) + (pm ? 12 : 0)) * 60 + mm;
}

/** 540 -> "9:00 AM". */
export function minutesToLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function parseDate(date: string): { y: number; m: number; d: number } {
  const [y, m, d] = date.split('-').map(Number);
  return { y, m, d };
}

/** Days from `from` to `to` (both `yyyy-MM-dd`), counted on the calendar, not in hours. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}

/** `date` plus `days` calendar days, `yyyy-MM-dd`. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Weekday of a calendar date, 0 = Sunday (the same everywhere on Earth). */
export function weekdayOf(date: string): number {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Today's date (`yyyy-MM-dd`) in `timeZone` at the instant `now`. */
export function todayInZone(now: Date, timeZone: string): string {
  const z = new TZDate(now.getTime(), timeZone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, '0')}-${String(z.getDate()).padStart(2, '0')}`;
}

/**
 * The instant a wall-clock `date` + `label` ("9:00 AM") names in `timeZone`, correct on
 * daylight-saving days. Throws on a label that is not `h:mm AM/PM`.
 */
export function startsAt(date: string, label: string, timeZone: string): Date {
  const minutes = labelToMinutes(label);
  if (minutes === null) throw new Error(`not a time label: ${label}`);
  const { y, m, d } = parseDate(date);
  const zoned = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, 0, timeZone);
  return new Date(zoned.getTime());
}

/** The regular hourly starts of a day (business hours only; no overrides), as minutes. */
function regularGrid(date: string): number[] {
  const hours = BUSINESS_HOURS[weekdayOf(date)];
  if (!hours) return [];
  const starts: number[] = [];
  for (let h = hours.open; h < hours.close; h++) starts.push(h * 60);
  return starts;
}

/** Whether `label` is one of the regular business-hours starts of `date`. */
export function isOnGrid(date: string, label: string): boolean {
  const minutes = labelToMinutes(label);
  return minutes !== null && minutesToLabel(minutes) === label && regularGrid(date).includes(minutes);
}

/** The day's grid after the owner's overrides: closed slots removed, extra slots added. */
function dayGrid(date: string, overrides: DayOverride[]): number[] {
  const starts = new Set(regularGrid(date));
  for (const o of overrides) {
    const minutes = labelToMinutes(o.slotTime);
    if (minutes === null) continue;
    if (o.isAvailable) starts.add(minutes);
    else starts.delete(minutes);
  }
  return [...starts].sort((a, b) => a - b);
}

function overlapsBlock(start: number, block: DayBlock): boolean {
  const from = labelToMinutes(block.time);
  if (from === null) return false;
  const to = block.endTime ? labelToMinutes(block.endTime) : null;
  const end = to !== null && to > from ? to : from + SLOT_MINUTES;
  return start < end && from < start + SLOT_MINUTES;
}

/** Whether a booking still holds its slot at `now`. */
export function holdsSlot(booking: DayBooking, now: Date): boolean {
  if (booking.status === 'confirmed' || booking.status === 'rescheduling') return true;
  if (booking.status !== 'pending') return false;
  return booking.holdExpiresAt === null || booking.holdExpiresAt.getTime() > now.getTime();
}

/** Why one slot can or cannot be booked (the first reason that applies). */
export function checkSlot(input: AvailabilityInput, label: string): SlotCheck {
  const minutes = labelToMinutes(label);
  if (minutes === null || minutesToLabel(minutes) !== label) return 'off_grid';
  if (!dayGrid(input.date, input.overrides).includes(minutes)) return 'off_grid';
  if (!inWindow(input)) return 'outside_window';
  return checkOnGrid(input, minutes, startsAt(input.date, label, input.timeZone));
}

function inWindow(input: AvailabilityInput): boolean {
  const offset = daysBetween(todayInZone(input.now, input.timeZone), input.date);
  return offset >= 0 && offset <= BOOKING_WINDOW_DAYS;
}

/** The checks after grid and window, for a start already known to be on the day's grid. */
function checkOnGrid(input: AvailabilityInput, minutes: number, start: Date): SlotCheck {
  if (start.getTime() < input.now.getTime() + MIN_NOTICE_HOURS * 3_600_000) return 'too_soon';
  if (input.businessBlocks.some((b) => overlapsBlock(minutes, b))) return 'closed';
  if (input.bookings.some((b) => labelToMinutes(b.bookingTime) === minutes && holdsSlot(b, input.now))) return 'held';
  if (input.viewerBlocks?.some((b) => overlapsBlock(minutes, b))) return 'viewer_blocked';
  return 'available';
}

/** The slots of `input.date` that can be booked at `input.now`, in time order. */
export function availableSlots(input: AvailabilityInput): Slot[] {
  if (!inWindow(input)) return [];
  const slots: Slot[] = [];
  for (const minutes of dayGrid(input.date, input.overrides)) {
    const label = minutesToLabel(minutes);
    const start = startsAt(input.date, label, input.timeZone);
    if (checkOnGrid(input, minutes, start) === 'available') slots.push({ id: Math.floor(minutes / 60) * 100 + (minutes % 60), label, startsAt: start });
  }
  return slots;
}
