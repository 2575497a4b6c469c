import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { addDays, wallClockInstant } from '../../../shared/calendar-dates';

// The parts of an iCalendar event the busy-time import reads, as instants on the business clock
// (calendar-import.ts has the conventions), and the meter that bounds a recurrence's expansion.
export type Time = InstanceType<typeof ICAL.Time>;
export type Component = InstanceType<typeof ICAL.Component>;
type RecurExpansion = InstanceType<typeof ICAL.RecurExpansion>;
type RecurIterator = InstanceType<typeof ICAL.RecurIterator>;

export class StepsExhausted extends Error {}

/**
 * Counts the work of the expansion's rule iterators and stops it when the feed's budget is spent:
 * one step per candidate date tried (check_contracting_rules in ical.js, also called inside one
 * next(), which is where an impossible rule would spin forever), and for each month or year a
 * MONTHLY or YEARLY rule expands, about as many steps as that expansion costs in time (measured:
 * a month of BYDAY/BYSETPOS ~60 candidate dates, a year ~6). Spending the whole budget took
 * 1-2 s on a shared, loaded 2-core machine: bounded, but long enough that the sync parses off
 * the event loop (calendar-parse.ts).
 */
export function metered(expansion: RecurExpansion, budget: { steps: number }): RecurExpansion {
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
export function keepSaneZones(calendar: Component) {
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

export const dateOf = (t: Time) => `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;

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

/** A date-time value as an instant (see the zone conventions in calendar-import.ts). */
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

export function isBusy(c: Component): boolean {
  return upper(c, 'status') !== 'CANCELLED' && upper(c, 'transp') !== 'TRANSPARENT' && upper(c, 'x-microsoft-cdo-busystatus') !== 'FREE';
}

export function timeProp(c: Component, name: string): { time: Time; tzid: string | null } | null {
  const prop = c.getFirstProperty(name);
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time)) return null;
  const tzid = prop.getParameter('tzid');
  return { time: value, tzid: typeof tzid === 'string' ? tzid : null };
}

/** How to get an instance's end from its start. */
export type Length = { kind: 'days'; days: number } | { kind: 'exact'; ms: number } | { kind: 'nominal'; days: number; ms: number };

export function lengthOf(c: Component, start: { time: Time; tzid: string | null }, timeZone: string): Length | null {
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
export function instance(start: Time, tzid: string | null, length: Length, timeZone: string): [number, number] | null {
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
export function instanceKey(t: Time, tzid: string | null, timeZone: string): string {
  return t.isDate ? `d${dateOf(t)}` : `t${instantOf(t, tzid, timeZone)}`;
}

export function excludedKeys(c: Component, tzidOfStart: string | null, timeZone: string): Set<string> {
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
export function localiseUntil(c: Component, start: { time: Time; tzid: string | null }) {
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
