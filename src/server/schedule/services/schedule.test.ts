import { describe, expect, it } from 'vitest';
import {
  availableJobStarts,
  bookingInterval,
  checkJobStart,
  chooseCrew,
  DEFAULT_WEEKLY_HOURS,
  freeCrewsAt,
} from './schedule';
import { at, day, job, LA, labels, MONDAY, NOW, SATURDAY, SUNDAY, WEEKDAY } from './schedule.test-helpers';

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
