import { describe, expect, it } from 'vitest';
import { casesUnder } from '../../../../tests/helpers/zone-cases';
import { runCases } from './schedule.fixtures';

const fixtures = new URL('./schedule.fixtures.ts', import.meta.url);

describe('the job engine does not depend on the server time zone', () => {
  it('gives the same starts, checks and intervals under TZ=UTC, Asia/Tokyo, America/New_York and Australia/Lord_Howe as here', async () => {
    const here = JSON.parse(JSON.stringify(runCases()));
    const others = await Promise.all(['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Lord_Howe'].map((tz) => casesUnder(fixtures, tz)));
    for (const other of others) expect(other).toEqual(here);
    // And the reference itself is right, so "equal" cannot mean "equally wrong".
    const ref = here as { intervals: string[][]; days: string[][]; starts: unknown[][] };
    expect(ref.intervals).toEqual([
      ['2026-03-08T09:00:00.000Z', '2026-03-08T11:30:00.000Z'],
      ['2026-11-01T07:00:00.000Z', '2026-11-01T10:30:00.000Z'],
    ]);
    expect(ref.days).toEqual([
      ['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z'],
      ['2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z'],
    ]);
    expect(ref.starts[2][0]).toEqual([1200, '12:00 PM', '2026-12-07T20:00:00.000Z', '2026-12-07T22:00:00.000Z', [1]]);
    expect(ref.starts[3].map((s) => (s as unknown[])[1])).toEqual(['12:00 AM', '1:00 AM', '3:00 AM', '4:00 AM']);
  });
});
