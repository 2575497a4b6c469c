import { format, parseISO } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_BUSINESS_TZ } from '../../shared/constants';
import { formatCents } from '../../shared/money';
import type { AdminBooking } from '../../shared/schemas/admin';

/*
 * Dates and money as the owner's screens write them, in one place for every admin feature (clock
 * times come from shared/hours-text, cents from shared/money).
 */

/** 'yyyy-MM-dd' (a calendar date, no zone) as 'EEE, MMM d, yyyy'. */
export function formatShortDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'EEE, MMM d, yyyy');
}

/** 'yyyy-MM-dd' as 'MMMM d, yyyy'. */
export function formatBookingDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'MMMM d, yyyy');
}

/** An ISO instant shown on the business's clock, e.g. 'Oct 1, 2026, 9:05 AM'. */
export function formatInstant(iso: string, timeZone = DEFAULT_BUSINESS_TZ): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(new TZDate(date.getTime(), timeZone), 'MMM d, yyyy, h:mm a');
}

/** Today on the business's calendar, 'yyyy-MM-dd' (call after mount: it depends on the clock). */
export function businessToday(now = new Date(), timeZone = DEFAULT_BUSINESS_TZ): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The deposit's state in a few words for the owner. */
export function depositLabel(b: Pick<AdminBooking, 'depositPaid' | 'depositAmount' | 'refundStatus'>): string {
  if (!b.depositPaid) return 'Not paid';
  switch (b.refundStatus) {
    case 'refunded':
      return `${formatCents(b.depositAmount)} refunded`;
    case 'pending':
      return 'Refund pending';
    case 'failed':
      return 'Refund failed';
    case 'kept':
      return `${formatCents(b.depositAmount)} kept`;
    default:
      return `${formatCents(b.depositAmount)} paid`;
  }
}
