import { BOOKING_WINDOW_DAYS, BUSINESS_HOURS, MIN_NOTICE_HOURS } from '../../../shared/constants';

// The job engine's inputs and answers (schedule.ts has the conventions they follow).

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
  /** Travel time after each job (minutes, 0-240); see the conventions in schedule.ts. */
  travelBufferMinutes: number;
  /** Number of crews (1-20), numbered 1..crews. */
  crews: number;
  /**
   * Each crew's size (1 or 2 people), crew 1 first. A crew without an entry (or every crew, when
   * left out) is a crew of two (DEFAULT_CREW_SIZE): the size crews had before they had one.
   */
  crewSizes?: readonly number[];
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
  /** The job's length in minutes: the service's duration, or the length of the items picked. */
  durationMinutes: number;
  /** The job needs a crew of two people (an item picked needs two); left out, any crew will do. */
  twoPeople?: boolean;
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
  /** The crews free for the job (of two people, for a two-person job), ascending. */
  freeCrews: number[];
}

/**
 * Why a start can or cannot be booked (the first that applies, in this order). 'off_grid' is a
 * time that is not a start of that day's grid at all (a 400); every other refusal is a time on
 * the grid that cannot be had now (a 409). 'no_crew': no crew that can do the job (a crew of two,
 * for a two-person job) is free for all of it.
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
