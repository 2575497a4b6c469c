import { TZDate } from '@date-fns/tz';
import { BOOKING_WINDOW_DAYS, BUSINESS_HOURS, MIN_NOTICE_HOURS } from '../../../shared/constants';
import { minutesToLabel, todayInZone } from '../../../shared/business-time';
import { TIME_LABEL } from '../../../shared/schemas/common';
import { addDays, parseDate, wallClockInstant } from '../../../shared/calendar-dates';

export { addDays, wallClockInstant };

/**
 * The job engine: at which hourly starts of one business day a job of a given length can be
 * booked, by which crews, and why a requested start is refused (DESIGN.md section 3). Pure: the
 * clock, the business time zone, the settings and the day's rows come in as arguments, so results
 * never depend on the server's own zone (process.env.TZ) or on when a test runs.
 *
 * Conventions:
 * - Wall-clock values (`yyyy-MM-dd` dates, "9:00 AM" labels, "HH:mm" hours) are on the business
 *   clock (`timeZone`); everything compared is compared as instants, so jobs crossing a
 *   daylight-saving change last their real length. A wall time skipped by spring forward
 *   (2:00 AM) is no start; a repeated one (1:00 AM at fall back) is its earlier, daylight instant.
 * - The grid of a day is hourly from opening: open, open + 1 h, ... while before closing, plus
 *   the starts the owner opened (overrides with isAvailable true). A start the owner closed
 *   (isAvailable false) stays on the grid but is refused as 'closed'; its hour stays working
 *   time, so a longer job may run through it (to take time out, the owner adds a block). A
 *   closed date closes every start of the day, opened ones too.
 * - A job must end by closing time: by the end of the stretch of working time that contains its
 *   start. Working time is the weekday's hours plus one hour from each start the owner opened,
 *   so an opened 7:00 PM on a weekday fits a job of up to one hour, and opening 10 and 11 AM on
 *   a Sunday fits a two-hour job at 10 AM.
 * - Travel buffer. A booking stores the interval [start, start + duration + buffer): the job
 *   followed by its own travel time (see bookingInterval). A crew is free for a new job when
 *   the new job's interval, built the same way, overlaps none of that crew's stored intervals
 *   (half-open, so touching is not overlapping). That gives the buffer on both sides: an earlier
 *   job's stored interval ends `buffer` after it does, so the new one cannot start sooner; the new
 *   job's interval ends `buffer` after it does, so no later job may start sooner. It is exactly
 *   what an exclusion constraint `EXCLUDE USING gist (crew WITH =, interval WITH &&)` enforces on
 *   the stored rows, so the engine and the database agree. A stored interval keeps the buffer in
 *   force when it was booked; a changed setting applies to bookings made afterwards.
 * - Business blocks, closed dates and imported busy intervals block the job itself
 *   [start, start + duration), not its travel time, and block every crew. Crews are numbered
 *   1..crews; jobs of a crew above the setting block nobody (the admin moves them first).
 * - Unpaid pending bookings hold their time only while their hold is valid (holdsSlot).
 */

/** Weekday keys of `WeeklyHours`: '0' = Sunday ... '6' = Saturday. */
export type WeekdayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6';

/** Opening hours of one weekday on the business clock: `open` inclusive, `close` exclusive ('24:00' = midnight). */
export interface DayHours {
  open: string;
  close: string;
}

/** Opening hours per weekday; null = closed that weekday. */
export type WeeklyHours = Record<WeekdayKey, DayHours | null>;

/** The owner's scheduling settings (DESIGN.md section 9). */
export interface ScheduleSettings {
  hours: WeeklyHours;
  /** Whole days closed (`yyyy-MM-dd`, business clock), e.g. holidays. */
  closedDates: readonly string[];
  /** Today counts as day 0; the last bookable date is today + bookingWindowDays. */
  bookingWindowDays: number;
  /** A start must be at least this many hours after now. */
  minNoticeHours: number;
  /** Travel time after each job (minutes, 0-240); see the conventions above. */
  travelBufferMinutes: number;
  /** Number of crews (1-20), numbered 1..crews. */
  crews: number;
}

const hhmm = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** BUSINESS_HOURS (the constant a new database starts with) as WeeklyHours. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = Object.fromEntries(
  Object.entries(BUSINESS_HOURS).map(([day, h]) => [day, h ? { open: hhmm(h.open), close: hhmm(h.close) } : null]),
) as WeeklyHours;

/** The first values of the settings (DESIGN.md section 3): 30-minute travel buffer, one crew. */
export const DEFAULT_SCHEDULE_SETTINGS: ScheduleSettings = {
  hours: DEFAULT_WEEKLY_HOURS,
  closedDates: [],
  bookingWindowDays: BOOKING_WINDOW_DAYS,
  minNoticeHours: MIN_NOTICE_HOURS,
  travelBufferMinutes: 30,
  crews: 1,
};

/** What holds time: a booking's status and, for an unpaid pending one, the end of its hold. */
export interface HoldState {
  status: string;
  /** End of an unpaid pending booking's hold; null means the hold does not expire. */
  holdExpiresAt: Date | null;
}

/** An existing job of one crew, as stored: its interval already includes the travel buffer (bookingInterval). */
export interface CrewJob extends HoldState {
  crew: number;
  startsAt: Date;
  endsAt: Date;
}

/** A busy interval imported from the owner's calendars, [startsAt, endsAt). */
export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

/** A blocked time of the day: [time, endTime), or one hour from `time` without a later endTime. */
export interface DayBlock {
  time: string;
  endTime?: string | null;
}

/** An owner override of the grid for one start (the last one given for a start wins). */
export interface DayOverride {
  slotTime: string;
  isAvailable: boolean;
}

export interface JobDayInput {
  /** The business day, `yyyy-MM-dd`, in the business time zone. */
  date: string;
  now: Date;
  /** IANA zone of the business (config.businessTz). */
  timeZone: string;
  settings: ScheduleSettings;
  /** The job's length in minutes (the service's duration). */
  durationMinutes: number;
  /** Active jobs of every crew whose stored interval may touch this day; others are ignored. */
  jobs: readonly CrewJob[];
  /** Blocks that close time for everyone (blocked_times.is_business = true). */
  businessBlocks: readonly DayBlock[];
  overrides: readonly DayOverride[];
  /** Busy intervals imported from the owner's calendars. */
  busy: readonly BusyInterval[];
  /** A signed-in customer's own blocks: hidden from that customer's own view only. */
  viewerBlocks?: readonly DayBlock[];
}

/** An offered start. */
export interface JobStart {
  /** Stable per start: hours * 100 + minutes on the 24-hour clock (900 = 9:00 AM). */
  id: number;
  /** "9:00 AM", exactly as shown and stored. */
  label: string;
  startsAt: Date;
  /** End of the job itself (without the travel buffer). */
  endsAt: Date;
  /** The crews free for the job, ascending. */
  freeCrews: number[];
}

/**
 * Why a start can or cannot be booked (the first that applies, in this order). 'off_grid' is a
 * time that is not a start of that day's grid at all (a 400); every other refusal is a time on
 * the grid that cannot be had now (a 409).
 */
export type JobStartCheck =
  | 'available'
  | 'off_grid'
  | 'closed'
  | 'outside_window'
  | 'too_soon'
  | 'after_closing'
  | 'blocked'
  | 'busy'
  | 'no_crew'
  | 'viewer_blocked';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;

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
function existsOnClock(date: string, minutes: number, timeZone: string): boolean {
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

function hoursOf(date: string, hours: WeeklyHours): { open: number; close: number } | null {
  const day = hours[String(weekdayOf(date)) as WeekdayKey];
  if (!day) return null;
  const open = hoursToMinutes(day.open);
  const close = hoursToMinutes(day.close);
  return close > open ? { open, close } : null;
}

/** The hourly starts of `date` from its weekday's hours (no overrides), as minutes. */
function regularGrid(date: string, hours: WeeklyHours): number[] {
  const day = hoursOf(date, hours);
  const starts: number[] = [];
  if (day) for (let m = day.open; m < day.close; m += HOUR_MINUTES) starts.push(m);
  return starts;
}

/** Whether `label` is one of the regular hourly starts of `date` (weekday hours only; no overrides). */
export function isOnHourlyGrid(date: string, label: string, hours: WeeklyHours): boolean {
  const minutes = labelToMinutes(label);
  return minutes !== null && minutesToLabel(minutes) === label && regularGrid(date, hours).includes(minutes);
}

/** The owner's last word per start: minutes -> isAvailable. */
function overrideMap(overrides: readonly DayOverride[]): Map<number, boolean> {
  const map = new Map<number, boolean>();
  for (const o of overrides) {
    const minutes = labelToMinutes(o.slotTime);
    if (minutes !== null) map.set(minutes, o.isAvailable);
  }
  return map;
}

interface Day {
  input: JobDayInput;
  /** Every start of the grid (regular and opened, including those the owner closed), ascending. */
  grid: number[];
  ownerClosed: Set<number>;
  /** Working time as merged [from, to) minute ranges. */
  working: Array<[number, number]>;
  isClosedDate: boolean;
  inWindow: boolean;
  /** The instant (ms) of a wall time of the day, `minutes` after its midnight. */
  at: (minutes: number) => number;
  blocks: Array<[number, number]>;
  viewerBlocks: Array<[number, number]>;
}

/**
 * The day's wall clock as instants. On a day of 24 hours there is no change (zones change by
 * whole or half hours), so a wall time is midnight plus its minutes, with no zone lookup; a
 * change day asks the zone database once per wall time.
 */
function dayClock(date: string, timeZone: string): { at: (minutes: number) => number; isPlainDay: boolean } {
  const midnight = wallClockInstant(date, 0, timeZone).getTime();
  const isPlainDay = wallClockInstant(addDays(date, 1), 0, timeZone).getTime() - midnight === DAY_MS;
  const memo = new Map<number, number>();
  const at = (minutes: number) => {
    if (isPlainDay && minutes <= 24 * 60) return midnight + minutes * MINUTE_MS;
    let instant = memo.get(minutes);
    if (instant === undefined) memo.set(minutes, (instant = wallClockInstant(date, minutes, timeZone).getTime()));
    return instant;
  };
  return { at, isPlainDay };
}

/** Blocks as instants of the day: [time, endTime), or one hour when endTime is missing or not later. */
function blockRanges(blocks: readonly DayBlock[] | undefined, at: (minutes: number) => number): Array<[number, number]> {
  return (blocks ?? []).flatMap((block): Array<[number, number]> => {
    const from = labelToMinutes(block.time);
    if (from === null) return [];
    const to = block.endTime ? labelToMinutes(block.endTime) : null;
    return [[at(from), at(to !== null && to > from ? to : from + HOUR_MINUTES)]];
  });
}

function dayOf(input: JobDayInput): Day {
  const { at, isPlainDay } = dayClock(input.date, input.timeZone);
  const overrides = overrideMap(input.overrides);
  const regular = regularGrid(input.date, input.settings.hours);
  const opened = [...overrides].filter(([, open]) => open).map(([m]) => m);
  // A wall time skipped by a spring-forward change (2:00 AM) is no start: it would name the
  // same instant as 3:00 AM.
  const isOnClock = (m: number) => isPlainDay || existsOnClock(input.date, m, input.timeZone);
  const grid = [...new Set([...regular, ...opened])].filter(isOnClock).sort((a, b) => a - b);
  const ownerClosed = new Set([...overrides].filter(([, open]) => !open).map(([m]) => m));

  const ranges: Array<[number, number]> = opened.map((m) => [m, m + HOUR_MINUTES]);
  const hours = hoursOf(input.date, input.settings.hours);
  if (hours) ranges.push([hours.open, hours.close]);
  ranges.sort((a, b) => a[0] - b[0]);
  const working: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    const last = working[working.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else working.push([from, to]);
  }

  const offset = daysBetween(todayInZone(input.now, input.timeZone), input.date);
  return {
    input,
    grid,
    ownerClosed,
    working,
    isClosedDate: input.settings.closedDates.includes(input.date),
    inWindow: offset >= 0 && offset <= input.settings.bookingWindowDays,
    at,
    blocks: blockRanges(input.businessBlocks, at),
    viewerBlocks: blockRanges(input.viewerBlocks, at),
  };
}

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

const overlapsAny = (ranges: Array<[number, number]>, start: number, end: number) => ranges.some(([from, to]) => overlaps(from, to, start, end));

/** Crews (1..crews) with no stored interval overlapping [start, start + duration + buffer). */
function freeCrewsFor(input: Pick<JobDayInput, 'jobs' | 'now' | 'durationMinutes' | 'settings'>, start: number): number[] {
  const end = start + (input.durationMinutes + input.settings.travelBufferMinutes) * MINUTE_MS;
  const taken = new Set<number>();
  for (const job of input.jobs) {
    if (holdsSlot(job, input.now) && overlaps(job.startsAt.getTime(), job.endsAt.getTime(), start, end)) taken.add(job.crew);
  }
  const free: number[] = [];
  for (let crew = 1; crew <= input.settings.crews; crew++) if (!taken.has(crew)) free.push(crew);
  return free;
}

/** The checks after the grid, for a start known to be on it. */
function checkOnGrid(day: Day, minutes: number): { check: JobStartCheck; start: Date; end: Date; freeCrews: number[] } {
  const { input } = day;
  const startMs = day.at(minutes);
  const endMs = startMs + input.durationMinutes * MINUTE_MS;
  const result = (check: JobStartCheck, freeCrews: number[] = []) => ({ check, start: new Date(startMs), end: new Date(endMs), freeCrews });
  if (day.isClosedDate || day.ownerClosed.has(minutes)) return result('closed');
  if (!day.inWindow) return result('outside_window');
  if (startMs < input.now.getTime() + input.settings.minNoticeHours * 3_600_000) return result('too_soon');
  const stretch = day.working.find(([from, to]) => from <= minutes && minutes < to);
  if (!stretch || endMs > day.at(stretch[1])) return result('after_closing');
  if (overlapsAny(day.blocks, startMs, endMs)) return result('blocked');
  if (input.busy.some((b) => overlaps(b.startsAt.getTime(), b.endsAt.getTime(), startMs, endMs))) return result('busy');
  const freeCrews = freeCrewsFor(input, startMs);
  if (freeCrews.length === 0) return result('no_crew');
  if (overlapsAny(day.viewerBlocks, startMs, endMs)) return result('viewer_blocked');
  return result('available', freeCrews);
}

function gridMinutes(day: Day, label: string): number | null {
  const minutes = labelToMinutes(label);
  if (minutes === null || minutesToLabel(minutes) !== label) return null;
  return day.grid.includes(minutes) ? minutes : null;
}

/** Every start of the day's grid (regular, opened and owner-closed), as labels in time order. */
export function dayStarts(input: JobDayInput): string[] {
  return dayOf(input).grid.map(minutesToLabel);
}

/** Why a job of `input.durationMinutes` at `label` on `input.date` can or cannot be booked. */
export function checkJobStart(input: JobDayInput, label: string): JobStartCheck {
  const day = dayOf(input);
  const minutes = gridMinutes(day, label);
  return minutes === null ? 'off_grid' : checkOnGrid(day, minutes).check;
}

/**
 * The crew a new booking at `label` gets: the lowest-numbered free crew, or null when the start
 * cannot be booked (checkJobStart says why).
 */
export function chooseCrew(input: JobDayInput, label: string): number | null {
  const day = dayOf(input);
  const minutes = gridMinutes(day, label);
  if (minutes === null) return null;
  const { check, freeCrews } = checkOnGrid(day, minutes);
  return check === 'available' ? freeCrews[0] : null;
}

/**
 * The crews free for a job of `input.durationMinutes` starting at the instant `start`, whatever
 * the grid, notice or blocks say: for the admin giving a booking another crew (leave that
 * booking out of `input.jobs`). Only `jobs`, `now`, `durationMinutes` and the settings' buffer
 * and crews are read.
 */
export function freeCrewsAt(input: Pick<JobDayInput, 'jobs' | 'now' | 'durationMinutes' | 'settings'>, start: Date): number[] {
  return freeCrewsFor(input, start.getTime());
}

/** The starts of `input.date` at which the job can be booked at `input.now`, in time order, each with its free crews. */
export function availableJobStarts(input: JobDayInput): JobStart[] {
  const day = dayOf(input);
  if (!day.inWindow || day.isClosedDate) return [];
  const starts: JobStart[] = [];
  for (const minutes of day.grid) {
    const { check, start, end, freeCrews } = checkOnGrid(day, minutes);
    if (check === 'available') {
      starts.push({ id: Math.floor(minutes / 60) * 100 + (minutes % 60), label: minutesToLabel(minutes), startsAt: start, endsAt: end, freeCrews });
    }
  }
  return starts;
}
