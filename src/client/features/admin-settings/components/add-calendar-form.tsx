import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { goldButtonClass } from '../../../components/admin/styles';
import { controlAria, controlClass, FormField } from '../../../components/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { setServerErrors } from '../../../lib/form-errors';
import { addCalendarSchema, type AddCalendarInput, type CalendarFeed } from '../../../../shared/schemas/calendars';
import { useAddCalendar } from '../api/settings-api';
import { eventsLabel } from '../utils/calendar-text';

/** A calendar's name and secret address; its first fetch's result shows under the form. */
export function AddCalendarForm() {
  const id = useId();
  const [result, setResult] = useState<CalendarFeed | null>(null);
  const add = useAddCalendar();
  const { register, handleSubmit, reset, setError, formState } = useForm<AddCalendarInput>({ resolver: zodResolver(addCalendarSchema), defaultValues: { name: '', url: '' } });
  const { errors } = formState;

  const submit = handleSubmit((input) => {
    setResult(null);
    add.mutate(input, {
      onSuccess: (feed) => {
        setResult(feed);
        reset();
        if (feed.lastError) toast({ title: 'Calendar Added, Not Synced', description: feed.lastError, variant: 'destructive' });
        else toast({ title: 'Calendar Added', description: `${feed.name}: ${eventsLabel(feed.eventCount)}.`, variant: 'success' });
      },
      onError: (err) => {
        // A refusal without field messages (the address could not be fetched) is the address's.
        if (setServerErrors(err, setError, (path) => path.split('.')[0]!) === 0) setError('url', { type: 'server', message: errorMessage(err, 'Could not add the calendar. Please try again.') });
      },
    });
  });

  return (
    <form method="post" action="/admin" onSubmit={submit} noValidate className="space-y-3 border-t border-neutral-200 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-ink-950">
        Add calendar
      </h3>
      <div className="grid gap-3 sm:grid-cols-[14rem_1fr]">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          <input className={controlClass} placeholder="My calendar" {...controlAria(`${id}-name`, errors.name?.message)} {...register('name')} />
        </FormField>
        <FormField id={`${id}-url`} label="Secret iCal address" error={errors.url?.message}>
          <input type="url" inputMode="url" autoComplete="off" className={controlClass} placeholder="https://..." {...controlAria(`${id}-url`, errors.url?.message)} {...register('url')} />
        </FormField>
      </div>
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={add.isPending}>
        <CalendarPlus className="h-4 w-4" aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add calendar'}
      </button>
      <div aria-live="polite">
        {result &&
          (result.lastError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {result.name} was added, but the first fetch failed: {result.lastError} It will be tried again every 10 minutes.
            </p>
          ) : (
            <p className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
              {result.name} was added: {eventsLabel(result.eventCount)} now block the schedule.
            </p>
          ))}
      </div>
    </form>
  );
}
