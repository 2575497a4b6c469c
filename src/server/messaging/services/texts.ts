import { clockLabelAt, formatWeekdayDay } from '../../../shared/business-time';
import type { Db, DbOrTx } from '../../db/client';
import { lockBookingById } from '../../bookings';
import { latestTextSince, queueText } from '../repositories/sms-outbox';
import { ConflictError, NotFoundError } from '../../errors';
import { businessFacts } from './email-facts';
import type { BusinessFacts } from '../emails/format';
import type { LinkRef } from './links';
import { toUsE164 } from './phone';
import { todayInZone } from '../../schedule';

interface Log {
  warn: (obj: object, msg: string) => void;
}

/** What a booking needs for a text: the customer's consent and a number that can take one. */
interface TextableBooking {
  id: number;
  smsOptIn: boolean;
  phone: string;
}

/** Texts go only when Twilio is configured, the customer ticked the box on /book, and the phone is a US number. */
export function canTextBooking(b: Omit<TextableBooking, 'id'>, textsEnabled: boolean): boolean {
  return textsEnabled && b.smsOptIn && toUsE164(b.phone) !== null;
}

/** The jobs "On my way" is for: work still ahead, on its day (business clock). */
const ON_MY_WAY_STATUSES = ['confirmed', 'rescheduling'];

/** Whether the owner's Today screen offers "On my way" for this job now. */
export function canSendOnMyWay(b: Omit<TextableBooking, 'id'> & { status: string; bookingDate: string }, p: { textsEnabled: boolean; now: Date; timeZone: string }): boolean {
  return canTextBooking(b, p.textsEnabled) && ON_MY_WAY_STATUSES.includes(b.status) && b.bookingDate === todayInZone(p.now, p.timeZone);
}

/**
 * Queues the text of the 24-hour reminder for a booking whose customer asked for texts; the
 * caller checks that texts are configured. Keyed by booking and start: running the job again
 * queues nothing, and a booking moved to another time is reminded of the new one. A phone that is
 * not a US number is skipped and logged. Pass the reminder's transaction.
 */
export async function queueReminderText(
  tx: DbOrTx,
  b: TextableBooking & { serviceName: string; bookingDate: string; bookingTime: string; address: string; startsAt: Date },
  p: { business: BusinessFacts; now: Date; log?: Log; manageUrl?: string; link?: LinkRef },
): Promise<boolean> {
  if (!b.smsOptIn) return false;
  const to = toUsE164(b.phone);
  if (!to) {
    p.log?.warn({ bookingId: b.id }, 'reminder text skipped: the phone is not a US number');
    return false;
  }
  return queueText(tx, { kind: 'booking_reminder', to, body: reminderTextBody(b, p), dedupeKey: `reminder-${b.id}-${b.startsAt.getTime()}`, link: p.link }, p.now);
}

/** The reminder text's words: the business's and the booking's facts, as stored. */
export function reminderTextBody(
  b: { serviceName: string; bookingDate: string; bookingTime: string; address: string },
  p: { business: BusinessFacts; manageUrl?: string },
): string {
  const manage = p.manageUrl ? ` Change or cancel: ${p.manageUrl}` : '';
  return `${p.business.name}: reminder of your ${b.serviceName} on ${formatWeekdayDay(b.bookingDate)} at ${b.bookingTime}, ${b.address}.${manage} Questions? Call ${p.business.phone}. Reply STOP to stop texts.`;
}

/** The "On my way" text's words. */
export function onMyWayTextBody(business: BusinessFacts, address: string): string {
  return `${business.name}: we're on our way to ${address}. See you soon!`;
}

/** The least time between two "On my way" texts of one booking. */
export const ON_MY_WAY_INTERVAL_MS = 10 * 60_000;

export interface OnMyWayDeps {
  db: Db;
  now: Date;
  timeZone: string;
  textsEnabled: boolean;
}

/**
 * Queues "we're on our way" to the customer of booking `id` (the owner's Today screen). Refused
 * (409) when texts are off, the customer did not ask for texts or has no US number, the job is
 * not today's or not ahead, or one went out for this booking less than 10 minutes ago: a second
 * tap, or a second phone, sends nothing twice. The text itself goes out through the outbox.
 */
export async function sendOnMyWay(deps: OnMyWayDeps, id: number): Promise<{ message: string }> {
  const { now, timeZone } = deps;
  return deps.db.transaction(async (tx) => {
    // The row lock makes two taps at once take turns, so the second sees the first's text.
    const b = await lockBookingById(tx, id);
    if (!b) throw new NotFoundError('Booking not found.');
    if (!deps.textsEnabled) throw new ConflictError('Text messages are not set up, so "On my way" cannot be sent.');
    if (!b.smsOptIn) throw new ConflictError(`${b.fullName} did not ask for text messages when booking.`);
    const to = toUsE164(b.phone);
    if (!to) throw new ConflictError(`${b.phone} is not a US phone number we can text.`);
    if (!ON_MY_WAY_STATUSES.includes(b.status)) throw new ConflictError(`"On my way" is only for confirmed jobs; this booking is ${b.status}.`);
    if (b.bookingDate !== todayInZone(now, timeZone)) throw new ConflictError('"On my way" can only be sent on the day of the job.');

    const keyPrefix = `on-my-way-${b.id}-`;
    const last = await latestTextSince(tx, keyPrefix, new Date(now.getTime() - ON_MY_WAY_INTERVAL_MS));
    if (last) {
      const again = new Date(last.getTime() + ON_MY_WAY_INTERVAL_MS);
      throw new ConflictError(`"On my way" was already texted to ${b.fullName} at ${clockLabel(last, timeZone, 'floor')}. You can send it again from ${clockLabel(again, timeZone, 'ceil')}.`);
    }
    const business = await businessFacts(tx);
    await queueText(tx, { kind: 'on_my_way', to, body: onMyWayTextBody(business, b.address), dedupeKey: `${keyPrefix}${now.getTime()}` }, now);
    return { message: `${b.fullName} will get a text that you're on your way.` };
  });
}

/** "9:41 AM" on the business clock, the instant rounded down or up to its minute. */
function clockLabel(instant: Date, timeZone: string, round: 'floor' | 'ceil'): string {
  return clockLabelAt(new Date(Math[round](instant.getTime() / 60_000) * 60_000), timeZone);
}
