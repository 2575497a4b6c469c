import { describe, expect, it } from 'vitest';
import {
  availableJobStarts,
  bookingInterval,
  businessDayBounds,
  checkJobStart,
  chooseCrew,
  DEFAULT_SCHEDULE_SETTINGS,
  DEFAULT_WEEKLY_HOURS,
  freeCrewsAt,
  labelToMinutes,
  minutesToLabel,
  type CrewJob,
  type JobDayInput,
  type ScheduleSettings,
} from './schedule';

const LA = 'America/Los_Angeles';
// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8).
const NOW = new Date('2026-12-01T17:00:00Z');
const MONDAY = '2026-12-07';
const SATURDAY = '2026-12-12';
const SUNDAY = '2026-12-13';
const WEEKDAY = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
const H = 3_600_000;

type Extra = Partial<Omit<JobDayInput, 'settings'>> & { settings?: Partial<ScheduleSettings> };

/** A day question with the default settings, no buffer unless given, nothing booked. */
function day(date: string, extra: Extra = {}): JobDayInput {
  const { settings, ...rest } = extra;
  return {
    date,
    now: NOW,
    timeZone: LA,
    durationMinutes: 60,
    jobs: [],
    businessBlocks: [],
    overrides: [],
    busy: [],
    ...rest,
    settings: { ...DEFAULT_SCHEDULE_SETTINGS, travelBufferMinutes: 0, ...settings },
  };
}
const labels = (i: JobDayInput) => availableJobStarts(i).map((s) => s.label);

/** A stored job of `crew`: the interval bookingInterval gives, as the database will hold it. */
function job(crew: number, date: string, label: string, durationMinutes: number, travelBufferMinutes: number, hold: Partial<CrewJob> = {}): CrewJob {
  return { crew, ...bookingInterval({ date, label, durationMinutes, travelBufferMinutes, timeZone: LA }), status: 'confirmed', holdExpiresAt: null, ...hold };
}
const at = (iso: string) => new Date(iso);

describe('a job must end by closing time', () => {
  it.each([
    [MONDAY, 60, WEEKDAY],
    [MONDAY, 90, WEEKDAY.slice(0, 9)],
    [MONDAY, 120, WEEKDAY.slice(0, 9)],
    [MONDAY, 180, WEEKDAY.slice(0, 8)],
    [MONDAY, 600, ['8:00 AM']],
    [MONDAY, 601, []],
    [SATURDAY, 60, ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM']],
    [SATURDAY, 180, ['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM']],
    [SUNDAY, 60, []],
  ])('%s, a %i-minute job', (date, durationMinutes, expected) => {
    expect(labels(day(date, { durationMinutes }))).toEqual(expected);
  });

  it('refuses the late starts as after_closing, not as off the grid', () => {
    expect(checkJobStart(day(MONDAY, { durationMinutes: 120 }), '5:00 PM')).toBe('after_closing');
    expect(checkJobStart(day(MONDAY, { durationMinutes: 120 }), '4:00 PM')).toBe('available');
    expect(checkJobStart(day(SATURDAY, { durationMinutes: 180 }), '2:00 PM')).toBe('after_closing');
    expect(checkJobStart(day(MONDAY, { durationMinutes: 120 }), '6:00 PM')).toBe('off_grid');
  });

  it('gives each start its job end and id', () => {
    const [first] = availableJobStarts(day(MONDAY, { durationMinutes: 90 }));
    expect(first).toEqual({ id: 800, label: '8:00 AM', startsAt: at('2026-12-07T16:00:00Z'), endsAt: at('2026-12-07T17:30:00Z'), freeCrews: [1] });
  });
});

describe('hours per weekday as data', () => {
  const hours = { ...DEFAULT_WEEKLY_HOURS, '1': { open: '09:30', close: '12:00' }, '0': { open: '10:00', close: '14:00' }, '6': null };
  it.each([
    [MONDAY, 60, ['9:30 AM', '10:30 AM']],
    [MONDAY, 150, ['9:30 AM']],
    [SUNDAY, 120, ['10:00 AM', '11:00 AM', '12:00 PM']],
    [SATURDAY, 60, []],
  ])('%s, %i minutes', (date, durationMinutes, expected) => {
    expect(labels(day(date, { durationMinutes, settings: { hours } }))).toEqual(expected);
  });

  it('keeps the grid hourly from opening', () => {
    const i = day(MONDAY, { settings: { hours } });
    expect(checkJobStart(i, '11:30 AM')).toBe('after_closing');
    expect(checkJobStart(i, '10:00 AM')).toBe('off_grid');
    expect(checkJobStart(i, '8:00 AM')).toBe('off_grid');
  });

  it('treats a close not after open as closed, and rejects malformed hours', () => {
    expect(labels(day(MONDAY, { settings: { hours: { ...hours, '1': { open: '12:00', close: '12:00' } } } }))).toEqual([]);
    expect(() => labels(day(MONDAY, { settings: { hours: { ...hours, '1': { open: '9:00', close: '17:00' } } } }))).toThrow('not an HH:mm time');
  });
});

describe('travel buffer on both sides', () => {
  // Crew 1 has a 120-minute job at 11:00 AM on Monday, stored with the buffer given.
  it.each([
    // buffer, new job length, offered starts
    [0, 60, ['8:00 AM', '9:00 AM', '10:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']],
    [30, 60, ['8:00 AM', '9:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']],
    // 9:00 + 90 min ends 10:30, 30 minutes before the 11:00 job: exactly the buffer, allowed.
    [30, 90, ['8:00 AM', '9:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']],
    [60, 60, ['8:00 AM', '9:00 AM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']],
    [60, 90, ['8:00 AM', '2:00 PM', '3:00 PM', '4:00 PM']],
    [90, 60, ['8:00 AM', '3:00 PM', '4:00 PM', '5:00 PM']],
  ])('buffer %i, a %i-minute job', (buffer, durationMinutes, expected) => {
    const i = day(MONDAY, { durationMinutes, settings: { travelBufferMinutes: buffer }, jobs: [job(1, MONDAY, '11:00 AM', 120, buffer)] });
    expect(labels(i)).toEqual(expected);
    expect(checkJobStart(i, '12:00 PM')).toBe('no_crew');
  });

  it('never offers a start closer than the buffer to another job of the crew, before or after it', () => {
    for (const buffer of [0, 15, 30, 45, 60, 90, 120]) {
      for (const duration of [60, 90, 120, 180]) {
        const existing = job(1, MONDAY, '12:00 PM', 90, buffer);
        const existingEnd = existing.endsAt.getTime() - buffer * 60_000;
        for (const s of availableJobStarts(day(MONDAY, { durationMinutes: duration, settings: { travelBufferMinutes: buffer }, jobs: [existing] }))) {
          const gapAfterNew = existing.startsAt.getTime() - s.endsAt.getTime();
          const gapAfterExisting = s.startsAt.getTime() - existingEnd;
          expect(gapAfterNew >= buffer * 60_000 || gapAfterExisting >= buffer * 60_000).toBe(true);
        }
      }
    }
  });

  it('stores the job followed by its buffer', () => {
    expect(bookingInterval({ date: MONDAY, label: '11:00 AM', durationMinutes: 120, travelBufferMinutes: 30, timeZone: LA })).toEqual({
      startsAt: at('2026-12-07T19:00:00Z'),
      endsAt: at('2026-12-07T21:30:00Z'),
    });
  });
});

describe('crews', () => {
  // 30-minute buffer; crew 1 busy 9-11 (+30), crew 2 busy 10-12 (+30); 60-minute jobs.
  const jobs = [job(1, MONDAY, '9:00 AM', 120, 30), job(2, MONDAY, '10:00 AM', 120, 30)];
  const two = day(MONDAY, { settings: { crews: 2, travelBufferMinutes: 30 }, jobs });

  it.each([
    ['8:00 AM', [2]],
    ['9:00 AM', []],
    ['10:00 AM', []],
    ['11:00 AM', []],
    ['12:00 PM', [1]],
    ['1:00 PM', [1, 2]],
  ])('%s: free crews %j', (label, crews) => {
    const start = availableJobStarts(two).find((s) => s.label === label);
    expect(start?.freeCrews ?? []).toEqual(crews);
    expect(chooseCrew(two, label)).toBe(crews.length ? crews[0] : null);
  });

  it('with one crew only that crew counts; with three the third is free all day', () => {
    expect(labels(day(MONDAY, { settings: { crews: 1, travelBufferMinutes: 30 }, jobs }))).toEqual(['12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    const three = availableJobStarts(day(MONDAY, { settings: { crews: 3, travelBufferMinutes: 30 }, jobs }));
    expect(three.map((s) => s.label)).toEqual(WEEKDAY);
    expect(three.find((s) => s.label === '10:00 AM')?.freeCrews).toEqual([3]);
  });

  it('chooses the lowest-numbered free crew and none for a refused start', () => {
    expect(chooseCrew(day(MONDAY, { settings: { crews: 3 }, jobs: [job(1, MONDAY, '9:00 AM', 60, 0)] }), '9:00 AM')).toBe(2);
    expect(chooseCrew(day(MONDAY, { settings: { crews: 3 } }), '9:00 AM')).toBe(1);
    expect(chooseCrew(day(MONDAY, { settings: { crews: 3 }, durationMinutes: 120 }), '5:00 PM')).toBeNull();
    expect(chooseCrew(day(MONDAY, { settings: { crews: 3 } }), '9:30 AM')).toBeNull();
  });

  it('tells which crews are free at any instant, for the admin changing a crew', () => {
    const i = day(MONDAY, { settings: { crews: 3, travelBufferMinutes: 30 }, jobs, durationMinutes: 60 });
    expect(freeCrewsAt(i, at('2026-12-07T18:00:00Z'))).toEqual([3]);
    // 11:30 AM: crew 1's job with its buffer has just ended; crew 2's has not.
    expect(freeCrewsAt(i, at('2026-12-07T19:30:00Z'))).toEqual([1, 3]);
    // Off the grid and too soon make no difference here.
    expect(freeCrewsAt(i, at('2026-12-01T17:15:00Z'))).toEqual([1, 2, 3]);
  });

  it.each([
    ['pending with a valid hold', { status: 'pending', holdExpiresAt: at('2026-12-01T17:30:00Z') }, false],
    ['pending whose hold ended now', { status: 'pending', holdExpiresAt: NOW }, true],
    ['pending without a hold end', { status: 'pending', holdExpiresAt: null }, false],
    ['confirmed', { status: 'confirmed', holdExpiresAt: null }, false],
    ['rescheduling', { status: 'rescheduling', holdExpiresAt: null }, false],
    ['cancelled', { status: 'cancelled', holdExpiresAt: null }, true],
    ['completed', { status: 'completed', holdExpiresAt: null }, true],
  ])('a %s job: its time offered = %s', (_name, hold, offered) => {
    const i = day(MONDAY, { jobs: [job(1, MONDAY, '10:00 AM', 60, 0, hold)] });
    expect(labels(i).includes('10:00 AM')).toBe(offered);
    expect(checkJobStart(i, '10:00 AM')).toBe(offered ? 'available' : 'no_crew');
  });

  it('counts a job of the previous evening that runs into the day', () => {
    const late = { crew: 1, startsAt: at('2026-12-07T05:00:00Z'), endsAt: at('2026-12-07T16:30:00Z'), status: 'confirmed', holdExpiresAt: null };
    expect(labels(day(MONDAY, { jobs: [late] }))[0]).toBe('9:00 AM');
  });
});

describe('blocks and imported busy intervals block the job itself', () => {
  it.each([
    ['a busy 10:30-11:15', [['2026-12-07T18:30:00Z', '2026-12-07T19:15:00Z']], 60, WEEKDAY.filter((l) => l !== '10:00 AM' && l !== '11:00 AM')],
    ['a busy 10:30-11:15, 120-minute jobs', [['2026-12-07T18:30:00Z', '2026-12-07T19:15:00Z']], 120, ['8:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM']],
    ['a busy ending at 8:00 AM (touching is not overlapping)', [['2026-12-07T06:00:00Z', '2026-12-07T16:00:00Z']], 60, WEEKDAY],
    ['a busy from 10 PM Sunday to 9:30 AM Monday', [['2026-12-07T06:00:00Z', '2026-12-07T17:30:00Z']], 60, WEEKDAY.slice(2)],
    ['an all-day busy (midnight to midnight in Los Angeles)', [['2026-12-07T08:00:00Z', '2026-12-08T08:00:00Z']], 60, []],
    ['an all-day busy of the day before', [['2026-12-06T08:00:00Z', '2026-12-07T08:00:00Z']], 60, WEEKDAY],
    ['a busy from 5:30 PM into the night', [['2026-12-08T01:30:00Z', '2026-12-08T09:00:00Z']], 60, WEEKDAY.slice(0, 9)],
  ])('%s', (_name, busy, durationMinutes, expected) => {
    const i = day(MONDAY, { durationMinutes, busy: busy.map(([s, e]) => ({ startsAt: at(s), endsAt: at(e) })) });
    expect(labels(i)).toEqual(expected);
  });

  it('ignores the travel buffer for busy times and blocks, which block every crew', () => {
    const busy = [{ startsAt: at('2026-12-07T18:00:00Z'), endsAt: at('2026-12-07T19:00:00Z') }];
    const i = day(MONDAY, { settings: { crews: 3, travelBufferMinutes: 60 }, busy, businessBlocks: [{ time: '1:00 PM', endTime: '3:00 PM' }] });
    expect(labels(i)).toEqual(['8:00 AM', '9:00 AM', '11:00 AM', '12:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(checkJobStart(i, '10:00 AM')).toBe('busy');
    expect(checkJobStart(i, '2:00 PM')).toBe('blocked');
  });

  it('a business block closes the starts whose job it overlaps', () => {
    const i = day(MONDAY, { durationMinutes: 120, businessBlocks: [{ time: '12:00 PM', endTime: '1:00 PM' }, { time: '5:00 PM' }] });
    expect(labels(i)).toEqual(['8:00 AM', '9:00 AM', '10:00 AM', '1:00 PM', '2:00 PM', '3:00 PM']);
    expect(checkJobStart(i, '11:00 AM')).toBe('blocked');
  });

  it("hides the viewer's own blocks only from that viewer", () => {
    const viewer = day(MONDAY, { viewerBlocks: [{ time: '9:00 AM', endTime: '10:00 AM' }] });
    expect(labels(viewer)).not.toContain('9:00 AM');
    expect(checkJobStart(viewer, '9:00 AM')).toBe('viewer_blocked');
    expect(labels(day(MONDAY))).toContain('9:00 AM');
  });
});

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
