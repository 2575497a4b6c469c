import { useId, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { PickADay } from '../../../components/pick-a-day';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { useAvailableTimes, useBlockTime } from '../hooks/use-dashboard';
import { formatBookingDate } from '../../../../shared/business-time';
import { toIsoDate } from '../../../lib/dates';
import { SelectMenu } from './select-menu';
import { cardClass, primaryButtonClass } from './styles';

interface BlockTimeCardProps {
  /** Today in the business zone, as a local-midnight date. */
  today: Date;
  /** The month the calendar shows; the blocked-times list follows it. */
  month: Date;
  onMonthChange: (month: Date) => void;
}

/** Pick a day and one of its open hours, and mark it as a time you are not available. */
export function BlockTimeCard({ today, month, onMonthChange }: BlockTimeCardProps) {
  const [date, setDate] = useState<Date | undefined>();
  const [time, setTime] = useState('');
  const [missing, setMissing] = useState(false);
  const isoDate = date ? toIsoDate(date) : null;
  const times = useAvailableTimes(isoDate);
  const block = useBlockTime();
  const ids = { heading: useId(), calendar: useId(), time: useId(), missing: useId() };
  const slots = times.data ?? [];

  let placeholder = 'Select a time';
  if (!isoDate) placeholder = 'Select a date first';
  else if (times.isPending) placeholder = 'Loading times...';
  else if (times.isError) placeholder = 'Could not load times';
  else if (slots.length === 0) placeholder = 'No available times';

  function pickDay(day: Date | undefined) {
    setDate(day);
    setTime('');
    setMissing(false);
  }

  function handleBlock() {
    if (!date || !time) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const label = formatBookingDate(toIsoDate(date));
    block.mutate(
      { date: toIsoDate(date), time },
      {
        onSuccess: () => {
          toast({ title: 'Time Blocked', description: `Successfully blocked ${label} at ${time}`, variant: 'success' });
          setTime('');
        },
        onError: (err) => {
          toast({ title: 'Error', description: `Failed to block time: ${errorMessage(err, err.message)}`, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <section aria-labelledby={ids.heading} className={`${cardClass} p-4 sm:p-6`}>
      <h2 id={ids.heading} className="text-lg font-bold text-ink-950">
        Block Off Time
      </h2>
      <p className="mt-1 text-sm text-neutral-700">Choose a day and an hour when you are not available.</p>
      <div className="mt-5 flex flex-col gap-6">
        <div>
          <p id={ids.calendar} className="mb-2 text-sm font-medium text-neutral-900">
            Date
          </p>
          <div role="group" aria-labelledby={ids.calendar}>
            <PickADay selected={date} onPick={pickDay} formatDay={formatBookingDate} today={today} startMonth={today} disabled={{ before: today }} month={month} onMonthChange={onMonthChange} />
          </div>
        </div>
        <div className="space-y-4">
          <div className="space-y-1.5">
            <p id={ids.time} className="block text-sm font-medium text-neutral-900">
              Time
            </p>
            <SelectMenu
              value={time}
              onValueChange={setTime}
              options={slots.map((slot) => ({ value: slot, label: slot }))}
              labelledBy={ids.time}
              triggerClassName="inline-flex w-full items-center justify-between gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-sm text-neutral-900 shadow-sm hover:border-gold-500 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-700"
              placeholder={placeholder}
              disabled={!isoDate || slots.length === 0}
              isLoading={Boolean(isoDate) && times.isFetching}
            />
          </div>
          {missing && (
            <p id={ids.missing} role="alert" className="text-sm font-medium text-red-700">
              Please select both a date and time
            </p>
          )}
          <button type="button" className={`${primaryButtonClass} w-full`} disabled={!time || block.isPending} onClick={handleBlock}>
            {block.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            Block Selected Time
          </button>
        </div>
      </div>
    </section>
  );
}
