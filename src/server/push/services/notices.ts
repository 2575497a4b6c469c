import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/enqueue';
import type { PushEvent } from '../../../shared/schemas/push';
import { anySubscriptionWants, insertPushEvent } from '../repositories/push';

/**
 * What the owner's phone shows: a title, a line, and the screen a tap opens (a path of the site).
 * The words are made here, one place, from the facts each domain passes.
 */
export interface PushNotice {
  kind: PushEvent;
  title: string;
  body: string;
  url: string;
  /** One notice per change, however often the code that reports it runs. */
  dedupeKey: string;
}

/** "Fri, Jun 5" for a yyyy-MM-dd date. */
function shortDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

interface BookingFacts {
  id: number;
  fullName: string;
  serviceName: string;
  bookingDate: string;
  bookingTime: string;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;

export function bookingPaidNotice(b: BookingFacts & { depositAmount: number }): PushNotice {
  return {
    kind: 'booking_paid',
    title: `Booking paid: ${b.serviceName}`,
    body: `${b.fullName} paid the ${money(b.depositAmount)} deposit for ${shortDay(b.bookingDate)} at ${b.bookingTime}.`,
    url: '/admin?tab=bookings',
    dedupeKey: `booking-paid:${b.id}`,
  };
}

export function bookingCancelledNotice(b: BookingFacts): PushNotice {
  return {
    kind: 'booking_cancelled',
    title: `Cancelled: ${b.serviceName}`,
    body: `${b.fullName} cancelled ${shortDay(b.bookingDate)} at ${b.bookingTime}.`,
    url: '/admin?tab=bookings',
    dedupeKey: `booking-cancelled:${b.id}`,
  };
}

export function estimateRequestedNotice(e: { id: number; fullName: string; description: string }): PushNotice {
  const about = e.description.length > 80 ? `${e.description.slice(0, 79)}…` : e.description;
  return { kind: 'estimate_requested', title: `Estimate request from ${e.fullName}`, body: about, url: `/admin?request=${e.id}`, dedupeKey: `estimate-requested:${e.id}` };
}

export function invoicePaidNotice(i: { id: number; number: string; customerName: string; totalCents: number }): PushNotice {
  return {
    kind: 'invoice_paid',
    title: `Invoice ${i.number} paid`,
    body: `${i.customerName}’s invoice of ${money(i.totalCents)} is paid in full.`,
    url: '/admin?tab=numbers',
    dedupeKey: `invoice-paid:${i.id}`,
  };
}

export function contactMessageNotice(m: { id: number; fullName: string; subject: string }): PushNotice {
  return { kind: 'contact_message', title: `Message from ${m.fullName}`, body: m.subject, url: '/admin?tab=messages', dedupeKey: `contact-message:${m.id}` };
}

/** `since` tells one failure from the next: a feed that failed, worked and failed again is news twice. */
export function calendarFailingNotice(f: { id: number; name: string; error: string; since: Date }): PushNotice {
  return {
    kind: 'calendar_failing',
    title: `Calendar “${f.name}” stopped syncing`,
    body: f.error,
    url: '/admin?tab=schedule',
    dedupeKey: `calendar-failing:${f.id}:${f.since.toISOString()}`,
  };
}

/**
 * Queues a notice for the owner's devices in the caller's transaction, with its `send-push` job,
 * so it exists if and only if the change that causes it commits. Nothing is stored when no
 * device wants its kind. True when queued.
 */
export async function queuePush(tx: DbOrTx, notice: PushNotice, now: Date): Promise<boolean> {
  if (!(await anySubscriptionWants(tx, notice.kind))) return false;
  const id = await insertPushEvent(tx, { ...notice, now });
  if (id === null) return false;
  await enqueueJob(tx, 'send-push', { pushEventId: id }, { jobKey: `push:${id}` });
  return true;
}
