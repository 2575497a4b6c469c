import { addDays, wallClockInstant } from '../../../shared/calendar-dates';
import { DAY_MS, HOUR_MINUTES, MINUTE_MS, daysBetween, existsOnClock, holdsSlot, hoursToMinutes, labelToMinutes, minutesToLabel, todayInZone, weekdayOf } from './schedule-clock';
import { DEFAULT_CREW_SIZE } from '../../../shared/schemas/crew-sizes';
import type { DayBlock, DayOverride, JobDayInput, JobStart, JobStartCheck, ScheduleSettings, WeekdayKey, WeeklyHours } from './schedule-types';

export { addDays, wallClockInstant };
export { DEFAULT_SCHEDULE_SETTINGS, DEFAULT_WEEKLY_HOURS } from './schedule-types';
export type { BusyInterval, CrewJob, DayBlock, DayHours, DayOverride, HoldState, JobDayInput, JobStart, JobStartCheck, ScheduleSettings, WeekdayKey, WeeklyHours } from './schedule-types';
export { bookingInterval, businessDayBounds, daysBetween, holdsSlot, hoursToMinutes, labelToMinutes, minutesToLabel, startsAt, todayInZone, weekdayOf } from './schedule-clock';

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
 * - The job comes with its length and its crew need: a job that needs two people goes only to a
 *   crew of two (`crewSizes`); any crew takes a one-person job.
 * - Unpaid pending bookings hold their time only while their hold is valid (holdsSlot).
 */

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

/** What the crews' question reads of a day: the jobs, the clock, the job's length and crew need, the buffer, crews and their sizes. */
type CrewQuestion = Pick<JobDayInput, 'jobs' | 'now' | 'durationMinutes' | 'twoPeople' | 'settings'>;

/**
 * The crews (1..crews, ascending) that can do the job: every crew for a one-person job, the crews
 * of two for a two-person job (a crew with no size given is a crew of two).
 */
export function suitableCrews(settings: Pick<ScheduleSettings, 'crews' | 'crewSizes'>, twoPeople = false): number[] {
  const crews: number[] = [];
  for (let crew = 1; crew <= settings.crews; crew++) {
    if (!twoPeople || (settings.crewSizes?.[crew - 1] ?? DEFAULT_CREW_SIZE) >= 2) crews.push(crew);
  }
  return crews;
}

/** Suitable crews with no stored interval overlapping [start, start + duration + buffer). */
function freeCrewsFor(input: CrewQuestion, start: number): number[] {
  const end = start + (input.durationMinutes + input.settings.travelBufferMinutes) * MINUTE_MS;
  const taken = new Set<number>();
  for (const job of input.jobs) {
    if (holdsSlot(job, input.now) && overlaps(job.startsAt.getTime(), job.endsAt.getTime(), start, end)) taken.add(job.crew);
  }
  return suitableCrews(input.settings, input.twoPeople).filter((crew) => !taken.has(crew));
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

/** Why a job of `input.durationMinutes` (and `input.twoPeople`) at `label` on `input.date` can or cannot be booked. */
export function checkJobStart(input: JobDayInput, label: string): JobStartCheck {
  const day = dayOf(input);
  const minutes = gridMinutes(day, label);
  return minutes === null ? 'off_grid' : checkOnGrid(day, minutes).check;
}

/**
 * The crew a new booking at `label` gets: the lowest-numbered free crew that can do the job, or null when the start
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
 * The crews free for a job of `input.durationMinutes` (and its crew need) starting at the instant
 * `start`, whatever the grid, notice or blocks say: for the admin giving a booking another crew
 * (leave that booking out of `input.jobs`). Only `jobs`, `now`, `durationMinutes`, `twoPeople`
 * and the settings' buffer, crews and sizes are read.
 */
export function freeCrewsAt(input: CrewQuestion, start: Date): number[] {
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
