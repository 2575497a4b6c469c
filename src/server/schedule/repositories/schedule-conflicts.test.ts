import { describe, expect, it } from 'vitest';
import { isCrewOverlap, isRetryableConflict } from './schedule';

/** An error as Drizzle wraps the driver's: the PostgreSQL code on its cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query: insert into "bookings" ...'), { cause: Object.assign(new Error('pg'), { code }) });

describe('what a booking does with an error from PostgreSQL', () => {
  it('runs again after a deadlock or a serialization failure, bare or wrapped', () => {
    for (const code of ['40P01', '40001']) {
      expect(isRetryableConflict(Object.assign(new Error('pg'), { code }))).toBe(true);
      expect(isRetryableConflict(wrapped(code))).toBe(true);
    }
  });

  it('does not run again for the crew overlap (its own rule), other errors or a Node error code', () => {
    for (const err of [wrapped('23P01'), wrapped('23505'), new Error('plain'), Object.assign(new Error('net'), { code: 'ECONNRESET' }), null, undefined]) {
      expect(isRetryableConflict(err)).toBe(false);
    }
    expect(isCrewOverlap(wrapped('23P01'))).toBe(true);
    expect(isCrewOverlap(wrapped('40P01'))).toBe(false);
  });
});
