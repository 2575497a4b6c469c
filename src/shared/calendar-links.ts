/** What an "Add to calendar" link needs about an appointment. */
export interface CalendarEvent {
  title: string;
  /** UTC instants (ISO 8601). */
  startsAt: string;
  endsAt: string;
  details: string;
  location: string;
}

/** "2026-12-10T18:00:00.000Z" -> "20261210T180000Z", the form Google Calendar's `dates` takes. */
function googleStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A Google Calendar "create event" link with the appointment filled in. */
export function googleCalendarUrl(e: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: `${googleStamp(e.startsAt)}/${googleStamp(e.endsAt)}`,
    details: e.details,
    location: e.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

function escapeIcsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');
}

/**
 * A minimal one-event .ics for the browser (the confirmation page makes no call, so it cannot
 * fetch the server's file). UTC times; `uid` should be unique to the appointment.
 */
export function simpleIcs(e: CalendarEvent & { uid: string; stamp: string }): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bookings//Add to calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${googleStamp(e.stamp)}`,
    `DTSTART:${googleStamp(e.startsAt)}`,
    `DTEND:${googleStamp(e.endsAt)}`,
    `SUMMARY:${escapeIcsText(e.title)}`,
    `DESCRIPTION:${escapeIcsText(e.details)}`,
    `LOCATION:${escapeIcsText(e.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
