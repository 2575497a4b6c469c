import { DEPOSIT_AMOUNT, REFUND_NOTICE_HOURS } from '../../../../shared/constants';
import type { ManagedBooking } from '../../../../shared/schemas/manage';

/** Where the deposit stands, in a few words. */
export function depositState(b: Pick<ManagedBooking, 'depositPaid' | 'refundStatus'>): string {
  if (!b.depositPaid) return 'No deposit paid';
  switch (b.refundStatus) {
    case 'refunded':
      return `$${DEPOSIT_AMOUNT} deposit refunded`;
    case 'pending':
      return `$${DEPOSIT_AMOUNT} deposit refund on its way`;
    case 'failed':
      return `$${DEPOSIT_AMOUNT} deposit: our team will refund it by hand`;
    case 'kept':
      return `$${DEPOSIT_AMOUNT} deposit kept (cancelled less than ${REFUND_NOTICE_HOURS} hours ahead)`;
    default:
      return `$${DEPOSIT_AMOUNT} deposit paid`;
  }
}

/** What cancelling now does to the deposit, said before the click. */
export function cancelDepositSentence(b: Pick<ManagedBooking, 'depositPaid' | 'isRefundable'>): string {
  if (b.isRefundable) return `If you cancel now, your $${DEPOSIT_AMOUNT} deposit will be refunded to your card.`;
  if (b.depositPaid) return `Your appointment is less than ${REFUND_NOTICE_HOURS} hours away: if you cancel now, the $${DEPOSIT_AMOUNT} deposit is kept.`;
  return 'No deposit was charged for this booking, so nothing will be refunded.';
}

