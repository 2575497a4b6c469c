import { DEPOSIT_AMOUNT, REFUND_ARRIVAL, REFUND_NOTICE_HOURS, type RefundStatus } from '../../../../shared/constants';

/**
 * What the customer reads about their deposit once something happened to it. A refund the
 * provider has only started is "on its way", never "refunded".
 */
export function refundNote(refundStatus: RefundStatus): { title: string; text: string } | null {
  switch (refundStatus) {
    case 'pending':
      return { title: 'Refund on its way.', text: `Your $${DEPOSIT_AMOUNT} deposit refund has been started and usually reaches your card in ${REFUND_ARRIVAL}.` };
    case 'refunded':
      return { title: 'Deposit refunded.', text: `Your $${DEPOSIT_AMOUNT} deposit has been refunded to your card.` };
    case 'failed':
      return { title: 'Refund delayed.', text: `We could not refund your $${DEPOSIT_AMOUNT} deposit automatically; our team will refund it by hand.` };
    case 'kept':
      return { title: 'Deposit kept.', text: `The booking was cancelled less than ${REFUND_NOTICE_HOURS} hours before the appointment, so the $${DEPOSIT_AMOUNT} deposit was kept.` };
    case 'none':
      return null;
  }
}
