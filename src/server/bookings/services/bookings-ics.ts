import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { serviceNameOf, type BusinessFacts } from '../../messaging';

/** What an appointment's calendar event shows. */
export interface IcsBooking {
  id: number;
  serviceType: string;
  startsAt: Date;
  fullName: string;
  phone: string;
  email: string;
  address: string;
  specialInstructions: string | null;
  status: string;
  /** The service's current name; absent, the slug's built-in label. */
  serviceName?: string | null;
  /** The job's length; absent, one hour. */
  durationMinutes?: number | null;
}

const APPOINTMENT_MS = 60 * 60_000;

function offsetMinutes(timeZone: string, at: number): number {
  return -new TZDate(at, timeZone).getTimezoneOffset();
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function localStamp(at: number, offset: number): string {
  return new Date(at + offset * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

function zoneAbbreviation(timeZone: string, at: number): string | null {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return name && /^[A-Z]{2,5}$/.test(name) ? name : null;
}

/**
 * A VTIMEZONE block for `timeZone` listing its real UTC-offset changes in the given years (from
 * the runtime's zone database), so calendar apps read TZID times right whatever they know.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string {
  const transitions: { at: number; from: number; to: number }[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  const DAY = 86_400_000;
  for (let t = Date.UTC(fromYear, 0, 1); t < end; t += DAY) {
    const before = offsetMinutes(timeZone, t);
    const after = offsetMinutes(timeZone, t + DAY);
    if (before === after) continue;
    let lo = t;
    let hi = t + DAY;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(timeZone, mid) === before) lo = mid;
      else hi = mid;
    }
    transitions.push({ at: hi, from: before, to: after });
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  if (transitions.length === 0) {
    const offset = formatOffset(offsetMinutes(timeZone, Date.UTC(fromYear, 0, 1)));
    const name = zoneAbbreviation(timeZone, Date.UTC(fromYear, 0, 1));
    lines.push('BEGIN:STANDARD', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, ...(name ? [`TZNAME:${name}`] : []), 'DTSTART:19700101T000000', 'END:STANDARD');
  }
  for (const tr of transitions) {
    const kind = tr.to > tr.from ? 'DAYLIGHT' : 'STANDARD';
    const name = zoneAbbreviation(timeZone, tr.at);
    lines.push(
      `BEGIN:${kind}`,
      `TZOFFSETFROM:${formatOffset(tr.from)}`,
      `TZOFFSETTO:${formatOffset(tr.to)}`,
      ...(name ? [`TZNAME:${name}`] : []),
      `DTSTART:${localStamp(tr.at, tr.from)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

function calendarFor(timeZone: string, starts: Date[], opts: { business: BusinessFacts; name?: string; method?: ICalCalendarMethod }) {
  const years = starts.map((d) => new TZDate(d.getTime(), timeZone).getFullYear());
  const fromYear = years.length ? Math.min(...years) : new Date().getUTCFullYear();
  const toYear = years.length ? Math.max(...years) : fromYear;
  return ical({
    prodId: { company: opts.business.name, product: 'Bookings', language: 'EN' },
    name: opts.name,
    method: opts.method,
    // No calendar-level zone name: ical-generator would then write DTSTAMP as local time, while
    // RFC 5545 wants it in UTC. Each event carries the zone, and the generator adds its VTIMEZONE.
    timezone: { name: null, generator: (tz) => vtimezone(tz, fromYear, toYear) },
    x: [{ key: 'X-WR-TIMEZONE', value: timeZone }],
  });
}

function addEvent(
  cal: ReturnType<typeof ical>,
  b: IcsBooking,
  o: { timeZone: string; publicUrl: string; now: Date; business: BusinessFacts; forBusiness: boolean; sequence?: number },
) {
  const { business } = o;
  const host = new URL(o.publicUrl).hostname || 'localhost';
  const service = serviceNameOf(b);
  const description = o.forBusiness
    ? [`Booking #${b.id}`, `Customer: ${b.fullName}`, `Phone: ${b.phone}`, `Email: ${b.email}`, b.specialInstructions ? `Notes: ${b.specialInstructions}` : null]
    : [`Booking #${b.id} with ${business.name}`, `Questions or changes: ${business.phone} · ${business.email}`, b.specialInstructions ? `Your notes: ${b.specialInstructions}` : null];
  cal.createEvent({
    id: `booking-${b.id}@${host}`,
    // A later invitation for the same booking (a new time) must carry a higher SEQUENCE to replace the first.
    sequence: o.sequence ?? 0,
    // TZDate keeps the zone, so ical-generator writes the business's wall-clock time with its TZID.
    start: new TZDate(b.startsAt.getTime(), o.timeZone),
    end: new TZDate(b.startsAt.getTime() + (b.durationMinutes ? b.durationMinutes * 60_000 : APPOINTMENT_MS), o.timeZone),
    timezone: o.timeZone,
    stamp: o.now,
    summary: o.forBusiness ? `${service}: ${b.fullName}` : `${service} with ${business.name}`,
    location: b.address,
    description: description.filter(Boolean).join('\n'),
    status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    url: o.forBusiness ? null : `${o.publicUrl}/dashboard/bookings`,
  });
}

/** The .ics attached to the customer's emails; pass a growing `sequence` when the appointment changed. */
export function appointmentIcs(b: IcsBooking, o: { timeZone: string; publicUrl: string; now: Date; business: BusinessFacts; sequence?: number }): string {
  const cal = calendarFor(o.timeZone, [b.startsAt], { business: o.business, method: ICalCalendarMethod.PUBLISH });
  addEvent(cal, b, { ...o, forBusiness: false });
  return cal.toString();
}

/** The business's subscribable feed of its bookings. */
export function bookingsFeedIcs(list: IcsBooking[], o: { timeZone: string; publicUrl: string; now: Date; business: BusinessFacts }): string {
  const cal = calendarFor(o.timeZone, list.length ? list.map((b) => b.startsAt) : [o.now], { business: o.business, name: `${o.business.name} bookings` });
  for (const b of list) addEvent(cal, b, { ...o, forBusiness: true });
  return cal.toString();
}
