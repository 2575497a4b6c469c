import { describe, expect, it } from 'vitest';
import { availableJobStarts, checkJobStart, chooseCrew, freeCrewsAt, suitableCrews } from './schedule';
import { at, day, job, labels, MONDAY, WEEKDAY } from './schedule.test-helpers';

/** Issue 22: the job comes with its length and its crew need; a two-person job goes to a crew of two only. */

describe('suitableCrews', () => {
  it.each([
    [{ crews: 3, crewSizes: [1, 2, 1] }, false, [1, 2, 3]],
    [{ crews: 3, crewSizes: [1, 2, 1] }, true, [2]],
    [{ crews: 2, crewSizes: [1, 1] }, true, []],
    // Crews without a size given are crews of two, as every crew was before crews had a size.
    [{ crews: 2 }, true, [1, 2]],
    [{ crews: 3, crewSizes: [1] }, true, [2, 3]],
  ])('%j, two people %s: %j', (settings, twoPeople, crews) => {
    expect(suitableCrews(settings, twoPeople)).toEqual(crews);
  });
});

describe('a two-person job', () => {
  // Crew 1 is one person, crew 2 two; crew 2 is busy 10:00 AM to 12:00 PM (+30 minutes' travel).
  const settings = { crews: 2, crewSizes: [1, 2], travelBufferMinutes: 30 };
  const jobs = [job(2, MONDAY, '10:00 AM', 120, 30)];

  it('is offered only where a crew of two is free, and goes to it', () => {
    const starts = availableJobStarts(day(MONDAY, { settings, jobs, twoPeople: true, durationMinutes: 60 }));
    expect(starts.map((s) => s.label)).toEqual(['8:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM']);
    expect(starts.every((s) => s.freeCrews.length === 1 && s.freeCrews[0] === 2)).toBe(true);
    // A one-person job of the same length has crew 1 all day.
    expect(labels(day(MONDAY, { settings, jobs, durationMinutes: 60 }))).toEqual(WEEKDAY);
  });

  it('is refused as no_crew where only a crew of one is free, and gets no crew', () => {
    const twoPeople = day(MONDAY, { settings, jobs, twoPeople: true });
    expect(checkJobStart(twoPeople, '10:00 AM')).toBe('no_crew');
    expect(chooseCrew(twoPeople, '10:00 AM')).toBeNull();
    expect(chooseCrew(day(MONDAY, { settings, jobs }), '10:00 AM')).toBe(1);
    expect(chooseCrew(twoPeople, '1:00 PM')).toBe(2);
  });

  it('has no start at all when every crew is of one', () => {
    expect(labels(day(MONDAY, { settings: { crews: 2, crewSizes: [1, 1] }, twoPeople: true }))).toEqual([]);
    expect(labels(day(MONDAY, { settings: { crews: 2, crewSizes: [1, 1] } }))).toEqual(WEEKDAY);
  });

  it('tells the free crews of two at an instant, for the admin changing a crew', () => {
    const i = day(MONDAY, { settings: { crews: 3, crewSizes: [1, 2, 2], travelBufferMinutes: 30 }, jobs, twoPeople: true });
    expect(freeCrewsAt(i, at('2026-12-07T18:00:00Z'))).toEqual([3]);
    expect(freeCrewsAt({ ...i, twoPeople: false }, at('2026-12-07T18:00:00Z'))).toEqual([1, 3]);
  });
});

describe('a job of its own length', () => {
  it.each([
    [15, '5:00 PM'],
    [135, '3:00 PM'],
    [165, '3:00 PM'],
    [600, '8:00 AM'],
  ])('of %i minutes starts last at %s on a weekday (open 8:00 AM to 6:00 PM)', (durationMinutes, last) => {
    const offered = labels(day(MONDAY, { durationMinutes }));
    expect(offered[0]).toBe('8:00 AM');
    expect(offered[offered.length - 1]).toBe(last);
  });

  it('of more than the day has no start', () => {
    expect(labels(day(MONDAY, { durationMinutes: 615 }))).toEqual([]);
  });
});
