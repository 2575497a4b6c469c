import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_BUSINESS_TZ } from '../../shared/constants';
import { formatCents } from '../../shared/money';
import type { AdminBooking } from '../../shared/schemas/admin';

/*
 * What only the owner's screens write: instants and deposit states (calendar dates, today and
 * clock times come from shared/business-time, cents from shared/money).
 */

/** An ISO instant shown on the business's clock, e.g. 'Oct 1, 2026, 9:05 AM'. */
export function formatInstant(iso: string, timeZone = DEFAULT_BUSINESS_TZ): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(new TZDate(date.getTime(), timeZone), 'MMM d, yyyy, h:mm a');
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
