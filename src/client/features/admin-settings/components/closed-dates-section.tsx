import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX, X } from 'lucide-react';
import { goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlClass, FieldError, labelClass } from '../../../components/form-field';
import { toast } from '../../../components/ui/use-toast';
import { formatBookingDate, formatWeekday, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { errorMessage } from '../../../lib/api';
import { apiFieldErrors } from '../../../lib/form-errors';
import { useUpdateSettings } from '../api/settings-api';
import { closedDateFormSchema } from '../utils/settings-forms';
import { Section } from './settings-section';

/** 'yyyy-MM-dd' in words, with its weekday: 'Wednesday, March 10, 2027'. */
function dateInWords(isoDate: string): string {
  return `${formatWeekday(isoDate)}, ${formatBookingDate(isoDate)}`;
}

/** Closed dates save at once: adding or removing one is a single tap on the phone. */
export function ClosedDatesSection({ closedDates }: { closedDates: string[] }) {
  const id = useId();
  const update = useUpdateSettings();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<{ date: string }>({ resolver: zodResolver(closedDateFormSchema), defaultValues: { date: '' } });
  const error = formState.errors.date?.message;
  // Rendered in the browser only (the admin area is not server-rendered), so today is the visitor's.
  const today = todayInZone(new Date(), DEFAULT_BUSINESS_TZ);
  const upcoming = closedDates.filter((d) => d >= today);
  const past = closedDates.length - upcoming.length;

  function save(next: string[], done: string) {
    clearErrors();
    update.mutate(
      { closedDates: next },
      {
        onSuccess: () => {
          reset({ date: '' });
          toast({ title: 'Closed Dates Saved', description: done, variant: 'success' });
        },
        onError: (err) => setError('date', { type: 'server', message: Object.values(apiFieldErrors(err))[0] ?? errorMessage(err, 'Could not save the closed dates. Please try again.') }),
      },
    );
  }

  const add = handleSubmit(({ date }) => {
    if (closedDates.includes(date)) setError('date', { type: 'validate', message: `${dateInWords(date)} is already closed.` });
    else save([...closedDates, date], `No bookings on ${dateInWords(date)}.`);
  });

  return (
    <Section title="Closed dates" description="Holidays and days off: no start times are offered on these dates. Bookings already made stay.">
      {upcoming.length === 0 ? (
        <p className="text-sm text-neutral-700">No closed dates coming up.</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200" aria-label="Closed dates">
          {upcoming.map((d) => (
            <li key={d} className="flex items-center justify-between gap-3 py-1 pl-3 pr-1">
              <span className="text-ink-950">{dateInWords(d)}</span>
              <button
                type="button"
                className={`${outlineButtonClass} min-h-11 min-w-11`}
                disabled={update.isPending}
                onClick={() => save(closedDates.filter((c) => c !== d), `${dateInWords(d)} is open for bookings again.`)}
              >
                <X className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Remove</span>
                <span className="sr-only"> {dateInWords(d)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {past > 0 && <p className="text-sm text-neutral-600">{past === 1 ? '1 past closed date is kept for the record.' : `${past} past closed dates are kept for the record.`}</p>}
      <form method="post" action="/admin" onSubmit={add} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-60">
          <label htmlFor={`${id}-date`} className={labelClass}>
            Date to close
          </label>
          <input
            id={`${id}-date`}
            type="date"
            min={today}
            className={controlClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-date-error` : undefined}
            {...register('date')}
          />
        </div>
        <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={update.isPending}>
          <CalendarX className="h-4 w-4" aria-hidden="true" />
          {update.isPending ? 'Saving...' : 'Close this date'}
        </button>
      </form>
      <div aria-live="polite">
        <FieldError id={`${id}-date-error`} message={error} />
      </div>
    </Section>
  );
}
