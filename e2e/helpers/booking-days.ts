import { addDays, format } from 'date-fns';

/**
 * Which days and starts the browser tests book, as pure functions of "now" and of what the server
 * offers, so a Vitest test (tests/e2e-booking-days.test.ts) can run them against a test app at any
 * instant: every weekday, late in the evening, across a change of daylight saving time. No
 * Playwright here; helpers/site.ts passes the real clock and page.request.
 *
 * A test never books a fixed time on a computed date: the day it lands on may be a Saturday
 * (closing at 4:00 PM), a closed date, or today with the notice already past. It books a start
 * GET /api/time-slots offers for that date and service.
 */
export const BUSINESS_TZ = 'America/Los_Angeles';

/**
 * Each spec's own booking days ahead, so specs running in parallel on one server never compete
 * for a start. Ranges are inclusive; "weekday" days are Monday to Friday (open 8:00 AM to 6:00 PM).
 */
export const SPEC_DAYS = {
  // Tomorrow and the day after: whichever of them is open takes the job whose invoice is paid.
  invoice: { fromDay: 1, toDay: 2 },
  numbers: { fromDay: 3, toDay: 9 },
  booking: { fromDay: 10, toDay: 29 },
  estimate: { fromDay: 30, toDay: 35 },
  journey: { fromDay: 36, toDay: 39 },
  dashboard: { fromDay: 40, toDay: 50 },
  manage: { fromDay: 51, toDay: 60 },
  bookQuote: { fromDay: 61, toDay: 70 },
  // Runs after the settings specs (after-settings project), so it may share days with the instant quote's.
  prices: { fromDay: 61, toDay: 65 },
  scheduling: { fromDay: 71, toDay: 74 },
  reviews: { fromDay: 71, toDay: 74 },
  admin: { fromDay: 75, toDay: 85 },
  agenda: { fromDay: 80, toDay: 84 },
  schedule: { fromDay: 86, toDay: 90 },
  // Inside admin's days, whose bookings take any free time (as the invoice spec's do).
  invoices: { fromDay: 76, toDay: 79 },
} as const;

/** Today on the business's clock at `now`, as a local-midnight date. */
export function businessToday(now: Date): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TZ, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(get('year'), get('month') - 1, get('day'));
}

export const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/** The calendar day `days` after the business's today at `now`. */
export const dayAhead = (now: Date, days: number) => addDays(businessToday(now), days);

/**
 * The n-th (0-based) day that is not a Sunday from `fromDays` ahead; throws past `toDays`. Only
 * the calendar: whether the server offers anything that day is bookableStart's question.
 */
export function openDay(now: Date, fromDays: number, toDays: number, n: number): Date {
  let seen = -1;
  for (let d = fromDays; d <= toDays; d++) {
    const day = dayAhead(now, d);
    if (day.getDay() !== 0 && ++seen === n) return day;
  }
  throw new Error(`no open day number ${n} from ${fromDays} to ${toDays} days ahead`);
}

/** The first Monday to Friday from `fromDays` to `toDays` ahead. */
export function weekdayAhead(now: Date, fromDays: number, toDays: number): Date {
  for (let d = fromDays; d <= toDays; d++) {
    const day = dayAhead(now, d);
    if (day.getDay() >= 1 && day.getDay() <= 5) return day;
  }
  throw new Error(`no weekday from ${fromDays} to ${toDays} days ahead`);
}

/** The starts GET /api/time-slots?date=&serviceType= offers ("9:00 AM", ...), in order. */
export type OfferedStarts = (date: string, serviceType: string) => Promise<string[]>;

export interface BookableStartOptions {
  now: Date;
  serviceType: string;
  /** The first and last day ahead to look at (inclusive). */
  fromDay: number;
  toDay: number;
  /**
   * Start from the n-th (0-based) day that is not a Sunday: one day per test of a spec, counted on
   * the calendar, so tests running in parallel keep apart whatever the others have booked.
   */
  n?: number;
  /** Only days offering at least this many starts (a test booking two jobs on one day). */
  minStarts?: number;
  /** The day's first start (the default) or its last. */
  pick?: 'first' | 'last';
}

export interface BookableStart {
  date: Date;
  /** yyyy-MM-dd, as the API takes it. */
  day: string;
  time: string;
  /** Every start the server offered that day for the service. */
  starts: string[];
}

/**
 * A start the server offers for `serviceType`: from the n-th open day of the range, walks forward
 * until a day offers one, so a Saturday's early close, a closed date or a day other tests filled
 * never leaves a test booking a refused time.
 */
export async function bookableStart(offered: OfferedStarts, opts: BookableStartOptions): Promise<BookableStart> {
  const first = openDay(opts.now, opts.fromDay, opts.toDay, opts.n ?? 0);
  const seen: string[] = [];
  for (let date = first; date <= dayAhead(opts.now, opts.toDay); date = addDays(date, 1)) {
    const day = iso(date);
    const starts = await offered(day, opts.serviceType);
    seen.push(`${day}: ${starts.length}`);
    if (starts.length >= (opts.minStarts ?? 1)) return { date, day, time: (opts.pick === 'last' ? starts.at(-1) : starts[0])!, starts };
  }
  throw new Error(
    `no day from ${iso(first)} to ${opts.toDay} days ahead offers ${opts.minStarts ?? 1} or more starts of ${opts.serviceType} (starts per day: ${seen.join(', ')})`,
  );
}

/**
 * The first (or last) start offered for `serviceType` on `day` (yyyy-MM-dd): a second job on a day
 * bookableStart chose, asked for after the first is booked, so it leaves room for that one.
 */
export async function offeredStart(offered: OfferedStarts, day: string, serviceType: string, pick: 'first' | 'last' = 'first'): Promise<string> {
  const starts = await offered(day, serviceType);
  if (starts.length === 0) throw new Error(`no start of ${serviceType} offered on ${day}`);
  return (pick === 'last' ? starts.at(-1) : starts[0])!;
}

/** Minutes after midnight of a start label such as "4:00 PM". */
export function minutesOf(label: string): number {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(label);
  if (!m) throw new Error(`not a start label: ${label}`);
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
}
