import { formatLongDate } from '../../../shared/business-time';
import { serviceTypeLabel } from '../../../shared/constants';
import type { QuoteLine } from '../../../shared/schemas/price-list';
import type { Settings } from '../../../shared/schemas/settings';

/**
 * The business as the owner describes it in /admin (settings), which every email names. The
 * caller reads it (see services/email-facts.ts); the builders here never use compiled constants.
 */
export type BusinessFacts = Pick<Settings['business'], 'name' | 'phone' | 'email'>;

/** The booking fields every booking email shows. */
export interface EmailBooking {
  id: number;
  serviceType: string;
  bookingDate: string;
  bookingTime: string;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  specialInstructions: string | null;
  depositAmount: number;
  /** The service's current name in the services table; absent, the slug's built-in label is used. */
  serviceName?: string | null;
  /** The job's lines as priced from the price list (none for a job booked as a whole), and their total. */
  lines?: readonly QuoteLine[];
  totalCents?: number | null;
}

/** What an email calls the booking's service: its current name, or the built-in label of its slug. */
export function serviceNameOf(b: { serviceType: string; serviceName?: string | null }): string {
  return b.serviceName ?? serviceTypeLabel(b.serviceType);
}

export { formatLongDate } from '../../../shared/business-time';
export { formatCents } from '../../../shared/money';

/** The appointment as a subject line names it: "TV Mounting on Monday, March 4, 2030 at 9:00 AM". */
export function appointmentOf(b: Pick<EmailBooking, 'serviceType' | 'serviceName' | 'bookingDate' | 'bookingTime'>): string {
  return `${serviceNameOf(b)} on ${formatLongDate(b.bookingDate)} at ${b.bookingTime}`;
}

/** The subject and heading of the customer's email about a new time, whoever moved it. */
export function newTimeTitles(b: Pick<EmailBooking, 'serviceType' | 'serviceName' | 'bookingDate' | 'bookingTime'>) {
  return { subject: `New time: ${appointmentOf(b)}`, heading: 'Your appointment has a new time' };
}

/** The appointment's rows in an email's details table. */
export function bookingDetailRows(b: Omit<EmailBooking, 'specialInstructions'> & { specialInstructions?: string | null }): [string, string][] {
  const rows: [string, string][] = [
    ['Booking', `#${b.id}`],
    ['Service', serviceNameOf(b)],
    ['Date', formatLongDate(b.bookingDate)],
    ['Time', b.bookingTime],
    ['Address', b.address],
  ];
  if (b.specialInstructions) rows.push(['Special instructions', b.specialInstructions]);
  return rows;
}

/** An .ics file as an email attachment. */
export function icsAttachment(bookingId: number, content: string) {
  return { filename: `booking-${bookingId}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content };
}
