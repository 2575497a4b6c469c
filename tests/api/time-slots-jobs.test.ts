import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MINUTES_MESSAGE, TWO_PEOPLE_MESSAGE } from '../../src/shared/schemas/booking';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/**
 * Issue 22: GET /api/time-slots for a job of its own length (`minutes`, in quarter hours) and
 * crew need (`twoPeople`); without them it answers as it always has.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles. Monday 2026-12-07 is open 8:00 AM to 6:00 PM.
const clock = createClock('2026-12-01T17:00:00Z');
const MONDAY = '2026-12-07';
const WEEKDAY = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = (await sessionAs(t.db, 'admin')).cookie;
});
afterAll(async () => t?.close());
// Each test leaves one crew of two, as a new database has.
afterEach(async () => {
  expect((await setCrews([2])).status).toBe(200);
});

const setCrews = (crewSizes: number[]) => call(t.app, 'PATCH', '/api/admin/settings', { body: { crewSizes }, headers: { cookie: admin } });
const slots = (query: string) => call(t.app, 'GET', `/api/time-slots?${query}`, { ip: freshIp() });
const starts = async (query: string) => {
  const res = await slots(query);
  expect(res.status).toBe(200);
  return (res.body as { id: number; slotTime: string }[]).map((s) => s.slotTime);
};
const upTo = (last: string) => WEEKDAY.slice(0, WEEKDAY.indexOf(last) + 1);

describe('GET /api/time-slots with minutes', () => {
  it.each([
    [15, '5:00 PM'],
    [60, '5:00 PM'],
    [135, '3:00 PM'],
    [165, '3:00 PM'],
    [180, '3:00 PM'],
    [195, '2:00 PM'],
    [600, '8:00 AM'],
  ])('offers a job of %i minutes only where it ends by closing (last start %s)', async (minutes, last) => {
    expect(await starts(`date=${MONDAY}&serviceType=furniture-assembly&minutes=${minutes}`)).toEqual(upTo(last));
  });

  it('takes the length from minutes, not the service, and answers with the same ids', async () => {
    const res = await slots(`date=${MONDAY}&serviceType=custom-project&minutes=60`);
    expect(res.body).toEqual(WEEKDAY.map((slotTime, i) => ({ id: (8 + i) * 100, slotTime })));
    // Without a service, too.
    expect(await starts(`date=${MONDAY}&minutes=180`)).toEqual(upTo('3:00 PM'));
  });

  it('answers as before without minutes: the service’s length, or one hour without a service', async () => {
    expect(await starts(`date=${MONDAY}&serviceType=furniture-assembly`)).toEqual(upTo('4:00 PM'));
    expect(await starts(`date=${MONDAY}&serviceType=custom-project`)).toEqual(upTo('3:00 PM'));
    expect((await slots(`date=${MONDAY}`)).body).toEqual(WEEKDAY.map((slotTime, i) => ({ id: (8 + i) * 100, slotTime })));
  });

  it('keeps each length’s answer apart in memory', async () => {
    // Asked one after the other for one date and service: a cache keyed without the length would repeat the first.
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=15`)).toEqual(upTo('5:00 PM'));
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=300`)).toEqual(upTo('1:00 PM'));
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting`)).toEqual(upTo('4:00 PM'));
  });

  it.each(['0', '10', '20', '59', '61', '610', '615', '-15', '60.5', '1e2', 'abc', '', '90&minutes=120'])('answers 400 for minutes=%s', async (minutes) => {
    const res = await slots(`date=${MONDAY}&minutes=${minutes}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: JOB_MINUTES_MESSAGE, errors: { minutes: JOB_MINUTES_MESSAGE } });
    expect(JOB_MINUTES_MESSAGE).toBe("Give the job's length in minutes: 15 to 600, in steps of 15");
  });

  it('still answers 400 for an unknown service when minutes are given', async () => {
    const res = await slots(`date=${MONDAY}&serviceType=boat-repair&minutes=60`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { serviceType: 'Please select a service type' } });
  });
});

describe('GET /api/time-slots with twoPeople', () => {
  it('offers a two-person job nothing when every crew is of one, and a one-person job every start', async () => {
    expect((await setCrews([1])).body).toMatchObject({ crews: 1, crewSizes: [1] });
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=90&twoPeople=true`)).toEqual([]);
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=90&twoPeople=false`)).toEqual(upTo('4:00 PM'));
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=90`)).toEqual(upTo('4:00 PM'));
    expect((await setCrews([1, 1, 1])).body).toMatchObject({ crews: 3 });
    expect(await starts(`date=${MONDAY}&minutes=90&twoPeople=true`)).toEqual([]);
  });

  it('offers a two-person job where a crew of two is free', async () => {
    expect((await setCrews([1, 2])).status).toBe(200);
    expect(await starts(`date=${MONDAY}&serviceType=tv-mounting&minutes=90&twoPeople=true`)).toEqual(upTo('4:00 PM'));
    // A crew of two alone is enough: it is the one a booking then gets (see priced-bookings.test.ts).
    expect(await starts(`date=${MONDAY}&minutes=60&twoPeople=true`)).toEqual(WEEKDAY);
  });

  it.each(['yes', '1', 'TRUE', ''])('answers 400 for twoPeople=%s', async (twoPeople) => {
    const res = await slots(`date=${MONDAY}&minutes=60&twoPeople=${twoPeople}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: TWO_PEOPLE_MESSAGE, errors: { twoPeople: TWO_PEOPLE_MESSAGE } });
  });
});
