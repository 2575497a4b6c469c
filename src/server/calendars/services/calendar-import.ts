import ICAL from 'ical.js';
import type { BusyInterval } from '../../schedule';
import { dateOf, excludedKeys, instance, instanceKey, isBusy, keepSaneZones, lengthOf, localiseUntil, metered, StepsExhausted, timeProp, type Component, type Time } from './ical-events';

/**
 * The owner's own calendars (the secret iCal addresses Google, Apple and Outlook publish) as busy
 * intervals that block the schedule (DESIGN.md section 6). Pure: text in, instants out; fetching
 * lives elsewhere. Parsing and recurrence expansion are ical.js's (RRULE, RDATE, EXDATE).
 *
 * Conventions:
 * - Busy = a VEVENT that is not STATUS:CANCELLED, not TRANSP:TRANSPARENT and not marked free by
 *   Outlook (X-MICROSOFT-CDO-BUSYSTATUS:FREE). Events without length (no DTEND or DURATION on a
 *   date-time start) are not busy time.
 * - Zones. A TZID that names an IANA zone is converted with the IANA database, whether or not the
 *   feed carries its VTIMEZONE (Google and Apple do; other publishers send the name alone); any
 *   other TZID (Outlook's "Pacific Standard Time") uses the feed's VTIMEZONE; a time with neither,
 *   or a floating time (no TZID, no Z), is read on the business clock (`timeZone`).
 * - All-day events (DATE values) are busy from midnight of their first day to midnight after
 *   their last day on the business clock, whatever zone the calendar itself is in.
 * - Recurrences: EXDATE removes instances; an instance with RECURRENCE-ID replaces the one it
 *   names (moved, or removed when itself cancelled or free), matched as instants so a UTC
 *   RECURRENCE-ID matches a zoned series. DTEND gives every instance the same exact length, DURATION
 *   the same nominal one (RFC 5545 3.8.5.3).
 * - Caps, so a hostile or broken feed cannot hang the server: expansion stops at `to`; the
 *   recurrence iterators get MAX_RECURRENCE_STEPS candidate dates for the whole feed (a series is
 *   walked from its first instance, so a daily series begun in 2000 costs ~10,000; a rule that
 *   can never match, FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30, would otherwise loop forever inside
 *   ical.js); at most MAX_BUSY_INSTANCES busy instances are kept. Hitting a cap sets `truncated`
 *   and keeps what was found so far. The feed's size is the fetcher's cap (5 MB); its line count,
 *   and the memory and time of the parse, are calendar-parse.ts's (a worker thread). A VTIMEZONE
 *   whose rules are not yearly is dropped (ical.js would expand it from its first year on).
 * - Text that is not iCalendar, or that ical.js refuses to parse (it is strict about RRULE
 *   syntax), throws CalendarFeedError: the feed keeps its last good data. A single event it
 *   cannot read (a malformed date) is skipped and counted in `invalid`.
 * - The result is clipped to [from, to), sorted and merged (overlapping or touching intervals
 *   become one).
 */

/** At most this many busy instances are read from one feed. */
export const MAX_BUSY_INSTANCES = 5000;
/** At most this many candidate dates are tried by the recurrence iterators of one feed, inside the window or not. */
export const MAX_RECURRENCE_STEPS = 100_000;

export interface BusyWindow {
  /** Start of the window (inclusive). */
  from: Date;
  /** End of the window (exclusive). */
  to: Date;
  /** The business's IANA zone: floating times and all-day events are read on its clock. */
  timeZone: string;
}

export interface BusyFeed {
  /** Sorted, merged busy intervals within [from, to). */
  busy: BusyInterval[];
  /** VEVENT components in the feed (busy or not, in the window or not). */
  events: number;
  /** Busy instances found in the window before merging. */
  instances: number;
  /** Events ical.js could not read (skipped). */
  invalid: number;
  /** Whether a cap stopped the expansion early. */
  truncated: boolean;
}

/** A feed that is not iCalendar text (an HTML login page, a truncated download, ...). */
export class CalendarFeedError extends Error {
  override name = 'CalendarFeedError';
}

function readCalendars(icsText: string): Component[] {
  if (!/BEGIN:VCALENDAR/i.test(icsText)) throw new CalendarFeedError('The address did not return an iCalendar (.ics) feed.');
  let jcal: unknown;
  try {
    jcal = ICAL.parse(icsText);
  } catch (err) {
    throw new CalendarFeedError(`The calendar could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  // One VCALENDAR parses to one jCal array, several to an array of them.
  const list = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[];
  const calendars = list.map((j) => new ICAL.Component(j as never)).filter((c) => c.name === 'vcalendar');
  calendars.forEach(keepSaneZones);
  return calendars;
}

/** The state of one feed's expansion. */
interface Expansion {
  from: number;
  to: number;
  timeZone: string;
  found: Array<[number, number]>;
  budget: { steps: number };
  truncated: boolean;
  invalid: number;
}

/** Keeps one instance if it touches the window; false once MAX_BUSY_INSTANCES are kept. */
function keep(x: Expansion, range: [number, number] | null): boolean {
  if (!range || range[1] <= x.from || range[0] >= x.to) return true;
  if (x.found.length >= MAX_BUSY_INSTANCES) {
    x.truncated = true;
    return false;
  }
  x.found.push([Math.max(range[0], x.from), Math.min(range[1], x.to)]);
  return true;
}

/** The busy instances of one VEVENT; false when a cap says to stop reading the feed. */
function expandEvent(x: Expansion, c: Component, replaced: Set<string> | undefined): boolean {
  const { timeZone } = x;
  const start = timeProp(c, 'dtstart');
  if (!start || !isBusy(c)) return true;
  const length = lengthOf(c, start, timeZone);
  if (!length) return true;
  const isSeries = !c.hasProperty('recurrence-id') && (c.hasProperty('rrule') || c.hasProperty('rdate'));
  if (!isSeries) return keep(x, instance(start.time, start.tzid, length, timeZone));

  localiseUntil(c, start);
  const skip = excludedKeys(c, start.tzid, timeZone);
  for (const key of replaced ?? []) skip.add(key);
  const isSkipped = (t: Time) => skip.has(instanceKey(t, start.tzid, timeZone)) || skip.has(`d${dateOf(t)}`);
  // DTSTART is the first instance (RFC 5545 3.8.5.2); ical.js yields it for an RRULE, not for RDATEs alone.
  if (!c.hasProperty('rrule') && !isSkipped(start.time) && !keep(x, instance(start.time, start.tzid, length, timeZone))) return false;

  // ical.js's own idea of an instance's time is within a day of the truth (it reads a zone the
  // feed does not define as UTC): enough to pass over instances long before the window without
  // converting them, and to stop after it.
  const reach = length.kind === 'days' ? length.days * 86_400_000 : length.ms + (length.kind === 'nominal' ? length.days * 86_400_000 : 0);
  const skipBefore = x.from - reach - 2 * 86_400_000;
  const stopAt = x.to + 2 * 86_400_000;
  const iterator = metered(new ICAL.Event(c).iterator(), x.budget);
  for (let next = iterator.next(); next; next = iterator.next()) {
    const approx = next.toUnixTime() * 1000;
    if (approx < skipBefore) continue;
    if (approx >= stopAt) break;
    if (!isSkipped(next) && !keep(x, instance(next, start.tzid, length, timeZone))) return false;
  }
  return true;
}

/**
 * Busy intervals of `icsText` within [from, to), with what the caps cut. Throws CalendarFeedError
 * on text that is not iCalendar; an event ical.js cannot read (a malformed date, a rule it gives
 * up on) is counted in `invalid` and the rest of the feed is still read.
 */
export function parseBusyFeed(icsText: string, window: BusyWindow): BusyFeed {
  const x: Expansion = { from: window.from.getTime(), to: window.to.getTime(), timeZone: window.timeZone, found: [], budget: { steps: MAX_RECURRENCE_STEPS }, truncated: false, invalid: 0 };
  let events = 0;

  read: for (const calendar of readCalendars(icsText)) {
    const vevents = calendar.getAllSubcomponents('vevent');
    events += vevents.length;

    // Instances replaced by a RECURRENCE-ID component, per UID.
    const replaced = new Map<string, Set<string>>();
    for (const c of vevents) {
      try {
        const rid = timeProp(c, 'recurrence-id');
        if (!rid) continue;
        const uid = String(c.getFirstPropertyValue('uid') ?? '');
        const keys = replaced.get(uid) ?? new Set<string>();
        keys.add(instanceKey(rid.time, rid.tzid ?? timeProp(c, 'dtstart')?.tzid ?? null, x.timeZone));
        replaced.set(uid, keys);
      } catch {
        // Counted below, when the event itself fails the same way.
      }
    }

    for (const c of vevents) {
      try {
        if (!expandEvent(x, c, replaced.get(String(c.getFirstPropertyValue('uid') ?? '')))) break read;
      } catch (err) {
        if (err instanceof StepsExhausted) {
          x.truncated = true;
          break read;
        }
        x.invalid += 1;
      }
    }
  }

  x.found.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [s, e] of x.found) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return { busy: merged.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) })), events, instances: x.found.length, invalid: x.invalid, truncated: x.truncated };
}

/**
 * The busy intervals of an iCalendar feed within [from, to): sorted, merged instants. Throws
 * CalendarFeedError on text that is not iCalendar. See parseBusyFeed for what the caps cut.
 */
export function parseBusyIntervals(icsText: string, window: BusyWindow): BusyInterval[] {
  return parseBusyFeed(icsText, window).busy;
}
