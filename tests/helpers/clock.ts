/** A clock tests move by hand; services read it through `now()`. */
export interface TestClock {
  now: () => Date;
  set(at: Date | string): void;
  advance(ms: number): void;
}

/**
 * A clock that starts at `start` and moves only when told. There is no default: a test that
 * forgot its time would run on today's date and pass or fail with the calendar.
 */
export function createClock(start: Date | string): TestClock {
  if (start === undefined || start === null || Number.isNaN(new Date(start).getTime())) {
    throw new Error(`createClock needs a fixed start time, e.g. createClock('2026-06-01T17:00:00Z'); got ${String(start)}. Tests never run on today's date.`);
  }
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}
