import { randomUUID } from 'node:crypto';
import { balanceCents } from '../../../shared/invoice-money';
import type { Db } from '../../db/client';
import { LINK_TOKEN, canTextBooking, invoiceReminderEmail, invoiceReminderTextBody, queueEmail, queueText, toUsE164, withServiceName, type InvoiceMessageFacts } from '../../messaging';
import { requestReview } from '../../reviews';
import { getSettings } from '../../settings';
import { findInvoiceBooking, listInvoicesToRemind, listInvoicesWithReviewWaiting, lockInvoice, updateInvoice } from '../repositories/invoices';

/**
 * What happens to an invoice after it was sent or drafted, on the job queue's timed jobs
 * (decision 0021): reminders of a sent, unpaid invoice 3 and 7 days after it was last sent, and
 * the review request of a job whose invoice was never sent nor paid through the site. Each runs
 * on the app's clock, in one transaction per invoice holding its lock, and records what it queued
 * in that transaction, so a run repeated, concurrent or after a restart queues nothing twice.
 */

const DAY_MS = 86_400_000;

/** Days after an invoice was (last) sent when it is reminded, while it is owed. */
export const INVOICE_REMINDER_DAYS = [3, 7] as const;

/**
 * Days after a job was completed when its review request goes on its own, if its invoice is still
 * a draft (the owner never sent it nor recorded a payment) or void. A sent invoice still owed keeps
 * the request for its receipt.
 */
export const REVIEW_FALLBACK_DAYS = 3;

export interface FollowUpDeps {
  db: Db;
  now: Date;
  publicUrl: string;
  /** Texts are configured (Twilio); a customer who asked for texts is reminded by text too. */
  textsEnabled: boolean;
  log?: { info(obj: object, msg: string): void };
}

/** How many reminders are due for an invoice sent at `sentAt`: 0, 1 (3 days on) or 2 (7 days on). */
export function remindersDue(sentAt: Date, now: Date): number {
  const elapsed = now.getTime() - sentAt.getTime();
  return INVOICE_REMINDER_DAYS.filter((days) => elapsed >= days * DAY_MS).length;
}

/**
 * Queues the reminders that are due: an email with a fresh link to the invoice (made as it goes
 * out) and, when texts are on and the customer asked for them, a text. A paid or void invoice is
 * never reminded; a partly paid one is, for what is left. A sweep that missed both days (the site
 * was down) sends one reminder, counted as the second, not two at once.
 * Answers how many reminders were queued.
 */
export async function sendInvoiceReminders(deps: FollowUpDeps): Promise<number> {
  const { now } = deps;
  const candidates = await listInvoicesToRemind(deps.db, new Date(now.getTime() - INVOICE_REMINDER_DAYS[0] * DAY_MS));
  let queued = 0;
  for (const id of candidates) {
    const reminded = await deps.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, { id });
      if (!inv || (inv.status !== 'sent' && inv.status !== 'partly_paid') || !inv.sentAt || !inv.number) return false;
      const due = remindersDue(inv.sentAt, now);
      if (due <= inv.remindersSent) return false;
      await updateInvoice(tx, inv.id, { remindersSent: due, remindedAt: now });

      const booking = (await findInvoiceBooking(tx, inv.bookingId))!;
      const { serviceName } = await withServiceName(tx, booking);
      const { name, phone, email } = (await getSettings(tx)).business;
      const business = { name, phone, email };
      const facts: InvoiceMessageFacts = { ...inv, number: inv.number, customerName: booking.fullName, email: booking.email, serviceName, jobDate: booking.bookingDate, balanceCents: balanceCents(inv) };
      const link = { kind: 'invoice' as const, ref: inv.id };
      const url = `${deps.publicUrl}/invoice/${LINK_TOKEN}`;
      await queueEmail(tx, { ...invoiceReminderEmail(facts, due, { link: url, business }), link });
      const to = toUsE164(booking.phone);
      if (to !== null && canTextBooking(booking, deps.textsEnabled)) {
        await queueText(tx, { kind: 'invoice_reminder', to, body: invoiceReminderTextBody(facts, { link: url, business }), dedupeKey: `invoice-reminder-${inv.id}-${due}-${randomUUID()}`, link }, now);
      }
      return true;
    });
    if (reminded) queued++;
  }
  if (queued) deps.log?.info({ queued }, 'invoice reminders queued');
  return queued;
}

/**
 * Sends the review requests left waiting for a receipt that will not come: the job was completed
 * REVIEW_FALLBACK_DAYS ago or more and its invoice is still a draft or void. Under the invoice's
 * lock, so a payment recorded at the same moment (whose receipt would carry the request) and this
 * take turns and the customer is asked once. Answers how many were queued.
 */
export async function requestWaitingReviews(deps: FollowUpDeps): Promise<number> {
  const { now } = deps;
  const waiting = await listInvoicesWithReviewWaiting(deps.db, new Date(now.getTime() - REVIEW_FALLBACK_DAYS * DAY_MS));
  let queued = 0;
  for (const id of waiting) {
    const asked = await deps.db.transaction(async (tx) => {
      const inv = await lockInvoice(tx, { id });
      if (!inv || (inv.status !== 'draft' && inv.status !== 'void')) return false;
      const booking = await findInvoiceBooking(tx, inv.bookingId);
      if (!booking || booking.status !== 'completed') return false;
      return requestReview(tx, booking, { publicUrl: deps.publicUrl, now });
    });
    if (asked) queued++;
  }
  if (queued) deps.log?.info({ queued }, 'review requests left waiting for a receipt queued');
  return queued;
}
