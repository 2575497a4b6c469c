import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { MoveOwnBookingInput } from '../../shared/schemas/manage';
import { PickADay } from './pick-a-day';
import { toast } from './ui/use-toast';
import { ApiError, errorMessage } from '../lib/api';
import { formatLongDate } from '../../shared/business-time';
import { addCalendarDays, toIsoDate } from '../lib/dates';

// No colour transition: the chosen start reads at full contrast at once.
const SLOT = 'min-h-11 rounded-md border px-3 py-2 text-sm font-semibold';
const SLOT_IDLE = `${SLOT} border-neutral-300 bg-white text-neutral-900 hover:border-gold-500 hover:bg-gold-50`;
const SLOT_ON = `${SLOT} border-ink-950 bg-ink-950 text-gold-300`;

interface ChangeTimePanelProps {
  /** The query key of the starts offered for this booking; the date is appended. */
  slotsKey: readonly unknown[];
  getSlots: (date: string) => Promise<string[]>;
  /** Moves the booking; resolves with the server's sentence about the new time. */
  move: (input: MoveOwnBookingInput) => Promise<{ message: string }>;
  /** Today in the business's zone (local midnight). */
  today: Date;
  /** How many days ahead the owner takes bookings. */
  windowDays: number;
  onMoved: (message: string) => void;
  onClose: () => void;
}

/**
 * A customer picks a new time for their own booking (the manage link or My Bookings): a date,
 * then one of its starts for this booking's job, then confirm. A 409 refreshes the starts.
 */
export function ChangeTimePanel({ slotsKey, getSlots, move: moveBooking, today, windowDays, onMoved, onClose }: ChangeTimePanelProps) {
  const headingId = useId();
  const timesId = useId();
  const [date, setDate] = useState<Date | undefined>(undefined);
  const [time, setTime] = useState<string | null>(null);
  const iso = date ? toIsoDate(date) : null;
  const slots = useQuery({ queryKey: [...slotsKey, iso ?? ''], queryFn: () => getSlots(iso!), enabled: iso !== null });
  const move = useMutation({ mutationFn: moveBooking });
  const last = addCalendarDays(today, windowDays);

  function pickDay(day: Date | undefined) {
    setDate(day);
    setTime(null);
  }

  function confirm() {
    if (!iso || !time) return;
    move.mutate(
      { bookingDate: iso, bookingTime: time },
      {
        onSuccess: (result) => onMoved(result.message),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            setTime(null);
            void slots.refetch();
          }
          toast({ title: 'Could not change the time', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-gold-300 bg-gold-50/40 p-3 sm:p-5">
      <h2 id={headingId} className="font-display text-lg font-semibold text-ink-950">
        Pick a new time
      </h2>
      <div className="flex justify-center rounded-lg bg-white py-2 sm:justify-start sm:border sm:border-neutral-200 sm:p-2">
        <PickADay selected={date} onPick={pickDay} formatDay={formatLongDate} today={today} defaultMonth={today} startMonth={today} endMonth={last} disabled={[{ before: addCalendarDays(today, 1) }, { after: last }]} />
      </div>
      {iso && (
        <div className="space-y-2">
          <h3 id={timesId} className="text-sm font-semibold text-ink-950">
            Available start times on {formatLongDate(iso)}
          </h3>
          {slots.isPending ? (
            <p className="text-sm text-neutral-700" aria-busy="true">
              Loading available times...
            </p>
          ) : slots.isError ? (
            <p className="text-sm text-red-800" role="alert">
              We couldn't load the times for this day.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void slots.refetch()}>
                Try again
              </button>
            </p>
          ) : slots.data.length === 0 ? (
            <p className="text-sm text-neutral-700">No times are available on this day. Please pick another date.</p>
          ) : (
            <div role="group" aria-labelledby={timesId} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {slots.data.map((label) => (
                <button key={label} type="button" aria-pressed={time === label} className={time === label ? SLOT_ON : SLOT_IDLE} onClick={() => setTime(label)}>
                  {label}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-neutral-300 bg-white px-4 py-2 text-sm font-semibold text-neutral-900 hover:bg-neutral-50"
          onClick={onClose}
        >
          Keep my current time
        </button>
        <button
          type="button"
          disabled={!iso || !time || move.isPending}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-ink-950 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-60"
          onClick={confirm}
        >
          {move.isPending ? 'Changing...' : iso && time ? `Move to ${formatLongDate(iso)} at ${time}` : 'Confirm new time'}
        </button>
      </div>
    </section>
  );
}
