import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentIcs, bookingsFeedIcs } from '../../bookings';
import { onMyWayTextBody, reminderTextBody } from '../services/texts';
import { bookingConfirmedEmail, newBookingEmail } from './booking-emails';
import { contactToBusinessEmail } from './contact-emails';

/**
 * `$``, `$&`, `$'`, `$$` and `$1` are patterns to String.prototype.replace with a string
 * replacement. Whatever builds an email, a calendar file or a text must carry them as typed.
 */
const PATTERNS = ['$`', '$&', "$'", '$$', '$1'];
const typed = (label: string) => `${label} ${PATTERNS.join(' ')} ${PATTERNS.join('')}`;

const business = { name: typed('Biz'), phone: '(310) 555-0142', email: 'hello@biz.example' };
const booking = {
  id: 41,
  serviceType: 'tv-mounting',
  serviceName: typed('Svc'),
  bookingDate: '2026-12-08',
  bookingTime: '10:00 AM',
  startsAt: new Date('2026-12-08T18:00:00Z'),
  durationMinutes: 90,
  fullName: typed('Nora'),
  email: 'nora@example.com',
  phone: '(310) 555-0123',
  address: typed('200 Pier Ave'),
  specialInstructions: typed('Mount above the fireplace'),
  depositAmount: 5000,
  status: 'confirmed',
};
const ics = { timeZone: 'America/Los_Angeles', publicUrl: 'http://localhost:5000', now: new Date('2026-12-01T17:00:00Z'), business };

/** The first event of a calendar file, as a calendar app reads it (escapes and folding undone). */
function firstEvent(text: string) {
  return new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
}

describe('text with replacement patterns stays as typed', () => {
  it('in the booking emails to the customer and the business', () => {
    const confirmed = bookingConfirmedEmail(booking, { ics: 'BEGIN:VCALENDAR', publicUrl: ics.publicUrl, business, manageUrl: 'http://localhost:5000/booking/x', getsReminder: true });
    expect(confirmed.text).toContain(`Hi ${booking.fullName}, thank you for booking with ${business.name}.`);
    expect(confirmed.text).toContain(`Special instructions: ${booking.specialInstructions}`);
    expect(confirmed.subject).toBe(`Booking confirmed: ${booking.serviceName} on Tuesday, December 8, 2026 at 10:00 AM`);
    const toBusiness = newBookingEmail(booking, { to: 'inbox@biz.example', business });
    for (const v of [booking.fullName, booking.address, booking.specialInstructions]) expect(toBusiness.text).toContain(v);
  });

  it('in the contact message to the business', () => {
    const message = { id: 7, fullName: typed('Leo'), email: 'leo@example.com', subject: typed('Desk'), message: typed('Could you mount a desk') };
    const email = contactToBusinessEmail(message, { to: 'inbox@biz.example', business });
    expect(email.text).toContain(`${message.fullName} sent a message through the contact form.`);
    expect(email.text).toContain(message.message);
    expect(email.subject).toBe(`Website message: ${message.subject}`);
  });

  it('in the calendar files', () => {
    const own = firstEvent(appointmentIcs(booking, ics));
    expect(own.summary).toBe(`${booking.serviceName} with ${business.name}`);
    expect(own.location).toBe(booking.address);
    expect(own.description).toContain(`Your notes: ${booking.specialInstructions}`);
    const feed = firstEvent(bookingsFeedIcs([booking], ics));
    expect(feed.summary).toBe(`${booking.serviceName}: ${booking.fullName}`);
    expect(feed.description).toContain(`Notes: ${booking.specialInstructions}`);
  });

  it('in the texts', () => {
    expect(reminderTextBody(booking, { business })).toBe(
      `${business.name}: reminder of your ${booking.serviceName} on Tue, Dec 8 at 10:00 AM, ${booking.address}. Questions? Call (310) 555-0142. Reply STOP to stop texts.`,
    );
    expect(onMyWayTextBody(business, booking.address)).toBe(`${business.name}: we're on our way to ${booking.address}. See you soon!`);
  });
});
