/** A clock tests move by hand; services read it through `now()`. */
export interface TestClock {
  now: () => Date;
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start: Date | string = new Date()): TestClock {
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
