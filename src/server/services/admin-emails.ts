import ical from 'ical-generator';
import { BUSINESS, serviceTypeLabel } from '../../shared/constants';
import type { OutgoingEmail } from '../db/repositories/outbox';
import { renderEmail } from './emails/layout';

/** What the business's emails about one booking need to know. */
export interface BookingForEmail {
  id: number;
  serviceType: string;
  bookingDate: string;
  bookingTime: string;
  startsAt: Date;
  fullName: string;
  email: string;
  address: string;
  depositAmount: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "2026-11-02" -> "Monday, November 2, 2026" (a calendar date: no time zone involved). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

export const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

function details(b: BookingForEmail): [string, string][] {
  return [
    ['Booking', `#${b.id}`],
    ['Service', serviceTypeLabel(b.serviceType)],
    ['Date', longDate(b.bookingDate)],
    ['Time', b.bookingTime],
    ['Address', b.address],
  ];
}

/**
 * An .ics invitation for the appointment (one hour, in UTC so every calendar agrees). The UID is the booking's, so a calendar
 * that imported an earlier invitation updates that event instead of adding a second one.
 */
export function bookingIcs(b: BookingForEmail, opts: { publicUrl: string; now: Date }) {
  const calendar = ical({ name: BUSINESS.name, prodId: { company: BUSINESS.name, product: 'bookings' } });
  calendar.createEvent({
    id: `booking-${b.id}@${new URL(opts.publicUrl).host}`,
    sequence: Math.floor(opts.now.getTime() / 1000),
    start: b.startsAt,
    end: new Date(b.startsAt.getTime() + 60 * 60 * 1000),
    stamp: opts.now,
    summary: `${serviceTypeLabel(b.serviceType)} with ${BUSINESS.name}`,
    description: `Booking #${b.id}. Questions? Call ${BUSINESS.phone} or email ${BUSINESS.email}.`,
    location: b.address,
    url: opts.publicUrl,
  });
  return { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar.toString() };
}

export function bookingConfirmedByBusinessEmail(b: BookingForEmail, ics: OutgoingEmail['attachments']): OutgoingEmail {
  const body = renderEmail({
    heading: 'Your appointment is confirmed',
    paragraphs: [
      `Hello ${b.fullName},`,
      `We have confirmed your ${serviceTypeLabel(b.serviceType)} appointment on ${longDate(b.bookingDate)} at ${b.bookingTime}. The attached calendar invitation has the details.`,
      `Need to change something? Call us at ${BUSINESS.phone} or reply to this email.`,
    ],
    details: details(b),
  });
  return { kind: 'booking-confirmed-by-business', to: b.email, subject: `Confirmed: ${serviceTypeLabel(b.serviceType)} on ${longDate(b.bookingDate)} at ${b.bookingTime}`, ...body, attachments: ics };
}

export function bookingCancelledByBusinessEmail(b: BookingForEmail, refund: boolean): OutgoingEmail {
  const body = renderEmail({
    heading: 'Your appointment has been cancelled',
    paragraphs: [
      `Hello ${b.fullName},`,
      `We are sorry: we had to cancel your ${serviceTypeLabel(b.serviceType)} appointment on ${longDate(b.bookingDate)} at ${b.bookingTime}.`,
      refund
        ? `Your ${dollars(b.depositAmount)} deposit is being refunded in full to the card you paid with. Refunds usually appear within 5 to 10 business days.`
        : 'No deposit was charged for this booking, so there is nothing to refund.',
      `We would be glad to find you another time: book online or call us at ${BUSINESS.phone}.`,
    ],
    details: details(b),
  });
  return { kind: 'booking-cancelled-by-business', to: b.email, subject: `Cancelled: ${serviceTypeLabel(b.serviceType)} on ${longDate(b.bookingDate)}`, ...body };
}

export function bookingMovedEmail(b: BookingForEmail, previous: { date: string; time: string }, ics: OutgoingEmail['attachments']): OutgoingEmail {
  const body = renderEmail({
    heading: 'Your appointment has a new time',
    paragraphs: [
      `Hello ${b.fullName},`,
      `Your ${serviceTypeLabel(b.serviceType)} appointment has moved from ${longDate(previous.date)} at ${previous.time} to ${longDate(b.bookingDate)} at ${b.bookingTime}. The attached calendar invitation has the new time.`,
      `If the new time does not work for you, call us at ${BUSINESS.phone} or reply to this email.`,
    ],
    details: details(b),
  });
  return { kind: 'booking-moved', to: b.email, subject: `New time: ${serviceTypeLabel(b.serviceType)} on ${longDate(b.bookingDate)} at ${b.bookingTime}`, ...body, attachments: ics };
}
