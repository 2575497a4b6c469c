import { useId } from 'react';
import { CalendarOff, Loader2, Trash2 } from 'lucide-react';
import type { BlockedTime } from '../../../../shared/schemas/dashboard';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { useBlockedTimes, useUnblockTime } from '../hooks/use-dashboard';
import { sortBookings } from '../utils/booking-filters';
import { formatLongDate } from '../../../../shared/business-time';
import { ListSkeleton, LoadError } from './empty-state';
import { cardClass } from './styles';

function BlockedTimeRow({ blocked }: { blocked: BlockedTime }) {
  const unblock = useUnblockTime();
  const dateLabel = formatLongDate(blocked.date);

  function handleRemove() {
    // mutateAsync: the row leaves the list when the refetch comes back, before mutate callbacks run.
    unblock.mutateAsync(blocked.id).then(
      () => toast({ title: 'Time Unblocked', description: `${dateLabel} at ${blocked.time} is open again.`, variant: 'success' }),
      (err: unknown) =>
        toast({
          title: 'Error',
          description: `Failed to unblock time: ${errorMessage(err, err instanceof Error ? err.message : 'Please try again.')}`,
          variant: 'destructive',
        }),
    );
  }

  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold text-ink-950">{dateLabel}</p>
        <p className="text-sm text-neutral-700">
          {blocked.time} - {blocked.endTime}
        </p>
      </div>
      <button
        type="button"
        onClick={handleRemove}
        disabled={unblock.isPending}
        aria-label={`Remove blocked time on ${dateLabel} at ${blocked.time}`}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md border border-neutral-300 text-red-700 hover:border-red-700 hover:bg-red-50 disabled:opacity-60"
      >
        {unblock.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
      </button>
    </li>
  );
}

interface BlockedTimesCardProps {
  /** First and last day (`yyyy-MM-dd`) of the month the calendar shows. */
  startDate: string;
  endDate: string;
  monthLabel: string;
}

/** The customer's blocks in the displayed month, each removable. */
export function BlockedTimesCard({ startDate, endDate, monthLabel }: BlockedTimesCardProps) {
  const headingId = useId();
  const blocked = useBlockedTimes(startDate, endDate);
  const items = sortBookings(
    (blocked.data ?? []).map((b) => ({ ...b, bookingDate: b.date, bookingTime: b.time })),
    'asc',
  );

  return (
    <section aria-labelledby={headingId} className={`${cardClass} p-5 sm:p-6`}>
      <h2 id={headingId} className="text-lg font-bold text-ink-950">
        Your Blocked Times
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{monthLabel}</p>
      <div className="mt-4">
        {blocked.isPending ? (
          <ListSkeleton rows={2} label="Loading blocked times" />
        ) : blocked.isError ? (
          <LoadError message="We couldn't load your blocked times." onRetry={() => void blocked.refetch()} />
        ) : items.length === 0 ? (
          <div className="flex items-center gap-3 rounded-lg bg-neutral-50 px-4 py-5 text-sm text-neutral-700">
            <CalendarOff className="h-5 w-5 shrink-0 text-gold-600" aria-hidden="true" />
            <p>You don&apos;t have any blocked times for this month.</p>
          </div>
        ) : (
          <ul className="divide-y divide-neutral-100">
            {items.map((b) => (
              <BlockedTimeRow key={b.id} blocked={b} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
