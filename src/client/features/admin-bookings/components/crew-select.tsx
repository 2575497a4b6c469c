import { useId, useState } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { MOVABLE_STATUSES, type AdminBooking } from '../../../../shared/schemas/admin';
import { useChangeCrew } from '../api/bookings-api';
import { actionToast } from './action-toast';

const selectClass =
  'h-10 rounded-md border border-neutral-300 bg-white px-2 text-base text-neutral-900 shadow-sm focus:border-gold-600 disabled:opacity-60 aria-[invalid=true]:border-red-700 sm:text-sm';

/** The crew doing a job; the owner may hand an active job to another crew that is free then. */
export function CrewSelect({ booking, crews }: { booking: AdminBooking; crews: number }) {
  const id = useId();
  const change = useChangeCrew();
  const [problem, setProblem] = useState<string | null>(null);
  const active = (MOVABLE_STATUSES as readonly string[]).includes(booking.status);
  // A booking on a crew beyond today's count (the owner lowered it) keeps its crew listed.
  const count = Math.max(crews, booking.crew);

  if (!active || count <= 1) return <span>Crew {booking.crew}</span>;

  return (
    <span className="inline-flex flex-col gap-1">
      <span className="inline-flex items-center gap-2">
        <label htmlFor={`${id}-crew`} className="font-semibold text-neutral-900">
          Crew<span className="sr-only"> for booking #{booking.id}</span>
        </label>
        <select
          id={`${id}-crew`}
          className={selectClass}
          value={booking.crew}
          disabled={change.isPending}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            const crew = Number(e.target.value);
            setProblem(null);
            change.mutate(
              { id: booking.id, crew },
              {
                onSuccess: (result) => actionToast('Crew Changed', result),
                onError: (err) => {
                  const message = errorMessage(err, 'Could not change the crew. Please try again.');
                  setProblem(message);
                  toast({ title: 'Crew Not Changed', description: message, variant: 'destructive' });
                },
              },
            );
          }}
        >
          {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </span>
      {problem && (
        <span id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </span>
      )}
    </span>
  );
}
