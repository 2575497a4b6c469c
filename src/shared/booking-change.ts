import { FINAL_OR_WAITING_STATUSES, REFUND_NOTICE_HOURS } from './constants';

/*
 * When a customer may still change their own booking: the one rule behind the dashboard's and the
 * manage page's buttons and the server's checks, so a button never offers what the server refuses.
 */

/** The notice, in milliseconds, a refund or an online change of time needs before the start. */
export const NOTICE_MS = REFUND_NOTICE_HOURS * 3_600_000;

/** Whether the customer may still cancel or ask to reschedule: not cancelled, completed or already waiting on a reschedule. */
export function canActOnBooking(status: string): boolean {
  return !(FINAL_OR_WAITING_STATUSES as readonly string[]).includes(status);
}

/** Whether `startsAt` is at least the notice ahead of `now` (exactly 24 hours still counts). */
export function isBeforeNotice(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= NOTICE_MS;
}

/** A cancel now refunds the deposit: paid, still open to the customer, and the notice still ahead. */
export function isRefundableAt(b: { depositPaid: boolean; status: string; startsAt: Date }, now: Date): boolean {
  return b.depositPaid && canActOnBooking(b.status) && isBeforeNotice(b.startsAt, now);
}
