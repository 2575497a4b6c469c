import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, simpleIcs } from './calendar-links';

const event = {
  title: 'TV Mounting with Westside',
  startsAt: '2026-12-10T18:00:00.000Z',
  endsAt: '2026-12-10T19:30:00.000Z',
  details: 'Questions or changes: (310) 555-0142',
  location: '1234 Ocean Ave, Santa Monica; CA',
};

describe('calendar links', () => {
  it('builds the Google Calendar template link with UTC dates', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'TV Mounting with Westside',
      dates: '20261210T180000Z/20261210T193000Z',
      details: 'Questions or changes: (310) 555-0142',
      location: '1234 Ocean Ave, Santa Monica; CA',
    });
  });

  it('writes a one-event .ics with escaped text', () => {
    const ics = simpleIcs({ ...event, uid: 'booking-7@example.com', stamp: '2026-12-01T17:00:00.000Z' });
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining(['DTSTART:20261210T180000Z', 'DTEND:20261210T193000Z', 'LOCATION:1234 Ocean Ave\\, Santa Monica\\; CA', 'UID:booking-7@example.com']),
    );
  });
});
