import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { addDays, wallClockInstant } from '../../../shared/calendar-dates';
import type { BusyInterval } from '../../schedule';

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

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;
type RecurExpansion = InstanceType<typeof ICAL.RecurExpansion>;
type RecurIterator = InstanceType<typeof ICAL.RecurIterator>;

class StepsExhausted extends Error {}

/**
 * Counts the work of the expansion's rule iterators and stops it when the feed's budget is spent:
 * one step per candidate date tried (check_contracting_rules in ical.js, also called inside one
 * next(), which is where an impossible rule would spin forever), and for each month or year a
 * MONTHLY or YEARLY rule expands, about as many steps as that expansion costs in time (measured:
 * a month of BYDAY/BYSETPOS ~60 candidate dates, a year ~6). Spending the whole budget took
 * 1-2 s on a shared, loaded 2-core machine: bounded, but long enough that the sync parses off
 * the event loop (calendar-parse.ts).
 */
function metered(expansion: RecurExpansion, budget: { steps: number }): RecurExpansion {
  const spend = (steps: number) => {
    budget.steps -= steps;
    if (budget.steps < 0) throw new StepsExhausted();
  };
  // ruleIterators is internal to ical.js (2.x): should a release rename it, refuse to expand
  // rather than expand without a bound.
  const iterators = (expansion as unknown as { ruleIterators?: RecurIterator[] }).ruleIterators;
  if (!Array.isArray(iterators) || iterators.some((i) => typeof i.check_contracting_rules !== 'function' || typeof i.next_month !== 'function')) {
    throw new Error('ical.js recurrence iterators cannot be metered; not expanding');
  }
  for (const iterator of iterators) {
    const check = iterator.check_contracting_rules.bind(iterator);
    const nextMonth = iterator.next_month.bind(iterator);
    const nextYear = iterator.next_year.bind(iterator);
    iterator.check_contracting_rules = () => (spend(1), check());
    iterator.next_month = () => (spend(64), nextMonth());
    iterator.next_year = () => (spend(12), nextYear());
  }
  return expansion;
}

/**
 * Zones: VTIMEZONEs named after an IANA zone are dropped, so those times reach instantOf with
 * their TZID and are converted with the IANA database, the same way whether or not the feed
 * defines them. The others (Outlook's "Pacific Standard Time") stay when each of their rules is
 * yearly, as real zone rules are; ical.js expands them from their first year on, which a
 * FREQ=SECONDLY rule would make endless. Without its VTIMEZONE, a time is read on the business
 * clock.
 */
function keepSaneZones(calendar: Component) {
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    const isYearly = zone.getAllSubcomponents().every((part) =>
      part.getAllProperties('rrule').every((rule) => {
        const recur = rule.getFirstValue();
        return recur instanceof ICAL.Recur && recur.freq === 'YEARLY';
      }),
    );
    if (typeof tzid !== 'string' || isIanaZone(tzid) || !isYearly) calendar.removeSubcomponent(zone);
  }
}

const ianaCache = new Map<string, boolean>();

function isIanaZone(tzid: string): boolean {
  let known = ianaCache.get(tzid);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tzid });
      known = true;
    } catch {
      known = false;
    }
    if (ianaCache.size < 1000) ianaCache.set(tzid, known);
  }
  return known;
}

const dateOf = (t: Time) => `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

const isUtc = (t: Time) => t.zone?.tzid === 'UTC';
const isFloating = (t: Time) => !t.zone || t.zone.tzid === 'floating';

/**
 * The zone a date-time is read in: its own TZID (`tzid`, the property's parameter, which ical.js
 * drops for zones the feed does not define) when IANA knows it, else null (ical.js's VTIMEZONE or
 * the business clock decide).
 */
function ianaOf(t: Time, tzid: string | null): string | null {
  const id = !isFloating(t) && !isUtc(t) ? t.zone.tzid : tzid;
  return id && isIanaZone(id) ? id : null;
}

/** A date-time value as an instant (see the zone conventions above). */
function instantOf(t: Time, tzid: string | null, timeZone: string): number {
  if (t.isDate) return wallClockInstant(dateOf(t), 0, timeZone).getTime();
  if (isUtc(t)) return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const iana = ianaOf(t, tzid);
  if (!iana && !isFloating(t)) return t.toUnixTime() * 1000;
  return new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, iana ?? timeZone).getTime();
}

function upper(c: Component, name: string): string {
  const value = c.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

function isBusy(c: Component): boolean {
  return upper(c, 'status') !== 'CANCELLED' && upper(c, 'transp') !== 'TRANSPARENT' && upper(c, 'x-microsoft-cdo-busystatus') !== 'FREE';
}

function timeProp(c: Component, name: string): { time: Time; tzid: string | null } | null {
  const prop = c.getFirstProperty(name);
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time)) return null;
  const tzid = prop.getParameter('tzid');
  return { time: value, tzid: typeof tzid === 'string' ? tzid : null };
}

/** How to get an instance's end from its start. */
type Length = { kind: 'days'; days: number } | { kind: 'exact'; ms: number } | { kind: 'nominal'; days: number; ms: number };

function lengthOf(c: Component, start: { time: Time; tzid: string | null }, timeZone: string): Length | null {
  const end = timeProp(c, 'dtend');
  const duration = c.getFirstPropertyValue('duration');
  if (start.time.isDate) {
    if (end?.time.isDate) return { kind: 'days', days: Math.max(0, daysFrom(start.time, end.time)) };
    if (duration instanceof ICAL.Duration && !duration.isNegative) return { kind: 'days', days: Math.max(1, duration.weeks * 7 + duration.days) };
    return { kind: 'days', days: 1 };
  }
  if (end) return { kind: 'exact', ms: instantOf(end.time, end.tzid, timeZone) - instantOf(start.time, start.tzid, timeZone) };
  if (duration instanceof ICAL.Duration && !duration.isNegative) {
    return { kind: 'nominal', days: duration.weeks * 7 + duration.days, ms: ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000 };
  }
  return null;
}

function daysFrom(a: Time, b: Time): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** One instance [start, end) as instants; null when it has no length. */
function instance(start: Time, tzid: string | null, length: Length, timeZone: string): [number, number] | null {
  const from = instantOf(start, tzid, timeZone);
  let to: number;
  if (length.kind === 'days') to = wallClockInstant(addDays(dateOf(start), length.days), 0, timeZone).getTime();
  else if (length.kind === 'exact') to = from + length.ms;
  else {
    const shifted = start.clone();
    shifted.adjust(length.days, 0, 0, 0);
    to = instantOf(shifted, tzid, timeZone) + length.ms;
  }
  return to > from ? [from, to] : null;
}

/** An instance's identity for EXDATE and RECURRENCE-ID: the day for DATE values, else the instant. */
function instanceKey(t: Time, tzid: string | null, timeZone: string): string {
  return t.isDate ? `d${dateOf(t)}` : `t${instantOf(t, tzid, timeZone)}`;
}

function excludedKeys(c: Component, tzidOfStart: string | null, timeZone: string): Set<string> {
  const keys = new Set<string>();
  for (const prop of c.getAllProperties('exdate')) {
    const tzid = prop.getParameter('tzid');
    for (const value of prop.getValues()) {
      if (value instanceof ICAL.Time) {
        keys.add(instanceKey(value, typeof tzid === 'string' ? tzid : tzidOfStart, timeZone));
        // A DATE exdate of a date-time series removes that day's instance.
        if (value.isDate) keys.add(`d${dateOf(value)}`);
      }
    }
  }
  return keys;
}

/**
 * ical.js compares UNTIL with the instances in the series's zone; for an IANA zone the feed does
 * not define it would compare a UTC UNTIL with wall-clock times read as UTC and could drop the
 * last instance east of Greenwich. Giving UNTIL as wall-clock time of the series's zone fixes it.
 */
function localiseUntil(c: Component, start: { time: Time; tzid: string | null }) {
  const iana = isFloating(start.time) ? ianaOf(start.time, start.tzid) : null;
  if (!iana) return;
  for (const rule of c.getAllProperties('rrule')) {
    const recur = rule.getFirstValue();
    if (!(recur instanceof ICAL.Recur) || !recur.until || recur.until.isDate || !isUtc(recur.until)) continue;
    const u = recur.until;
    const local = new TZDate(Date.UTC(u.year, u.month - 1, u.day, u.hour, u.minute, u.second), iana);
    recur.until = new ICAL.Time(
      { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate(), hour: local.getHours(), minute: local.getMinutes(), second: local.getSeconds(), isDate: false },
      ICAL.Timezone.localTimezone,
    );
  }
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
