import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import type { AdminBooking, MoveBookingInput } from '../../../../shared/schemas/admin';
import { moveFormSchema } from '../utils/move-form';
import { useAdminSlots, useMoveBooking } from '../api/bookings-api';
import { useSiteConfig } from '../../../lib/site-config';
import { formatBookingDate, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { durationText as durationLabel } from '../../../../shared/duration-text';
import { hoursSentence } from '../../../../shared/hours-text';
import { actionToast } from './action-toast';
import { outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, FormField } from '../../../components/form-field';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';

function MoveForm({ booking, onDone }: { booking: AdminBooking; onDone: () => void }) {
  const id = useId();
  const { register, handleSubmit, setError, setValue, control, formState } = useForm<z.input<typeof moveFormSchema>, unknown, MoveBookingInput>({
    resolver: zodResolver(moveFormSchema),
    defaultValues: { date: booking.bookingDate, time: '' },
  });
  const date = useWatch({ control, name: 'date' }) ?? '';
  const { errors } = formState;
  const problem = errors.time?.message ?? errors.date?.message ?? errors.root?.message;
  const slots = useAdminSlots(date, booking.id);
  const config = useSiteConfig();
  const hours = config.data ? hoursSentence(config.data.schedule.hours) : null;
  const move = useMoveBooking();
  const grid = slots.data?.slots ?? [];

  const submit = handleSubmit(({ date, time }) =>
    move.mutate(
      { id: booking.id, date, time },
      {
        onSuccess: (result) => {
          actionToast('Booking Moved', result);
          onDone();
        },
        onError: (err) => {
          const message = errorMessage(err, 'Could not move the booking. Please try again.');
          setError('root', { type: 'server', message });
          // Someone may have taken the slot meanwhile: show the grid as it is now.
          void slots.refetch();
          toast({ title: 'Move Failed', description: message, variant: 'destructive' });
        },
      },
    ),
  );

  return (
    <DialogForm onSubmit={submit} pending={move.isPending} saveLabel="Move booking" pendingLabel="Moving...">
      <FormField id={`${id}-date`} label="New date">
        <input
          id={`${id}-date`}
          type="date"
          className={controlClass}
          min={todayInZone(new Date(), DEFAULT_BUSINESS_TZ)}
          {...register('date', { onChange: () => setValue('time', '') })}
        />
      </FormField>
      <FormField id={`${id}-time`} label="New time" hint={`This job takes ${durationLabel(booking.durationMinutes)}.${hours ? ` ${hours}` : ''}`}>
        <select id={`${id}-time`} className={controlClass} disabled={!date || slots.isPending || grid.length === 0} {...register('time')}>
          <option value="">{slots.isFetching ? 'Loading times...' : grid.length === 0 ? 'Closed that day' : 'Choose a time'}</option>
          {grid.map((slot) => {
            const isThisBooking = slot.time === booking.bookingTime && date === booking.bookingDate;
            // The server says whether this booking's own job (its length and buffer) fits there.
            const why = slot.available ? null : (slot.reason ?? 'past');
            return (
              <option key={slot.time} value={slot.time} disabled={!slot.available}>
                {slot.time}
                {why ? ` (${why})` : isThisBooking ? ' (current time)' : ''}
              </option>
            );
          })}
        </select>
      </FormField>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </DialogForm>
  );
}

/** Moves a booking to another slot of the business grid; the customer is emailed the new time. */
export function MoveBookingDialog({ booking, disabled }: { booking: AdminBooking; disabled: boolean }) {
  return (
    <FormDialog
      title={`Move booking #${booking.id}`}
      description={
        <>
          {booking.fullName} is booked on {formatBookingDate(booking.bookingDate)} at {booking.bookingTime}. The customer will be emailed the new time
          {booking.status === 'rescheduling' ? ' and the booking will be confirmed' : ''}.
        </>
      }
      trigger={
        <button type="button" className={outlineButtonClass} disabled={disabled}>
          Move<span className="sr-only"> booking #{booking.id}</span>
        </button>
      }
    >
      {(close) => <MoveForm booking={booking} onDone={close} />}
    </FormDialog>
  );
}
