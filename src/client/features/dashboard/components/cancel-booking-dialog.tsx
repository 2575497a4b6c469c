import { DEPOSIT_AMOUNT, REFUND_NOTICE_HOURS } from '../../../../shared/constants';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { formatBookingDate } from '../../../../shared/business-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { dangerButtonClass } from './styles';

/** What cancelling now does to the deposit, in one sentence. */
export function depositSentence(booking: Pick<DashboardBooking, 'depositPaid' | 'isRefundable'>): string {
  if (booking.isRefundable) return `Your $${DEPOSIT_AMOUNT} deposit will be refunded to your card.`;
  if (booking.depositPaid) {
    return `Your $${DEPOSIT_AMOUNT} deposit will be kept, because the appointment is less than ${REFUND_NOTICE_HOURS} hours away.`;
  }
  return 'No deposit was charged for this booking, so nothing will be refunded.';
}

interface CancelBookingDialogProps {
  booking: DashboardBooking;
  isPending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}

export function CancelBookingDialog({ booking, isPending, disabled = false, onConfirm }: CancelBookingDialogProps) {
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={dangerButtonClass} disabled={isPending || disabled}>
          {isPending ? 'Cancelling...' : 'Cancel'}
        </button>
      }
      title="Cancel this booking?"
      cancelLabel="No, keep it"
      confirmLabel="Yes, cancel booking"
      onConfirm={onConfirm}
    >
      <p>
        Are you sure you want to cancel your booking for {formatBookingDate(booking.bookingDate)} at {booking.bookingTime}? This action cannot be undone.
      </p>
      <p className="font-medium text-neutral-900">{depositSentence(booking)}</p>
    </ConfirmDialog>
  );
}
