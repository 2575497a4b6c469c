import { format, parseISO } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_BUSINESS_TZ, serviceTypeLabel } from '../../../../shared/constants';
import type { AdminBooking } from '../../../../shared/schemas/admin';

export { serviceTypeLabel };

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

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

/** The deposit's state in a few words for the owner. */
export function depositLabel(b: Pick<AdminBooking, 'depositPaid' | 'depositAmount' | 'refundStatus'>): string {
  if (!b.depositPaid) return 'Not paid';
  switch (b.refundStatus) {
    case 'refunded':
      return `${dollars(b.depositAmount)} refunded`;
    case 'pending':
      return 'Refund pending';
    case 'failed':
      return 'Refund failed';
    case 'kept':
      return `${dollars(b.depositAmount)} kept`;
    default:
      return `${dollars(b.depositAmount)} paid`;
  }
}

export function depositAmountLabel(cents: number): string {
  return dollars(cents);
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
