import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  clockLabel,
  clockLabelAt,
  formatBookingDate,
  formatLongDate,
  formatMonthDay,
  formatMonthYear,
  formatShortDate,
  formatWeekday,
  formatWeekdayDay,
  minutesToLabel,
  todayInZone,
} from './business-time';

// The DST days used below: US 2026-03-08 and 2026-11-01, EU 2026-03-29 and 2026-10-25.

describe('todayInZone', () => {
  it.each([
    // 06:30 UTC on 15 June is still the 14th in Los Angeles (UTC-7 in summer); winter is UTC-8.
    ['2026-06-15T06:30:00Z', 'America/Los_Angeles', '2026-06-14'],
    ['2026-06-15T07:30:00Z', 'America/Los_Angeles', '2026-06-15'],
    ['2026-01-10T07:59:00Z', 'America/Los_Angeles', '2026-01-09'],
    ['2026-01-10T08:00:00Z', 'America/Los_Angeles', '2026-01-10'],
    ['2026-03-10T05:00:00Z', 'America/Los_Angeles', '2026-03-09'],
    ['2026-03-10T08:00:00Z', 'America/Los_Angeles', '2026-03-10'],
    // Either side of the business's midnights around the spring-forward day.
    ['2026-03-08T07:59:00Z', 'America/Los_Angeles', '2026-03-07'],
    ['2026-03-08T08:00:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-03-09T06:59:00Z', 'America/Los_Angeles', '2026-03-08'],
    ['2026-03-09T07:00:00Z', 'America/Los_Angeles', '2026-03-09'],
    // The fall-back day: its midnight is still PDT, the next one PST.
    ['2026-11-01T06:59:00Z', 'America/Los_Angeles', '2026-10-31'],
    ['2026-11-01T07:00:00Z', 'America/Los_Angeles', '2026-11-01'],
    ['2026-11-02T07:59:00Z', 'America/Los_Angeles', '2026-11-01'],
    ['2026-11-02T08:00:00Z', 'America/Los_Angeles', '2026-11-02'],
    // Zones ahead of UTC: London in summer, Tokyo, and Kiritimati (UTC+14) already on the next day.
    ['2026-06-14T22:59:00Z', 'Europe/London', '2026-06-14'],
    ['2026-06-14T23:00:00Z', 'Europe/London', '2026-06-15'],
    ['2026-03-29T00:30:00Z', 'Europe/London', '2026-03-29'],
    ['2026-10-24T23:30:00Z', 'Europe/London', '2026-10-25'],
    ['2026-06-14T15:00:00Z', 'Asia/Tokyo', '2026-06-15'],
    ['2026-12-31T10:00:00Z', 'Pacific/Kiritimati', '2027-01-01'],
    ['2026-12-31T10:00:00Z', 'Pacific/Pago_Pago', '2026-12-30'],
  ])('at %s in %s is %s', (instant, zone, expected) => {
    expect(todayInZone(new Date(instant), zone)).toBe(expected);
  });
});

describe('calendar dates as people read them', () => {
  it.each([
    ['2026-06-16', 'Tuesday, June 16, 2026', 'June 16, 2026', 'Tue, Jun 16, 2026', 'Tue, Jun 16', 'Jun 16', 'June 2026', 'Tuesday'],
    ['2027-01-01', 'Friday, January 1, 2027', 'January 1, 2027', 'Fri, Jan 1, 2027', 'Fri, Jan 1', 'Jan 1', 'January 2027', 'Friday'],
    ['2028-02-29', 'Tuesday, February 29, 2028', 'February 29, 2028', 'Tue, Feb 29, 2028', 'Tue, Feb 29', 'Feb 29', 'February 2028', 'Tuesday'],
    ['2026-03-08', 'Sunday, March 8, 2026', 'March 8, 2026', 'Sun, Mar 8, 2026', 'Sun, Mar 8', 'Mar 8', 'March 2026', 'Sunday'],
    ['2026-03-29', 'Sunday, March 29, 2026', 'March 29, 2026', 'Sun, Mar 29, 2026', 'Sun, Mar 29', 'Mar 29', 'March 2026', 'Sunday'],
    ['2026-10-25', 'Sunday, October 25, 2026', 'October 25, 2026', 'Sun, Oct 25, 2026', 'Sun, Oct 25', 'Oct 25', 'October 2026', 'Sunday'],
    ['2026-11-01', 'Sunday, November 1, 2026', 'November 1, 2026', 'Sun, Nov 1, 2026', 'Sun, Nov 1', 'Nov 1', 'November 2026', 'Sunday'],
    ['2026-12-31', 'Thursday, December 31, 2026', 'December 31, 2026', 'Thu, Dec 31, 2026', 'Thu, Dec 31', 'Dec 31', 'December 2026', 'Thursday'],
  ])('%s', (iso, long, booking, short, weekdayDay, monthDay, monthYear, weekday) => {
    expect(formatLongDate(iso)).toBe(long);
    expect(formatBookingDate(iso)).toBe(booking);
    expect(formatShortDate(iso)).toBe(short);
    expect(formatWeekdayDay(iso)).toBe(weekdayDay);
    expect(formatMonthDay(iso)).toBe(monthDay);
    expect(formatMonthYear(iso)).toBe(monthYear);
    expect(formatWeekday(iso)).toBe(weekday);
  });

  it('reads a local-midnight Date (a date picker day) as its own calendar day', () => {
    expect(formatLongDate(new Date(2026, 2, 8))).toBe('Sunday, March 8, 2026');
    expect(formatLongDate(new Date(2026, 9, 25))).toBe('Sunday, October 25, 2026');
  });

  it.each(['', 'soon', '2026-13-01', '2026-02-30', '2026-6-1'])('gives back %j, which is not a calendar date, as it is', (text) => {
    expect(formatLongDate(text)).toBe(text);
    expect(formatBookingDate(text)).toBe(text);
  });
});

describe('clock labels', () => {
  it.each([
    [0, '00:00', '12:00 AM'],
    [1, '00:01', '12:01 AM'],
    [540, '09:00', '9:00 AM'],
    [690, '11:30', '11:30 AM'],
    [720, '12:00', '12:00 PM'],
    [810, '13:30', '1:30 PM'],
    [1439, '23:59', '11:59 PM'],
    [1440, '24:00', '12:00 AM'],
  ])('%i minutes and %s read %s', (minutes, hhmm, label) => {
    expect(minutesToLabel(minutes)).toBe(label);
    expect(clockLabel(hhmm)).toBe(label);
  });

  it.each([
    ['2026-06-15T16:41:59Z', 'America/Los_Angeles', '9:41 AM'],
    ['2026-01-15T16:41:00Z', 'America/Los_Angeles', '8:41 AM'],
    // 1:30 AM happens twice on the fall-back night: once in PDT, once in PST.
    ['2026-11-01T08:30:00Z', 'America/Los_Angeles', '1:30 AM'],
    ['2026-11-01T09:30:00Z', 'America/Los_Angeles', '1:30 AM'],
    // Just after the spring-forward jump from 2:00 to 3:00 AM.
    ['2026-03-08T10:00:00Z', 'America/Los_Angeles', '3:00 AM'],
    ['2026-06-15T23:05:00Z', 'Europe/London', '12:05 AM'],
    ['2026-06-15T03:00:00Z', 'Asia/Tokyo', '12:00 PM'],
  ])('%s in %s is %s on that clock', (instant, zone, label) => {
    expect(clockLabelAt(new Date(instant), zone)).toBe(label);
  });
});

describe('the process zone', () => {
  // Nothing here may depend on where the code runs: browsers run it in the visitor's zone, the
  // server in whatever TZ it was given. Run the same calls in child processes under other zones.
  const probe = `
    import('./src/shared/business-time.ts').then((t) => console.log(JSON.stringify([
      t.todayInZone(new Date('2026-11-01T07:30:00Z'), 'America/Los_Angeles'),
      t.todayInZone(new Date('2026-03-29T00:30:00Z'), 'Europe/London'),
      t.formatLongDate('2026-03-08'), t.formatLongDate('2026-10-25'), t.formatShortDate('2026-03-29'),
      t.formatMonthYear('2026-11-01'), t.formatWeekday('2026-11-01'),
      t.formatLongDate(new Date(2026, 2, 29)),
      t.clockLabelAt(new Date('2026-11-01T09:30:00Z'), 'America/Los_Angeles'),
    ])));`;
  const expected = [
    '2026-11-01',
    '2026-03-29',
    'Sunday, March 8, 2026',
    'Sunday, October 25, 2026',
    'Sun, Mar 29, 2026',
    'November 2026',
    'Sunday',
    'Sunday, March 29, 2026',
    '1:30 AM',
  ];

  it.each(['UTC', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/Sao_Paulo'])('gives the same results under TZ=%s', (zone) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '-e', probe], { env: { ...process.env, TZ: zone }, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(expected);
  });
});
