import { describe, expect, it } from 'vitest';
import { applySettingsPatch, DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema } from './settings';

/** Field path -> message, as the API's 400 `errors` names them. */
function fieldErrors(input: unknown): Record<string, string> {
  const res = settingsPatchSchema.safeParse(input);
  if (res.success) return {};
  return Object.fromEntries(res.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('settings schema', () => {
  it('accepts its own defaults (today’s values)', () => {
    expect(settingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.hours['0']).toBeNull();
    expect(DEFAULT_SETTINGS.hours['1']).toEqual({ open: '08:00', close: '18:00' });
    expect(DEFAULT_SETTINGS.hours['6']).toEqual({ open: '09:00', close: '16:00' });
    expect(DEFAULT_SETTINGS.serviceZips).toContain('90291');
  });

  it.each([
    [{ business: { phone: '555' } }, 'business.phone', 'Enter a phone number with area code, e.g. (310) 555-0142'],
    [{ business: { email: 'nope' } }, 'business.email', 'Enter a valid email address'],
    [{ business: { name: '  ' } }, 'business.name', 'Business name is required'],
    [{ business: { social: { yelp: 'yelp dot com' } } }, 'business.social.yelp', 'Enter a web address starting with https://'],
    [{ hours: { '1': { open: '9am', close: '18:00' } } }, 'hours.1.open', 'Enter an opening time as HH:mm (24-hour clock)'],
    [{ hours: { '2': { open: '18:00', close: '08:00' } } }, 'hours.2.close', 'Closing time must be after opening time'],
    [{ closedDates: ['2026-02-30'] }, 'closedDates.0', 'Enter a real calendar date'],
    [{ bookingWindowDays: 0 }, 'bookingWindowDays', 'Booking window must be a whole number of days from 1 to 365'],
    [{ minNoticeHours: 1.5 }, 'minNoticeHours', 'Minimum notice must be a whole number of hours'],
    [{ travelBufferMinutes: 241 }, 'travelBufferMinutes', 'Travel buffer must be 0 to 240 minutes'],
    [{ crews: 0 }, 'crews', 'Crews must be a whole number from 1 to 20'],
    [{ crews: '2' }, 'crews', 'Crews must be a whole number from 1 to 20'],
    [{ serviceZips: ['9040'] }, 'serviceZips.0', 'ZIP codes are 5 digits'],
  ])('%j is refused on %s', (patch, path, message) => {
    expect(fieldErrors(patch)).toEqual({ [path]: message });
  });

  it('refuses unknown fields instead of dropping them silently', () => {
    expect(settingsPatchSchema.safeParse({ deposit: 1 }).success).toBe(false);
  });

  it('applies a partial patch, keeping what it does not name', () => {
    const patch = settingsPatchSchema.parse({ business: { phone: '(310) 555-0199', social: { yelp: '' } }, hours: { '0': { open: '10:00', close: '14:00' } }, serviceZips: ['90405', '90401', '90405'] });
    const next = applySettingsPatch(DEFAULT_SETTINGS, patch);
    expect(next.business.phone).toBe('(310) 555-0199');
    expect(next.business.name).toBe(DEFAULT_SETTINGS.business.name);
    expect(next.business.social).toEqual({ ...DEFAULT_SETTINGS.business.social, yelp: '' });
    expect(next.hours['0']).toEqual({ open: '10:00', close: '14:00' });
    expect(next.hours['1']).toEqual(DEFAULT_SETTINGS.hours['1']);
    expect(next.serviceZips).toEqual(['90401', '90405']);
    expect(next.crews).toBe(1);
  });
});
