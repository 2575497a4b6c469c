import { describe, expect, it } from 'vitest';
import { hoursLines, hoursSentence } from './hours-text';
import { DEFAULT_SETTINGS } from './schemas/settings';

describe('hoursLines', () => {
  it("reads the default week in the spec's three lines", () => {
    expect(hoursLines(DEFAULT_SETTINGS.hours)).toEqual(['Monday - Friday: 8:00 AM - 6:00 PM', 'Saturday: 9:00 AM - 4:00 PM', 'Sunday: Closed']);
  });

  it('groups runs of equal days, splits where they differ, and pairs two days with &', () => {
    const hours = {
      ...DEFAULT_SETTINGS.hours,
      '3': { open: '10:30', close: '14:00' },
      '6': { open: '09:00', close: '16:00' },
      '0': { open: '09:00', close: '16:00' },
    };
    expect(hoursLines(hours)).toEqual([
      'Monday & Tuesday: 8:00 AM - 6:00 PM',
      'Wednesday: 10:30 AM - 2:00 PM',
      'Thursday & Friday: 8:00 AM - 6:00 PM',
      'Saturday & Sunday: 9:00 AM - 4:00 PM',
    ]);
  });

  it('says Closed for a week with no hours, and reads noon and midnight right', () => {
    const closed = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, null]));
    expect(hoursLines(closed)).toEqual(['Monday - Sunday: Closed']);
    expect(hoursLines({ ...closed, '1': { open: '00:00', close: '12:00' } })).toEqual(['Monday: 12:00 AM - 12:00 PM', 'Tuesday - Sunday: Closed']);
  });
});

describe('hoursSentence', () => {
  it.each([
    [DEFAULT_SETTINGS.hours, 'Open Mondays to Fridays 8:00 AM to 6:00 PM, Saturdays 9:00 AM to 4:00 PM. Closed Sundays.'],
    [
      { ...DEFAULT_SETTINGS.hours, '3': null, '6': { open: '08:00', close: '18:00' }, '0': { open: '08:00', close: '18:00' } },
      'Open Mondays and Tuesdays 8:00 AM to 6:00 PM, Thursdays to Sundays 8:00 AM to 6:00 PM. Closed Wednesdays.',
    ],
    [{ ...DEFAULT_SETTINGS.hours, '1': null, '2': null, '0': null }, 'Open Wednesdays to Fridays 8:00 AM to 6:00 PM, Saturdays 9:00 AM to 4:00 PM. Closed Mondays, Tuesdays and Sundays.'],
    [Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, null])), 'Closed Mondays, Tuesdays, Wednesdays, Thursdays, Fridays, Saturdays and Sundays.'],
  ])('reads %j as %s', (hours, sentence) => {
    expect(hoursSentence(hours)).toBe(sentence);
  });
});
