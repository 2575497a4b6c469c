import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CalendarFeedError, MAX_BUSY_INSTANCES, parseBusyFeed, parseBusyIntervals, type BusyWindow } from './calendar-import';

const LA = 'America/Los_Angeles';
// Oct 1 to Dec 1, 2026, midnight to midnight in Los Angeles.
const WINDOW: BusyWindow = { from: new Date('2026-10-01T07:00:00Z'), to: new Date('2026-12-01T08:00:00Z'), timeZone: LA };

const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/ics/${name}`, import.meta.url), 'utf8');
const iso = (text: string, window: BusyWindow = WINDOW) => parseBusyIntervals(text, window).map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()]);
const z = (s: string) => `${s}:00.000Z`;

/** A minimal calendar around the given VEVENT bodies. */
function calendar(...events: string[]): string {
  const body = events.map((e, i) => `BEGIN:VEVENT\r\nUID:e${i}@example.com\r\nDTSTAMP:20261101T000000Z\r\n${e.trim().split('\n').map((l) => l.trim()).join('\r\n')}\r\nEND:VEVENT\r\n`).join('');
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${body}END:VCALENDAR\r\n`;
}

describe('realistic feeds, exact instants', () => {
  it.each([
    [
      'google-owner.ics',
      7,
      [
        // Weekly Monday 9:00-10:30 AM: Oct 19 deleted (EXDATE), Oct 26 moved to Tue Oct 27 2:00 PM,
        // and after the Nov 1 change the same wall time is an hour later in UTC.
        ['2026-10-05T16:00', '2026-10-05T17:30'],
        ['2026-10-12T16:00', '2026-10-12T17:30'],
        ['2026-10-27T21:00', '2026-10-27T22:30'],
        // 11:30 PM PDT Oct 31 to 3:00 AM PST Nov 1: four and a half real hours across the change.
        ['2026-11-01T06:30', '2026-11-01T11:00'],
        ['2026-11-02T17:00', '2026-11-02T18:30'],
        ['2026-11-09T17:00', '2026-11-09T18:30'],
        ['2026-11-16T17:00', '2026-11-16T18:30'],
        // A UTC event that crosses midnight UTC (2:00-6:00 PM in Los Angeles).
        ['2026-11-18T22:00', '2026-11-19T02:00'],
        ['2026-11-23T17:00', '2026-11-23T18:30'],
        // All-day Nov 24-25 (DTEND Nov 26 exclusive), midnight to midnight in Los Angeles.
        ['2026-11-24T08:00', '2026-11-26T08:00'],
        ['2026-11-30T17:00', '2026-11-30T18:30'],
        // Not here: the transparent reminder (Nov 12) and the cancelled dentist (Nov 13).
      ],
    ],
    [
      'icloud-owner.ics',
      5,
      [
        // Weekly Tuesday 4:30-6:00 PM from Sep 15 until Dec 1: Nov 10 deleted, Nov 17 moved to Wed Nov 18 8:30 AM.
        ['2026-10-06T23:30', '2026-10-07T01:00'],
        ['2026-10-13T23:30', '2026-10-14T01:00'],
        ['2026-10-20T23:30', '2026-10-21T01:00'],
        ['2026-10-27T23:30', '2026-10-28T01:00'],
        ['2026-11-04T00:30', '2026-11-04T02:00'],
        // All-day Nov 11.
        ['2026-11-11T08:00', '2026-11-12T08:00'],
        ['2026-11-18T16:30', '2026-11-18T18:00'],
        // Floating 12:00-2:00 PM on Nov 19, read on the business clock.
        ['2026-11-19T20:00', '2026-11-19T22:00'],
        ['2026-11-25T00:30', '2026-11-25T02:00'],
        // Not here: Dec 1's instance (after the window) and the transparent flyer note.
      ],
    ],
    [
      'outlook-owner.ics',
      2,
      [
        // Daily x3 at 7:00 AM "Pacific Standard Time" (a Windows name: the feed's VTIMEZONE), across Nov 1.
        ['2026-10-30T14:00', '2026-10-30T14:30'],
        ['2026-10-31T14:00', '2026-10-31T14:30'],
        ['2026-11-01T15:00', '2026-11-01T15:30'],
        // Not here: the event Outlook marks free.
      ],
    ],
    [
      'bare-iana-tzids.ics',
      3,
      [
        // Weekly Tue 9:00 AM in Tokyo without a VTIMEZONE: EXDATE and RECURRENCE-ID given in UTC,
        // UNTIL exactly the last instance (kept).
        ['2026-11-03T00:00', '2026-11-03T01:00'],
        // 12:00 PM in New York (EST), DURATION 1h30.
        ['2026-11-05T17:00', '2026-11-05T18:30'],
        ['2026-11-17T23:00', '2026-11-18T00:00'],
        ['2026-11-24T00:00', '2026-11-24T01:00'],
      ],
    ],
  ])('%s', (name, events, expected) => {
    const feed = parseBusyFeed(fixture(name), WINDOW);
    expect(feed.busy.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()])).toEqual(expected.map(([s, e]) => [z(s), z(e)]));
    expect(feed.events).toBe(events);
    expect(feed.truncated).toBe(false);
  });

  it('reads CRLF and LF line ends alike', () => {
    const lf = fixture('google-owner.ics').replace(/\r\n/g, '\n');
    expect(iso(lf.replace(/\n/g, '\r\n'))).toEqual(iso(lf));
  });

  it('reads floating times and all-day events on the business clock', () => {
    const ny = iso(fixture('icloud-owner.ics'), { ...WINDOW, timeZone: 'America/New_York' });
    expect(ny).toContainEqual([z('2026-11-11T05:00'), z('2026-11-12T05:00')]);
    expect(ny).toContainEqual([z('2026-11-19T17:00'), z('2026-11-19T19:00')]);
    // Zoned events do not move with the business zone.
    expect(ny).toContainEqual([z('2026-11-18T16:30'), z('2026-11-18T18:00')]);
  });

  it('clips to the window', () => {
    expect(iso(fixture('google-owner.ics'), { ...WINDOW, from: new Date('2026-11-24T12:00:00Z'), to: new Date('2026-11-25T00:00:00Z') })).toEqual([
      [z('2026-11-24T12:00'), z('2026-11-25T00:00')],
    ]);
    expect(iso(fixture('google-owner.ics'), { ...WINDOW, from: new Date('2026-11-01T10:00:00Z'), to: new Date('2026-11-02T17:30:00Z') })).toEqual([
      [z('2026-11-01T10:00'), z('2026-11-01T11:00')],
      [z('2026-11-02T17:00'), z('2026-11-02T17:30')],
    ]);
  });
});

describe('events and recurrences', () => {
  it('merges overlapping and touching events, sorted', () => {
    const text = calendar(
      'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z',
      'DTSTART:20261110T170000Z\nDTEND:20261110T183000Z',
      'DTSTART:20261110T190000Z\nDTEND:20261110T193000Z',
      'DTSTART:20261109T170000Z\nDTEND:20261109T180000Z',
    );
    expect(iso(text)).toEqual([
      [z('2026-11-09T17:00'), z('2026-11-09T18:00')],
      [z('2026-11-10T17:00'), z('2026-11-10T19:30')],
    ]);
  });

  it.each([
    ['no end on a date-time start (no length)', 'DTSTART:20261110T180000Z', []],
    ['no end on a date start (one day)', 'DTSTART;VALUE=DATE:20261110', [['2026-11-10T08:00', '2026-11-11T08:00']]],
    ['a negative length', 'DTSTART:20261110T180000Z\nDTEND:20261110T170000Z', []],
    ['free by Outlook', 'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z\nX-MICROSOFT-CDO-BUSYSTATUS:FREE', []],
    ['lower-case status', 'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z\nSTATUS:cancelled', []],
    ['tentative is busy', 'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z\nSTATUS:TENTATIVE', [['2026-11-10T18:00', '2026-11-10T19:00']]],
    [
      'a DURATION of one day keeps the wall time across the change',
      'DTSTART;TZID=America/Los_Angeles:20261031T120000\nDURATION:P1D',
      [['2026-10-31T19:00', '2026-11-01T20:00']],
    ],
    [
      'DTEND keeps the exact length for every instance',
      'DTSTART;TZID=America/Los_Angeles:20261031T230000\nDTEND;TZID=America/Los_Angeles:20261101T010000\nRRULE:FREQ=DAILY;COUNT=2',
      [
        ['2026-11-01T06:00', '2026-11-01T08:00'],
        ['2026-11-02T07:00', '2026-11-02T09:00'],
      ],
    ],
    [
      'a DATE exdate removes that day of a timed series',
      'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z\nRRULE:FREQ=DAILY;COUNT=3\nEXDATE;VALUE=DATE:20261111',
      [
        ['2026-11-10T18:00', '2026-11-10T19:00'],
        ['2026-11-12T18:00', '2026-11-12T19:00'],
      ],
    ],
    [
      'RDATE adds instances',
      'DTSTART:20261110T180000Z\nDTEND:20261110T190000Z\nRDATE:20261115T200000Z,20261120T200000Z',
      [
        ['2026-11-10T18:00', '2026-11-10T19:00'],
        ['2026-11-15T20:00', '2026-11-15T21:00'],
        ['2026-11-20T20:00', '2026-11-20T21:00'],
      ],
    ],
    [
      'a recurring all-day event',
      'DTSTART;VALUE=DATE:20261102\nDTEND;VALUE=DATE:20261103\nRRULE:FREQ=WEEKLY;COUNT=2',
      [
        ['2026-11-02T08:00', '2026-11-03T08:00'],
        ['2026-11-09T08:00', '2026-11-10T08:00'],
      ],
    ],
    ['a series that began long ago is still found', 'DTSTART:20000101T180000Z\nDTEND:20000101T190000Z\nRRULE:FREQ=DAILY;UNTIL=20261003T000000Z', [
      ['2026-10-01T18:00', '2026-10-01T19:00'],
      ['2026-10-02T18:00', '2026-10-02T19:00'],
    ]],
  ])('%s', (_name, event, expected) => {
    expect(iso(calendar(event))).toEqual(expected.map(([s, e]) => [z(s), z(e)]));
  });

  it('a cancelled instance of a series removes it; an instance moved from after the window comes in', () => {
    const series = 'UID:s@example.com\nDTSTART:20261102T180000Z\nDTEND:20261102T190000Z\nRRULE:FREQ=WEEKLY;COUNT=6';
    const text = calendar(
      series,
      'UID:s@example.com\nRECURRENCE-ID:20261109T180000Z\nDTSTART:20261109T180000Z\nDTEND:20261109T190000Z\nSTATUS:CANCELLED',
      'UID:s@example.com\nRECURRENCE-ID:20261207T180000Z\nDTSTART:20261125T200000Z\nDTEND:20261125T210000Z',
    ).replace(/UID:e\d@example.com\r\n/g, '');
    expect(iso(text)).toEqual([
      [z('2026-11-02T18:00'), z('2026-11-02T19:00')],
      [z('2026-11-16T18:00'), z('2026-11-16T19:00')],
      [z('2026-11-23T18:00'), z('2026-11-23T19:00')],
      [z('2026-11-25T20:00'), z('2026-11-25T21:00')],
      [z('2026-11-30T18:00'), z('2026-11-30T19:00')],
    ]);
  });
});

describe('caps and bad input', () => {
  it.each([
    ['a rule that can never match', 'DTSTART:19700101T000000Z\nDTEND:19700101T010000Z\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'],
    ['a rule that can never match, minutely', 'DTSTART:19700101T000000Z\nDTEND:19700101T010000Z\nRRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30'],
    ['every second since 1970', 'DTSTART:19700101T000000Z\nDTEND:19700101T000001Z\nRRULE:FREQ=SECONDLY'],
    ['a monthly expansion since year 1', 'DTSTART:00010101T000000Z\nDTEND:00010101T010000Z\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'],
  ])('stops expanding %s', (_name, event) => {
    const feed = parseBusyFeed(calendar(event), WINDOW);
    expect(feed.truncated).toBe(true);
    expect(feed.busy).toEqual([]);
  });

  it(`keeps at most ${MAX_BUSY_INSTANCES} instances`, () => {
    const feed = parseBusyFeed(calendar('DTSTART:20261001T080000Z\nDTEND:20261001T080030Z\nRRULE:FREQ=MINUTELY'), WINDOW);
    expect(feed.instances).toBe(MAX_BUSY_INSTANCES);
    expect(feed.truncated).toBe(true);
    expect(feed.busy).toHaveLength(MAX_BUSY_INSTANCES);
  });

  it('drops a VTIMEZONE whose rules are not yearly and reads its times on the business clock', () => {
    const text = calendar('DTSTART;TZID=Hostile Zone:20261110T090000\nDTEND;TZID=Hostile Zone:20261110T100000').replace(
      'BEGIN:VEVENT',
      'BEGIN:VTIMEZONE\r\nTZID:Hostile Zone\r\nBEGIN:STANDARD\r\nDTSTART:16010101T000000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\nRRULE:FREQ=SECONDLY\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT',
    );
    expect(iso(text)).toEqual([[z('2026-11-10T17:00'), z('2026-11-10T18:00')]]);
  });

  it('skips an event it cannot read and reads the rest', () => {
    const feed = parseBusyFeed(calendar('DTSTART:20261110T18\nDTEND:20261110T190000Z', 'DTSTART:20261111T180000Z\nDTEND:20261111T190000Z'), WINDOW);
    expect(feed.invalid).toBe(1);
    expect(feed.busy).toEqual([{ startsAt: new Date(z('2026-11-11T18:00')), endsAt: new Date(z('2026-11-11T19:00')) }]);
  });

  it.each([
    ['an HTML page', '<!doctype html><html><body>Sign in</body></html>'],
    ['an empty body', ''],
    ['a broken calendar', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026\r\n'],
  ])('refuses %s as not a calendar', (_name, text) => {
    expect(() => parseBusyIntervals(text, WINDOW)).toThrow(CalendarFeedError);
  });
});
