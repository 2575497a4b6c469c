import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBookingForCalendar, saveBookingForCalendar, wallClockToUtc, type HandoffBooking } from './calendar-handoff';

describe('wallClockToUtc', () => {
  it.each([
    ['2026-12-10', '1:00 PM', 'America/Los_Angeles', '2026-12-10T21:00:00.000Z'],
    ['2026-07-10', '9:00 AM', 'America/Los_Angeles', '2026-07-10T16:00:00.000Z'],
    ['2026-03-08', '12:00 PM', 'America/Los_Angeles', '2026-03-08T19:00:00.000Z'],
    ['2026-11-01', '8:30 AM', 'America/Los_Angeles', '2026-11-01T16:30:00.000Z'],
    ['2026-12-10', '12:00 AM', 'Europe/Berlin', '2026-12-09T23:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(wallClockToUtc(date, time, zone).toISOString()).toBe(expected);
  });
});

describe('the booking kept for the confirmation page', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const event = {
    id: 7,
    title: 'Furniture Assembly with Handy Co',
    startsAt: '2026-12-10T17:00:00.000Z',
    endsAt: '2026-12-10T21:45:00.000Z',
    details: 'Booking #7',
    location: '1450 Ocean Ave, Santa Monica, CA 90401',
  };
  const job = {
    lines: [
      { name: 'Dresser', quantity: 2, unitCents: 12900, amountCents: 25800, minutes: 180 },
      { name: 'Bed frame', quantity: 1, unitCents: 9900, amountCents: 9900, minutes: 75 },
    ],
    totalCents: 35700,
    isFrom: false,
  };

  it('reads back a booking with its job, and one booked as a whole without', () => {
    saveBookingForCalendar({ ...event, job });
    expect(readBookingForCalendar()).toEqual({ ...event, job });
    saveBookingForCalendar(event);
    expect(readBookingForCalendar()).toEqual(event);
  });

  it.each([
    ['no lines', { ...job, lines: [] }],
    ['a line without a name', { ...job, lines: [{ quantity: 1, unitCents: 1, amountCents: 1, minutes: 1 }] }],
    ['a total that is not a number', { ...job, totalCents: '357' }],
    ['no "from" flag', { lines: job.lines, totalCents: 35700 }],
  ])('leaves out a stored job with %s, keeping the calendar event', (_label, bad) => {
    saveBookingForCalendar({ ...event, job: bad } as unknown as HandoffBooking);
    expect(readBookingForCalendar()).toEqual(event);
  });
});
