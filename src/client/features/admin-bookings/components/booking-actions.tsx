import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { ADMIN_TRANSITIONS, MOVABLE_STATUSES, type AdminBooking, type AdminStatusAction } from '../../../../shared/schemas/admin';
import { useChangeBookingStatus, useRetryRefund } from '../api/bookings-api';
import { formatCents as depositAmountLabel } from '../../../../shared/money';
import { formatBookingDate } from '../../../../shared/business-time';
import { actionToast } from './action-toast';
import { MoveBookingDialog } from './move-booking-dialog';
import { dangerButtonClass, goldButtonClass, primaryButtonClass } from '../../../components/admin/styles';

const SUCCESS_TITLE: Record<AdminStatusAction, string> = {
  confirmed: 'Booking Confirmed',
  completed: 'Booking Completed',
  cancelled: 'Booking Cancelled',
};

function CancelDialog({ booking, isPending, onConfirm }: { booking: AdminBooking; isPending: boolean; onConfirm: () => void }) {
  const refundDue = booking.depositPaid && booking.refundStatus !== 'refunded';
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={dangerButtonClass} disabled={isPending}>
          Cancel<span className="sr-only"> booking #{booking.id}</span>
        </button>
      }
      title={`Cancel booking #${booking.id}?`}
      cancelLabel="No, keep it"
      confirmLabel="Yes, cancel booking"
      onConfirm={onConfirm}
    >
              <p>
                {booking.fullName}&apos;s appointment on {formatBookingDate(booking.bookingDate)} at {booking.bookingTime} will be cancelled and the
                customer will be emailed. This cannot be undone.
              </p>
              <p className="font-semibold text-neutral-900">
                {refundDue
                  ? `The ${depositAmountLabel(booking.depositAmount)} deposit will be refunded in full to the customer's card.`
                  : 'No deposit was paid, so there is nothing to refund.'}
              </p>
            </ConfirmDialog>
  );
}

/** The actions the business may take on a booking in its current status. */
export function BookingActions({ booking }: { booking: AdminBooking }) {
  const change = useChangeBookingStatus();
  const refund = useRetryRefund();
  const allowed = ADMIN_TRANSITIONS[booking.status] ?? [];
  const canMove = (MOVABLE_STATUSES as readonly string[]).includes(booking.status);
  // A pending refund is on its way (the provider settles it); only a failed one needs the owner.
  const canRetryRefund = booking.status === 'cancelled' && booking.depositPaid && booking.refundStatus === 'failed';
  const busy = change.isPending || refund.isPending;

  function run(status: AdminStatusAction) {
    // mutateAsync: under a status filter the row leaves the list on the refetch, and an unmounted
    // row's mutate callbacks would never run.
    change.mutateAsync({ id: booking.id, status }).then(
      (result) => actionToast(SUCCESS_TITLE[status], result),
      (err: unknown) => toast({ title: 'Action Failed', description: errorMessage(err, 'Could not update the booking. Please try again.'), variant: 'destructive' }),
    );
  }

  function retry() {
    refund.mutateAsync(booking.id).then(
      (result) => actionToast('Refund', result),
      (err: unknown) => toast({ title: 'Refund Failed', description: errorMessage(err, 'Could not refund the deposit. Please try again.'), variant: 'destructive' }),
    );
  }

  if (!allowed.length && !canMove && !canRetryRefund) return <span className="text-sm text-neutral-600">No actions</span>;

  return (
    <div className="flex flex-wrap gap-2">
      {allowed.includes('confirmed') && (
        <button type="button" className={goldButtonClass} disabled={busy} onClick={() => run('confirmed')}>
          {change.isPending && change.variables?.status === 'confirmed' ? 'Confirming...' : 'Confirm'}
          <span className="sr-only"> booking #{booking.id}</span>
        </button>
      )}
      {allowed.includes('completed') && (
        <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => run('completed')}>
          {change.isPending && change.variables?.status === 'completed' ? 'Completing...' : 'Complete'}
          <span className="sr-only"> booking #{booking.id}</span>
        </button>
      )}
      {canMove && <MoveBookingDialog booking={booking} disabled={busy} />}
      {allowed.includes('cancelled') && <CancelDialog booking={booking} isPending={busy} onConfirm={() => run('cancelled')} />}
      {canRetryRefund && (
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={retry}>
          {refund.isPending ? 'Refunding...' : 'Retry refund'}
          <span className="sr-only"> for booking #{booking.id}</span>
        </button>
      )}
    </div>
  );
}
