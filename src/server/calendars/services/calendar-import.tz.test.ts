import { describe, expect, it } from 'vitest';
import { casesUnder } from '../../../../tests/helpers/zone-cases';
import { runCases } from './calendar-import.fixtures';

const fixtures = new URL('./calendar-import.fixtures.ts', import.meta.url);

describe('the calendar import does not depend on the server time zone', () => {
  it('reads the fixture feeds the same under TZ=UTC, Asia/Tokyo and America/Los_Angeles as here', async () => {
    const here = JSON.parse(JSON.stringify(runCases())) as string[][][];
    const others = await Promise.all(['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].map((tz) => casesUnder(fixtures, tz)));
    for (const other of others) expect(other).toEqual(here);
    // The reference is right (calendar-import.test.ts checks every instant): the first Google
    // instance, and the floating lunch on each business clock.
    expect(here[0][0]).toEqual(['2026-10-05T16:00:00.000Z', '2026-10-05T17:30:00.000Z']);
    expect(here[2]).toContainEqual(['2026-11-19T20:00:00.000Z', '2026-11-19T22:00:00.000Z']);
    expect(here[3]).toContainEqual(['2026-11-19T17:00:00.000Z', '2026-11-19T19:00:00.000Z']);
  });
});
