import { describe, expect, it } from 'vitest';
import {
  availableJobStarts,
  bookingInterval,
  businessDayBounds,
  checkJobStart,
  DEFAULT_WEEKLY_HOURS,
  labelToMinutes,
  minutesToLabel,
} from './schedule';
import { at, day, H, job, LA, labels, MONDAY, SUNDAY, WEEKDAY } from './schedule.test-helpers';

describe('closed dates and the owner overrides', () => {
  it('a closed date offers nothing and refuses its starts as closed', () => {
    const i = day('2026-12-24', { settings: { closedDates: ['2026-12-24', '2026-12-25'] } });
    expect(labels(i)).toEqual([]);
    expect(checkJobStart(i, '9:00 AM')).toBe('closed');
    expect(checkJobStart(i, '9:30 AM')).toBe('off_grid');
    expect(labels(day('2026-12-23', { settings: { closedDates: ['2026-12-24'] } }))).toEqual(WEEKDAY);
  });

  it('a start the owner closed is refused, but a longer job may run through its hour', () => {
    const i = day(MONDAY, { durationMinutes: 120, overrides: [{ slotTime: '9:00 AM', isAvailable: false }] });
    expect(labels(i)).toEqual(['8:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']);
    expect(checkJobStart(i, '9:00 AM')).toBe('closed');
  });

  it.each([
    // overrides, job length, date, offered
    [[['6:00 PM', true]], 120, MONDAY, [...WEEKDAY.slice(0, 10)]],
    [[['6:00 PM', true]], 60, MONDAY, [...WEEKDAY, '6:00 PM']],
    [[['7:00 PM', true]], 120, MONDAY, WEEKDAY.slice(0, 9)],
    [[['10:00 AM', true]], 60, SUNDAY, ['10:00 AM']],
    [[['10:00 AM', true]], 120, SUNDAY, []],
    [[['10:00 AM', true], ['11:00 AM', true]], 120, SUNDAY, ['10:00 AM']],
    [[['9:00 AM', false], ['9:00 AM', true]], 60, MONDAY, WEEKDAY],
  ] as const)('opened %j: a %i-minute job on %s', (overrides, durationMinutes, date, expected) => {
    const i = day(date, { durationMinutes, overrides: overrides.map(([slotTime, isAvailable]) => ({ slotTime, isAvailable })) });
    expect(labels(i)).toEqual(expected);
  });

  it('an opened start beyond closing still needs the job to fit', () => {
    const i = day(MONDAY, { durationMinutes: 120, overrides: [{ slotTime: '6:00 PM', isAvailable: true }] });
    expect(checkJobStart(i, '6:00 PM')).toBe('after_closing');
    expect(checkJobStart(i, '5:00 PM')).toBe('available');
  });
});

describe('notice and booking window', () => {
  it.each([
    ['exactly 2 hours ahead is offered', '2026-12-01T17:00:00Z', 2, '11:00 AM'],
    ['one minute later it is gone', '2026-12-01T17:01:00Z', 2, '12:00 PM'],
    ['a 3-hour notice', '2026-12-01T17:00:00Z', 3, '12:00 PM'],
    ['no notice', '2026-12-01T17:00:00Z', 0, '9:00 AM'],
  ])('%s', (_name, now, minNoticeHours, first) => {
    const i = day('2026-12-01', { now: at(now), settings: { minNoticeHours } });
    expect(labels(i)[0]).toBe(first);
    expect(checkJobStart(i, '10:00 AM')).toBe(minNoticeHours === 0 ? 'available' : 'too_soon');
  });

  it.each([
    ['yesterday', '2026-11-30', 90, 'outside_window'],
    ['today + 90 days', '2027-03-01', 90, 'available'],
    ['today + 91 days', '2027-03-02', 90, 'outside_window'],
    ['today + 7 days, a 7-day window', '2026-12-08', 7, 'available'],
    ['today + 8 days, a 7-day window', '2026-12-09', 7, 'outside_window'],
  ])('%s', (_name, date, bookingWindowDays, check) => {
    const i = day(date, { settings: { bookingWindowDays } });
    expect(checkJobStart(i, '9:00 AM')).toBe(check);
    expect(labels(i)).toEqual(check === 'available' ? WEEKDAY : []);
  });

  it('counts "today" in the business zone: 11:30 PM in Los Angeles is already tomorrow in UTC', () => {
    const lateEvening = at('2026-12-02T07:30:00Z');
    expect(checkJobStart(day('2027-03-01', { now: lateEvening }), '9:00 AM')).toBe('available');
    expect(checkJobStart(day('2027-03-02', { now: lateEvening }), '9:00 AM')).toBe('outside_window');
  });
});

describe('the reasons, in their order', () => {
  it.each([
    ['not a label', '9:00', day(MONDAY), 'off_grid'],
    ['a label not written as shown', '09:00 AM', day(MONDAY), 'off_grid'],
    ['a half hour', '9:30 AM', day(MONDAY), 'off_grid'],
    ['a closed weekday', '9:00 AM', day(SUNDAY), 'off_grid'],
    ['closed date before the window', '9:00 AM', day('2027-06-01', { settings: { closedDates: ['2027-06-01'] } }), 'closed'],
    ['window before notice', '9:00 AM', day('2026-11-30'), 'outside_window'],
    ['notice before closing time', '5:00 PM', day('2026-12-01', { now: at('2026-12-02T00:30:00Z'), durationMinutes: 120 }), 'too_soon'],
    ['closing time before blocks', '5:00 PM', day(MONDAY, { durationMinutes: 120, businessBlocks: [{ time: '5:00 PM' }] }), 'after_closing'],
    ['blocks before busy', '9:00 AM', day(MONDAY, { businessBlocks: [{ time: '9:00 AM' }], busy: [{ startsAt: at('2026-12-07T17:00:00Z'), endsAt: at('2026-12-07T18:00:00Z') }] }), 'blocked'],
    ['busy before crews', '9:00 AM', day(MONDAY, { jobs: [job(1, MONDAY, '9:00 AM', 60, 0)], busy: [{ startsAt: at('2026-12-07T17:00:00Z'), endsAt: at('2026-12-07T18:00:00Z') }] }), 'busy'],
    ['crews before the viewer', '9:00 AM', day(MONDAY, { jobs: [job(1, MONDAY, '9:00 AM', 60, 0)], viewerBlocks: [{ time: '9:00 AM' }] }), 'no_crew'],
  ])('%s', (_name, label, i, check) => {
    expect(checkJobStart(i, label)).toBe(check);
  });
});

describe('daylight saving time (America/Los_Angeles, 2026)', () => {
  const open = (from: string, to: string) => ({ ...DEFAULT_WEEKLY_HOURS, '0': { open: from, close: to } });

  it.each([
    ['spring-forward Sunday', '2026-03-08', '8:00 AM', 120, '2026-03-08T15:00:00.000Z', '2026-03-08T17:00:00.000Z'],
    ['fall-back Sunday', '2026-11-01', '8:00 AM', 120, '2026-11-01T16:00:00.000Z', '2026-11-01T18:00:00.000Z'],
    // 1:00 AM PST + 120 minutes is 4:00 AM PDT: two real hours.
    ['a job across spring forward', '2026-03-08', '1:00 AM', 120, '2026-03-08T09:00:00.000Z', '2026-03-08T11:00:00.000Z'],
    // 12:00 AM PDT + 180 minutes is 2:00 AM PST.
    ['a job across fall back', '2026-11-01', '12:00 AM', 180, '2026-11-01T07:00:00.000Z', '2026-11-01T10:00:00.000Z'],
  ])('%s: %s %s, %i minutes', (_name, date, label, durationMinutes, start, end) => {
    const interval = bookingInterval({ date, label, durationMinutes, travelBufferMinutes: 0, timeZone: LA });
    expect([interval.startsAt.toISOString(), interval.endsAt.toISOString()]).toEqual([start, end]);
  });

  it('offers a Sunday opened by the hours on both change days', () => {
    const spring = availableJobStarts(day('2026-03-08', { now: at('2026-03-01T17:00:00Z'), durationMinutes: 120, settings: { hours: open('08:00', '18:00') } }));
    expect(spring.map((s) => s.label)).toEqual(WEEKDAY.slice(0, 9));
    expect(spring[0].startsAt.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    const fall = availableJobStarts(day('2026-11-01', { now: at('2026-10-25T17:00:00Z'), durationMinutes: 120, settings: { hours: open('08:00', '18:00') } }));
    expect(fall.map((s) => s.label)).toEqual(WEEKDAY.slice(0, 9));
    expect(fall[0].startsAt.toISOString()).toBe('2026-11-01T16:00:00.000Z');
  });

  it('on the night of spring forward, skips 2:00 AM and measures closing in real time', () => {
    // Open midnight to 6:00 AM (a 5-hour night): a 120-minute job must start by 4:00 AM PDT.
    const i = day('2026-03-08', { now: at('2026-03-01T17:00:00Z'), durationMinutes: 120, settings: { hours: open('00:00', '06:00') } });
    expect(availableJobStarts(i).map((s) => [s.label, s.startsAt.toISOString()])).toEqual([
      ['12:00 AM', '2026-03-08T08:00:00.000Z'],
      ['1:00 AM', '2026-03-08T09:00:00.000Z'],
      ['3:00 AM', '2026-03-08T10:00:00.000Z'],
      ['4:00 AM', '2026-03-08T11:00:00.000Z'],
    ]);
    expect(checkJobStart(i, '2:00 AM')).toBe('off_grid');
    expect(checkJobStart(i, '5:00 AM')).toBe('after_closing');
  });

  it('on the night of fall back, 1:00 AM is the daylight-time one and the night is an hour longer', () => {
    // Open midnight to 4:00 AM (a 5-hour night): a 180-minute job fits at 12:00 and 1:00 AM.
    const i = day('2026-11-01', { now: at('2026-10-25T17:00:00Z'), durationMinutes: 180, settings: { hours: open('00:00', '04:00') } });
    expect(availableJobStarts(i).map((s) => [s.label, s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      ['12:00 AM', '2026-11-01T07:00:00.000Z', '2026-11-01T10:00:00.000Z'],
      ['1:00 AM', '2026-11-01T08:00:00.000Z', '2026-11-01T11:00:00.000Z'],
    ]);
    expect(checkJobStart(i, '2:00 AM')).toBe('after_closing');
  });

  it('keeps the travel buffer in real minutes across the change', () => {
    // Crew 1: 12:00-1:00 AM PST on Mar 8 plus a 60-minute buffer = until 10:00Z (3:00 AM PDT):
    // 3:00 AM is the next start one real hour after the job, not 2:00 AM on the clock.
    const i = day('2026-03-08', {
      now: at('2026-03-01T17:00:00Z'),
      settings: { hours: open('00:00', '06:00'), travelBufferMinutes: 60 },
      jobs: [job(1, '2026-03-08', '12:00 AM', 60, 60)],
    });
    expect(labels(i)).toEqual(['3:00 AM', '4:00 AM', '5:00 AM']);
  });

  it.each([
    ['2026-03-08', 23],
    ['2026-11-01', 25],
    ['2026-12-07', 24],
  ])('the business day %s lasts %i hours', (date, hours) => {
    const b = businessDayBounds(date, LA);
    expect((b.endsAt.getTime() - b.startsAt.getTime()) / H).toBe(hours);
  });
});

describe('time labels', () => {
  it.each([
    ['12:00 AM', 0],
    ['9:00 AM', 540],
    ['12:00 PM', 720],
    ['11:30 PM', 1410],
  ])('%s <-> %i', (label, minutes) => {
    expect(labelToMinutes(label)).toBe(minutes);
    expect(minutesToLabel(minutes)).toBe(label);
  });
});
