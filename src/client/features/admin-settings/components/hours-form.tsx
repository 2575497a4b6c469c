import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { controlClass, FieldError } from '../../../components/form-field';
import { toast } from '../../../components/ui/use-toast';
import { errorAt, setServerErrors } from '../../../lib/form-errors';
import { WEEKDAY_NAMES } from '../../../../shared/business-time';
import type { Settings, WeekdayKey } from '../../../../shared/schemas/settings';
import { useUpdateSettings } from '../api/settings-api';
import { draftsOf, hoursFormSchema, type HoursDrafts } from '../utils/settings-forms';
import { SaveButton, Section } from './settings-section';

/** Monday first, as the owner's week runs. */
const WEEK_ORDER: WeekdayKey[] = ['1', '2', '3', '4', '5', '6', '0'];
const FALLBACK = 'Could not save the hours. Please try again.';

type Values = z.input<typeof hoursFormSchema>;

/** The weekly opening hours: a day open or closed, and its opening and closing times. */
export function HoursForm({ initial }: { initial: Settings['hours'] }) {
  const id = useId();
  const update = useUpdateSettings();
  const { register, handleSubmit, reset, setError, getValues, control, formState } = useForm<Values, unknown, z.output<typeof hoursFormSchema>>({
    resolver: zodResolver(hoursFormSchema),
    defaultValues: { hours: draftsOf(initial) },
  });
  const days = useWatch({ control, name: 'hours' }) as HoursDrafts;
  const { errors } = formState;

  const submit = handleSubmit(
    ({ hours }) =>
      update.mutate(
        { hours },
        {
          onSuccess: (saved) => {
            reset({ hours: draftsOf(saved.hours, getValues('hours') as HoursDrafts) });
            toast({ title: 'Hours Saved', description: 'Customers can book within the new hours from now on.', variant: 'success' });
          },
          onError: (err) => {
            setServerErrors(err, setError);
            toastNotSaved(err, FALLBACK);
          },
        },
      ),
    (invalid) => toastNotValid(invalid, FALLBACK),
  );

  return (
    <Section title="Opening hours" description="Jobs start and end within these hours. The website's opening hours follow." onSubmit={submit}>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {WEEK_ORDER.map((day) => {
          const name = WEEKDAY_NAMES[Number(day)];
          // A whole-day message ("give each day an opening and a closing time") sits on the day itself.
          const dayError = errorAt(errors, `hours.${day}`);
          const openError = errorAt(errors, `hours.${day}.open`);
          const closeError = errorAt(errors, `hours.${day}.close`);
          const errorId = (part: string) => `${id}-${day}-${part}-error`;
          return (
            <li key={day} className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-3 sm:grid-cols-[9rem_7rem_11rem_11rem]">
              <span id={`${id}-${day}-name`} className="font-semibold text-ink-950">
                {name}
              </span>
              <label className="inline-flex min-h-11 items-center gap-2 justify-self-end text-sm font-medium text-ink-900 sm:justify-self-start">
                <input type="checkbox" className="h-5 w-5 accent-gold-600" aria-describedby={dayError ? errorId('day') : undefined} {...register(`hours.${day}.isOpen`)} />
                Open<span className="sr-only"> on {name}</span>
              </label>
              {days[day].isOpen ? (
                <>
                  <div>
                    <label htmlFor={`${id}-${day}-open`} className="mb-1 block text-sm text-neutral-700">
                      Opens<span className="sr-only"> on {name}</span>
                    </label>
                    <input
                      id={`${id}-${day}-open`}
                      type="time"
                      step={900}
                      className={controlClass}
                      aria-invalid={openError ? true : undefined}
                      aria-describedby={openError ? errorId('open') : undefined}
                      {...register(`hours.${day}.open`)}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${id}-${day}-close`} className="mb-1 block text-sm text-neutral-700">
                      Closes<span className="sr-only"> on {name}</span>
                    </label>
                    <input
                      id={`${id}-${day}-close`}
                      type="time"
                      step={900}
                      className={controlClass}
                      aria-invalid={closeError ? true : undefined}
                      aria-describedby={closeError ? errorId('close') : undefined}
                      {...register(`hours.${day}.close`)}
                    />
                  </div>
                </>
              ) : (
                <p className="col-span-2 text-sm text-neutral-700 sm:col-span-2">Closed all day</p>
              )}
              {(dayError || openError || closeError) && (
                <div className="col-span-2 sm:col-span-4">
                  <FieldError id={errorId('day')} message={dayError} />
                  <FieldError id={errorId('open')} message={openError} />
                  <FieldError id={errorId('close')} message={closeError} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <SaveButton pending={update.isPending} label="Save hours" />
    </Section>
  );
}
