import { execFileSync } from 'node:child_process';
import { format } from 'date-fns';
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

// The DST days used below: US 2027-03-14 and 2027-11-07, EU 2027-03-28 and 2027-10-31 (and the 2026
// ones, in the date tables).

describe('todayInZone and clockLabelAt', () => {
  // Zones, instants, and the business day each falls on there with the wall clock there (seconds dropped).
  it.each([
    // The business's midnights either side of both 2027 changes (UTC-8, then -7, then -8).
    ['America/Los_Angeles', '2027-03-14T07:59:59Z', ['2027-03-13', '11:59 PM']],
    ['America/Los_Angeles', '2027-03-14T08:00:00Z', ['2027-03-14', '12:00 AM']],
    ['America/Los_Angeles', '2027-03-15T06:59:59Z', ['2027-03-14', '11:59 PM']],
    ['America/Los_Angeles', '2027-03-15T07:00:00Z', ['2027-03-15', '12:00 AM']],
    ['America/Los_Angeles', '2027-11-07T06:59:59Z', ['2027-11-06', '11:59 PM']],
    ['America/Los_Angeles', '2027-11-07T07:00:00Z', ['2027-11-07', '12:00 AM']],
    ['America/Los_Angeles', '2027-11-08T07:59:59Z', ['2027-11-07', '11:59 PM']],
    ['America/Los_Angeles', '2027-11-08T08:00:00Z', ['2027-11-08', '12:00 AM']],
    ['America/Los_Angeles', '2026-06-15T16:41:59Z', ['2026-06-15', '9:41 AM']],
    ['America/Los_Angeles', '2026-01-15T16:41:00Z', ['2026-01-15', '8:41 AM']],
    // 1:30 AM happens twice on the fall-back night: once in PDT, once in PST.
    ['America/Los_Angeles', '2026-11-01T08:30:00Z', ['2026-11-01', '1:30 AM']],
    ['America/Los_Angeles', '2026-11-01T09:30:00Z', ['2026-11-01', '1:30 AM']],
    // Just after the spring-forward jump from 2:00 to 3:00 AM.
    ['America/Los_Angeles', '2026-03-08T10:00:00Z', ['2026-03-08', '3:00 AM']],
    // Zones ahead of UTC: London in summer and on its change days, Tokyo, and Kiritimati (UTC+14)
    // two days ahead of Pago Pago (UTC-11) for an hour.
    ['Europe/London', '2027-06-14T22:59:00Z', ['2027-06-14', '11:59 PM']],
    ['Europe/London', '2027-06-14T23:00:00Z', ['2027-06-15', '12:00 AM']],
    ['Europe/London', '2027-03-28T00:30:00Z', ['2027-03-28', '12:30 AM']],
    ['Europe/London', '2027-10-30T23:30:00Z', ['2027-10-31', '12:30 AM']],
    ['Europe/London', '2026-06-15T23:05:00Z', ['2026-06-16', '12:05 AM']],
    ['Asia/Tokyo', '2027-06-14T15:00:00Z', ['2027-06-15', '12:00 AM']],
    ['Asia/Tokyo', '2026-06-15T03:00:00Z', ['2026-06-15', '12:00 PM']],
    ['Pacific/Kiritimati', '2027-12-31T10:30:00Z', ['2028-01-01', '12:30 AM']],
    ['Pacific/Pago_Pago', '2027-12-31T10:30:00Z', ['2027-12-30', '11:30 PM']],
  ])('in %s, %s is %j', (zone, instant, dayAndClock) => {
    expect([todayInZone(new Date(instant), zone), clockLabelAt(new Date(instant), zone)]).toEqual(dayAndClock);
  });
});

describe('todayInZone, as the dashboard reads it', () => {
  it('uses the business zone, not UTC', () => {
    // 2026-03-10 05:00 UTC is still March 9 in Los Angeles.
    expect(todayInZone(new Date('2026-03-10T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    expect(todayInZone(new Date('2026-03-10T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-10');
    // Around the fall-back night, whatever zone the visitor is in.
    expect(todayInZone(new Date('2026-11-01T06:59:00Z'), 'America/Los_Angeles')).toBe('2026-10-31');
    expect(todayInZone(new Date('2026-11-02T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-11-01');
    expect(todayInZone(new Date('2026-11-02T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-02');
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

describe('calendar dates without Intl', () => {
  it('read as date-fns reads them, every day from 2024 to 2030, in every pattern', () => {
    const patterns: [(d: Date) => string, string][] = [
      [formatLongDate, 'EEEE, MMMM d, yyyy'],
      [(d) => formatBookingDate(iso(d)), 'MMMM d, yyyy'],
      [(d) => formatShortDate(iso(d)), 'EEE, MMM d, yyyy'],
      [(d) => formatWeekdayDay(iso(d)), 'EEE, MMM d'],
      [(d) => formatMonthDay(iso(d)), 'MMM d'],
      [(d) => formatMonthYear(iso(d)), 'MMMM yyyy'],
      [(d) => formatWeekday(iso(d)), 'EEEE'],
    ];
    const iso = (d: Date) => format(d, 'yyyy-MM-dd');
    let days = 0;
    for (let d = new Date(2024, 0, 1); d.getFullYear() < 2031; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) {
      for (const [ours, pattern] of patterns) expect(ours(d)).toBe(format(d, pattern));
      days += 1;
    }
    expect(days).toBe(2557);
  });
});

describe('clock labels', () => {
  // Settings' "HH:mm" and the label each reads as; the same minutes after midnight read the same.
  const labels: Record<string, string> = {
    '00:00': '12:00 AM',
    '00:01': '12:01 AM',
    '09:00': '9:00 AM',
    '11:30': '11:30 AM',
    '12:00': '12:00 PM',
    '13:30': '1:30 PM',
    '23:59': '11:59 PM',
    '24:00': '12:00 AM',
  };

  it.each(Object.entries(labels))('%s reads %s', (hhmm, label) => {
    const [h, m] = hhmm.split(':').map(Number);
    expect(clockLabel(hhmm)).toBe(label);
    expect(minutesToLabel(h! * 60 + m!)).toBe(label);
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
