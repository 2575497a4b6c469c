import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/shared/schemas/settings';
import { call, signUp, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/** Issue 10, point 1: the business facts, hours, closed dates, window and notice in /admin's settings. */

// Tuesday 2027-03-02, 9:00 AM in Los Angeles (PST, UTC-8).
const START = '2027-03-02T17:00:00Z';
const clock = createClock(START);
const ADMIN_EMAIL = 'owner@settings.example';

let t: TestApp;
let adminSid: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  adminSid = (await signUpOwner(t, ADMIN_EMAIL)).sid;
});
afterAll(async () => t?.close());
afterEach(async () => {
  clock.set(START);
  const { business, hours, closedDates, bookingWindowDays, minNoticeHours } = DEFAULT_SETTINGS;
  expect((await patch({ business, hours, closedDates, bookingWindowDays, minNoticeHours })).status).toBe(200);
});

const patch = (body: unknown, sid: string | undefined = adminSid) => call(t.app, 'PATCH', '/api/admin/settings', { body, sid });
const starts = async (date: string, serviceType?: string) => {
  const res = await call(t.app, 'GET', `/api/time-slots?date=${date}${serviceType ? `&serviceType=${serviceType}` : ''}`);
  expect(res.status).toBe(200);
  return (res.body as { slotTime: string }[]).map((s) => s.slotTime);
};

describe('PATCH /api/admin/settings: the business facts', () => {
  it('saves every fact, serves them back and in GET /api/config', async () => {
    const business = {
      name: 'Westside Handy Co',
      tagline: 'Assembly and mounting, done right',
      phone: '(424) 555-0188',
      email: 'hello@westside.example',
      address: '100 Main St, Santa Monica, CA 90405',
      serviceRadius: 'Within 12 miles of Santa Monica',
      social: { facebook: 'https://facebook.com/westside', instagram: 'https://instagram.com/westside', yelp: '', google: 'https://g.page/westside' },
      serviceTowns: 'Santa Monica and Culver City',
      yearsInBusiness: 12,
      projectsCompleted: '900+',
      averageRating: '5.0',
      satisfaction: '99%',
    };
    const res = await patch({ business });
    expect(res.status).toBe(200);
    expect(res.body.business).toEqual(business);
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: adminSid })).body.business).toEqual(business);
    expect((await call(t.app, 'GET', '/api/config')).body.business).toMatchObject({ phone: '(424) 555-0188', name: 'Westside Handy Co', serviceTowns: 'Santa Monica and Culver City', yearsInBusiness: 12, projectsCompleted: '900+', averageRating: '5.0', satisfaction: '99%' });
  });

  it("starts with the spec's figures and towns", async () => {
    expect((await call(t.app, 'GET', '/api/config')).body.business).toMatchObject({ serviceTowns: 'Santa Monica, West LA and Venice', yearsInBusiness: 7, projectsCompleted: '500+', averageRating: '4.9', satisfaction: '98%' });
  });

  it('keeps the other facts on a partial change, social links too', async () => {
    const res = await patch({ business: { social: { yelp: 'https://yelp.com/biz/westside' } } });
    expect(res.status).toBe(200);
    expect(res.body.business).toEqual({ ...DEFAULT_SETTINGS.business, social: { ...DEFAULT_SETTINGS.business.social, yelp: 'https://yelp.com/biz/westside' } });
  });

  it.each([
    [{ business: 'x' }, 'business', 'Business details must be an object'],
    [{ business: { name: '' } }, 'business.name', 'Business name is required'],
    [{ business: { name: 'x'.repeat(101) } }, 'business.name', 'Business name must be at most 100 characters'],
    [{ business: { tagline: ' ' } }, 'business.tagline', 'Tagline is required'],
    [{ business: { tagline: 'x'.repeat(201) } }, 'business.tagline', 'Tagline must be at most 200 characters'],
    [{ business: { phone: '555-01' } }, 'business.phone', 'Enter a phone number with area code, e.g. (310) 555-0142'],
    [{ business: { phone: 3105550142 } }, 'business.phone', 'Enter a phone number with area code, e.g. (310) 555-0142'],
    [{ business: { email: 'owner at example' } }, 'business.email', 'Enter a valid email address'],
    [{ business: { address: '' } }, 'business.address', 'Address is required'],
    [{ business: { serviceRadius: '' } }, 'business.serviceRadius', 'Service area text is required'],
    [{ business: { serviceTowns: ' ' } }, 'business.serviceTowns', 'Towns served is required'],
    [{ business: { serviceTowns: 'x'.repeat(101) } }, 'business.serviceTowns', 'Towns served must be at most 100 characters'],
    [{ business: { yearsInBusiness: 7.5 } }, 'business.yearsInBusiness', 'Years in business must be a whole number from 0 to 100'],
    [{ business: { yearsInBusiness: -1 } }, 'business.yearsInBusiness', 'Years in business must be a whole number from 0 to 100'],
    [{ business: { yearsInBusiness: '7' } }, 'business.yearsInBusiness', 'Years in business must be a whole number from 0 to 100'],
    [{ business: { projectsCompleted: '' } }, 'business.projectsCompleted', 'Projects completed is required'],
    [{ business: { averageRating: 'x'.repeat(21) } }, 'business.averageRating', 'Average rating must be at most 20 characters'],
    [{ business: { satisfaction: ' ' } }, 'business.satisfaction', 'Client satisfaction is required'],
    [{ business: { social: 'facebook' } }, 'business.social', 'Social links must be an object with facebook, instagram, yelp and google'],
    [{ business: { social: { facebook: 'facebook.com/x' } } }, 'business.social.facebook', 'Enter a web address starting with https://'],
    [{ business: { social: { instagram: 'javascript:alert(1)' } } }, 'business.social.instagram', 'Enter a web address starting with https://'],
    [{ business: { social: { yelp: 'yelp' } } }, 'business.social.yelp', 'Enter a web address starting with https://'],
    [{ business: { social: { google: 5 } } }, 'business.social.google', 'Enter a web address starting with https://'],
  ])('%j: 400 with its message under %s', async (body, field, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
  });
});

describe('PATCH /api/admin/settings: hours, closed dates, window and notice', () => {
  it.each([
    [{ hours: [] }, 'hours', 'Hours must name the weekdays "0" (Sunday) to "6" (Saturday)'],
    [{ hours: { '1': 'closed' } }, 'hours.1', 'Give each day an opening and a closing time, or null when closed'],
    [{ hours: { '1': { open: '8am', close: '17:00' } } }, 'hours.1.open', 'Enter an opening time as HH:mm (24-hour clock)'],
    [{ hours: { '1': { open: '08:00' } } }, 'hours.1.close', 'Enter a closing time as HH:mm (24-hour clock)'],
    [{ hours: { '1': { open: '08:00', close: '25:00' } } }, 'hours.1.close', 'Enter a closing time as HH:mm (24-hour clock)'],
    [{ hours: { '3': { open: '17:00', close: '09:00' } } }, 'hours.3.close', 'Closing time must be after opening time'],
    [{ hours: { '6': { open: '09:00', close: '09:00' } } }, 'hours.6.close', 'Closing time must be after opening time'],
    [{ closedDates: '2027-03-10' }, 'closedDates', 'Closed dates must be a list of dates as yyyy-MM-dd'],
    [{ closedDates: ['03/10/2027'] }, 'closedDates.0', 'Enter a date as yyyy-MM-dd'],
    [{ closedDates: ['2027-02-29'] }, 'closedDates.0', 'Enter a real calendar date'],
    [{ bookingWindowDays: 0 }, 'bookingWindowDays', 'Booking window must be a whole number of days from 1 to 365'],
    [{ bookingWindowDays: 366 }, 'bookingWindowDays', 'Booking window must be a whole number of days from 1 to 365'],
    [{ bookingWindowDays: '30' }, 'bookingWindowDays', 'Booking window must be a whole number of days from 1 to 365'],
    [{ minNoticeHours: -1 }, 'minNoticeHours', 'Minimum notice must be 0 to 168 hours'],
    [{ minNoticeHours: 169 }, 'minNoticeHours', 'Minimum notice must be 0 to 168 hours'],
    [{ minNoticeHours: 1.5 }, 'minNoticeHours', 'Minimum notice must be a whole number of hours'],
  ])('%j: 400 with its message under %s', async (body, field, message) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
  });

  it('names each bad field of one request', async () => {
    const res = await patch({ business: { phone: '1', email: 'x' }, hours: { '2': { open: '12:00', close: '11:00' } }, minNoticeHours: 500 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'business.phone': 'Enter a phone number with area code, e.g. (310) 555-0142',
      'business.email': 'Enter a valid email address',
      'hours.2.close': 'Closing time must be after opening time',
      minNoticeHours: 'Minimum notice must be 0 to 168 hours',
    });
    // Nothing of a refused request is kept.
    expect((await call(t.app, 'GET', '/api/admin/settings', { sid: adminSid })).body.business.phone).toBe(DEFAULT_SETTINGS.business.phone);
  });

  it('a customer gets 403 and a visitor 401', async () => {
    const customer = await signUp(t.app);
    expect((await patch({ business: { phone: '(310) 555-0100' } }, customer.sid)).status).toBe(403);
    expect((await patch({ business: { phone: '(310) 555-0100' } }, '')).status).toBe(401);
  });
});

describe('the offered starts follow the hours and closed dates', () => {
  it('opening Sunday offers its starts; closing it again offers none', async () => {
    const sunday = '2027-03-07';
    expect(await starts(sunday)).toEqual([]);
    const res = await patch({ hours: { '0': { open: '10:00', close: '13:00' } } });
    expect(res.status).toBe(200);
    expect(res.body.hours['0']).toEqual({ open: '10:00', close: '13:00' });
    expect(await starts(sunday)).toEqual(['10:00 AM', '11:00 AM', '12:00 PM']);
    // A two-hour job must end by closing.
    expect(await starts(sunday, 'furniture-assembly')).toEqual(['10:00 AM', '11:00 AM']);
    expect((await patch({ hours: { '0': null } })).status).toBe(200);
    expect(await starts(sunday)).toEqual([]);
  });

  it('a closed date offers nothing; removing it brings the starts back', async () => {
    const wednesday = '2027-03-10';
    const open = await starts(wednesday);
    expect(open[0]).toBe('8:00 AM');
    const res = await patch({ closedDates: ['2027-03-12', wednesday, wednesday] });
    expect(res.body.closedDates).toEqual([wednesday, '2027-03-12']);
    expect(await starts(wednesday)).toEqual([]);
    expect(await starts('2027-03-11')).toEqual(open);
    expect((await patch({ closedDates: ['2027-03-12'] })).status).toBe(200);
    expect(await starts(wednesday)).toEqual(open);
  });

  it('the booking window and the minimum notice limit the days and hours offered', async () => {
    // Today 9:00 AM: with 24 hours' notice nothing today; with 2, from 11:00 AM.
    expect((await patch({ minNoticeHours: 2 })).status).toBe(200);
    expect((await starts('2027-03-02'))[0]).toBe('11:00 AM');
    expect((await patch({ bookingWindowDays: 5 })).status).toBe(200);
    expect(await starts('2027-03-09')).toEqual([]);
    expect((await starts('2027-03-05'))[0]).toBe('8:00 AM');
  });
});
