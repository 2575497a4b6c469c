import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookableStart, iso, minutesOf, offeredStart, SPEC_DAYS, weekdayAhead, type OfferedStarts } from '../e2e/helpers/booking-days';
import { call, freshIp } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/app';
import { createClock } from './helpers/clock';

/**
 * The browser tests run on the real clock, so the days and starts they book depend on when they
 * run. Here the same helpers (e2e/helpers/booking-days.ts) run against a test app at instants on
 * each of the seven weekdays, late in the evening and just after midnight, and across both changes
 * of daylight saving time; every start a spec would book must be accepted by POST /api/bookings.
 */
const INSTANTS: [string, string][] = [
  ['Monday 10:00 AM', '2026-11-23T18:00:00Z'],
  ['Tuesday 10:00 AM', '2026-11-24T18:00:00Z'],
  ['Wednesday 10:00 AM', '2026-11-25T18:00:00Z'],
  ['Thursday 10:00 AM', '2026-11-26T18:00:00Z'],
  ['Friday 10:00 AM', '2026-11-27T18:00:00Z'],
  ['Saturday 10:00 AM', '2026-11-28T18:00:00Z'],
  ['Sunday 10:00 AM', '2026-11-29T18:00:00Z'],
  ['Wednesday 11:30 PM', '2026-11-26T07:30:00Z'],
  ['Thursday 12:15 AM', '2026-11-26T08:15:00Z'],
  ['Saturday 11:30 PM, before daylight saving time ends', '2026-11-01T06:30:00Z'],
  ['Sunday 1:30 AM, the hour daylight saving time ends', '2026-11-01T09:30:00Z'],
  ['Sunday 3:30 AM, daylight saving time just begun', '2027-03-14T10:30:00Z'],
  ['Wednesday 10:00 PM, the schedule spec days across the start of daylight saving time', '2026-12-17T06:00:00Z'],
];

interface Ctx {
  now: Date;
  offered: OfferedStarts;
  book: (serviceType: string, start: { day: string; time: string }) => Promise<void>;
}

/** Each test of a spec takes its own day: the n-th day offering its service (as in the spec). */
const DASHBOARD = { home: 0, bookings: 2, upcoming: 6, refund: 8 };
const BOOKING = { fullFlow: 0, declined: 2, conflict: 4, axeStep2: 6, dateChange: 8, dateChangeOther: 9 };

/**
 * What each spec books, chosen as the spec chooses it: through the API, or on /book, where the
 * page then takes the day's first offered start.
 */
const PLANS: [string, (c: Ctx) => Promise<void>][] = [
  [
    'invoice: a furniture job tomorrow or the day after (one of them is open whatever the day)',
    async ({ now, offered, book }) => {
      await book('furniture-assembly', await bookableStart(offered, { now, serviceType: 'furniture-assembly', ...SPEC_DAYS.invoice }));
    },
  ],
  [
    'admin-numbers: the caller found under Customers',
    async ({ now, offered, book }) => {
      await book('shelf-mounting', await bookableStart(offered, { now, serviceType: 'shelf-mounting', ...SPEC_DAYS.numbers }));
    },
  ],
  [
    'dashboard: two jobs on a day, the first at its first start and the second at the last start left',
    async ({ now, offered, book }) => {
      const { dashboard } = SPEC_DAYS;
      for (const [n, first, second] of [
        [DASHBOARD.home, 'tv-mounting', 'shelf-mounting'],
        [DASHBOARD.bookings, 'tv-mounting', 'furniture-assembly'],
      ] as const) {
        const start = await bookableStart(offered, { now, serviceType: first, ...dashboard, n, minStarts: 2 });
        await book(first, start);
        const later = await offeredStart(offered, start.day, second, 'last');
        expect(minutesOf(later), `${second} after ${first} at ${start.time} on ${start.day}`).toBeGreaterThan(minutesOf(start.time));
        await book(second, { day: start.day, time: later });
      }
      // Upcoming: the later job (the last start) booked first, the sooner one after it.
      const later = await bookableStart(offered, { now, serviceType: 'furniture-assembly', ...dashboard, n: DASHBOARD.upcoming, minStarts: 2, pick: 'last' });
      await book('furniture-assembly', later);
      const sooner = await offeredStart(offered, later.day, 'custom-project');
      expect(minutesOf(sooner)).toBeLessThan(minutesOf(later.time));
      await book('custom-project', { day: later.day, time: sooner });
      await book('shelf-mounting', await bookableStart(offered, { now, serviceType: 'shelf-mounting', ...dashboard, n: DASHBOARD.refund }));
    },
  ],
  [
    'booking, journey and manage: the days picked on /book',
    async ({ now, offered, book }) => {
      const days: [keyof typeof SPEC_DAYS, string, number][] = [
        ['booking', 'furniture-assembly', BOOKING.fullFlow],
        ['booking', 'tv-mounting', BOOKING.declined],
        ['booking', 'shelf-mounting', BOOKING.conflict],
        ['booking', 'tv-mounting', BOOKING.axeStep2],
        ['booking', 'custom-project', BOOKING.dateChange],
        ['booking', 'custom-project', BOOKING.dateChangeOther],
        ['journey', 'shelf-mounting', 0],
        ...[0, 2, 4, 6].map((n): [keyof typeof SPEC_DAYS, string, number] => ['manage', 'tv-mounting', n]),
      ];
      for (const [spec, serviceType, n] of days) await book(serviceType, await bookableStart(offered, { now, serviceType, ...SPEC_DAYS[spec], n }));
    },
  ],
  [
    'admin-agenda and admin-schedule: a weekday, a start after the busy morning and the last start',
    async ({ now, offered, book }) => {
      const agenda = iso(weekdayAhead(now, SPEC_DAYS.agenda.fromDay, SPEC_DAYS.agenda.toDay));
      await book('shelf-mounting', { day: agenda, time: await offeredStart(offered, agenda, 'shelf-mounting') });
      const day = iso(weekdayAhead(now, SPEC_DAYS.schedule.fromDay, SPEC_DAYS.schedule.toDay));
      const afterNoon = (await offered(day, 'shelf-mounting')).find((t) => minutesOf(t) >= minutesOf('12:00 PM'));
      expect(afterNoon, `a start after noon on ${day}`).toBeDefined();
      await book('shelf-mounting', { day, time: afterNoon! });
      await book('shelf-mounting', { day, time: await offeredStart(offered, day, 'shelf-mounting', 'last') });
    },
  ],
];

describe.each(INSTANTS)('at %s (%s)', (_label, instant) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock(instant) });
  });
  afterAll(async () => t?.close());

  it.each(PLANS)('%s books starts the server accepts', async (spec, plan) => {
    const now = new Date(instant);
    const offered: OfferedStarts = async (date, serviceType) => {
      const res = await call(t.app, 'GET', `/api/time-slots?date=${date}&serviceType=${serviceType}`, { ip: freshIp() });
      expect(res.status, res.raw).toBe(200);
      return (res.body as { slotTime: string }[]).map((s) => s.slotTime);
    };
    let n = 0;
    const book = async (serviceType: string, start: { day: string; time: string }) => {
      const weekday = new Date(`${start.day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
      const res = await call(t.app, 'POST', '/api/bookings', {
        ip: freshIp(),
        body: {
          serviceType,
          bookingDate: start.day,
          bookingTime: start.time,
          fullName: 'Days Proof',
          phone: '(310) 555-0142',
          email: `days-${n++}-${Math.random().toString(36).slice(2)}@example.com`,
          address: '200 Ocean Ave, Santa Monica, CA 90401',
        },
      });
      expect(res.status, `${spec}: ${serviceType} on ${weekday} ${start.day} at ${start.time}: ${res.raw}`).toBe(201);
    };
    await plan({ now, offered, book });
  });
});
