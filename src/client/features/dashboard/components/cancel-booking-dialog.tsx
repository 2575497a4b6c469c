import { AlertDialog } from 'radix-ui';
import { DEPOSIT_AMOUNT, REFUND_NOTICE_HOURS } from '../../../../shared/constants';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import { formatBookingDate } from '../utils/format';
import { dangerButtonClass, outlineButtonClass } from './styles';

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
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={dangerButtonClass} disabled={isPending || disabled}>
          {isPending ? 'Cancelling...' : 'Cancel'}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border-t-4 border-gold-400 bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-ink-950">Cancel this booking?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-neutral-700">
              <p>
                Are you sure you want to cancel your booking for {formatBookingDate(booking.bookingDate)} at {booking.bookingTime}? This action cannot be
                undone.
              </p>
              <p className="font-medium text-neutral-900">{depositSentence(booking)}</p>
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <button type="button" className={outlineButtonClass}>
                No, keep it
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800" onClick={onConfirm}>
                Yes, cancel booking
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
