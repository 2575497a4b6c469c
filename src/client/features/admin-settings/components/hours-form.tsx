import { useId } from 'react';
import { useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { controlClass, FieldError } from '../../../components/form-field';
import { errorAt } from '../../../lib/form-errors';
import { WEEKDAY_NAMES } from '../../../../shared/business-time';
import type { Settings, WeekdayKey } from '../../../../shared/schemas/settings';
import { useSettingsForm } from '../hooks/use-settings-form';
import { draftsOf, hoursFormSchema, type HoursDrafts } from '../utils/settings-forms';
import { SaveButton, Section } from './settings-section';

/** Monday first, as the owner's week runs. */
const WEEK_ORDER: WeekdayKey[] = ['1', '2', '3', '4', '5', '6', '0'];

type Values = z.input<typeof hoursFormSchema>;

/** The weekly opening hours: a day open or closed, and its opening and closing times. */
export function HoursForm({ settings }: { settings: Settings }) {
  const { form, submit, pending } = useSettingsForm({
    schema: hoursFormSchema,
    values: (s, current) => ({ hours: draftsOf(s.hours, current?.hours as HoursDrafts | undefined) }),
    settings,
    saved: { title: 'Hours Saved', description: 'Customers can book within the new hours from now on.' },
    fallback: 'Could not save the hours. Please try again.',
  });
  const days = useWatch({ control: form.control, name: 'hours' }) as HoursDrafts;

  return (
    <Section title="Opening hours" description="Jobs start and end within these hours. The website's opening hours follow." onSubmit={submit}>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
        {WEEK_ORDER.map((day) => (
          <DayRow key={day} day={day} isOpen={days[day].isOpen} register={form.register} errors={form.formState.errors} />
        ))}
      </ul>
      <SaveButton pending={pending} label="Save hours" />
    </Section>
  );
}

/** One weekday: open or not, and when open its opening and closing times; the day's messages under them. */
function DayRow({ day, isOpen, register, errors }: { day: WeekdayKey; isOpen: boolean; register: UseFormRegister<Values>; errors: FieldErrors<Values> }) {
  const id = useId();
  const name = WEEKDAY_NAMES[Number(day)];
  // A whole-day message ("give each day an opening and a closing time") sits on the day itself.
  const dayError = errorAt(errors, `hours.${day}`);
  const times = (['open', 'close'] as const).map((part) => ({ part, label: part === 'open' ? 'Opens' : 'Closes', error: errorAt(errors, `hours.${day}.${part}`) }));
  const errorId = (part: string) => `${id}-${part}-error`;
  return (
    <li className="grid grid-cols-2 items-center gap-x-3 gap-y-2 p-3 sm:grid-cols-[9rem_7rem_11rem_11rem]">
      <span id={`${id}-name`} className="font-semibold text-ink-950">
        {name}
      </span>
      <label className="inline-flex min-h-11 items-center gap-2 justify-self-end text-sm font-medium text-ink-900 sm:justify-self-start">
        <input type="checkbox" className="h-5 w-5 accent-gold-600" aria-describedby={dayError ? errorId('day') : undefined} {...register(`hours.${day}.isOpen`)} />
        Open<span className="sr-only"> on {name}</span>
      </label>
      {isOpen ? (
        times.map(({ part, label, error }) => (
          <div key={part}>
            <label htmlFor={`${id}-${part}`} className="mb-1 block text-sm text-neutral-700">
              {label}
              <span className="sr-only"> on {name}</span>
            </label>
            <input
              id={`${id}-${part}`}
              type="time"
              step={900}
              className={controlClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId(part) : undefined}
              {...register(`hours.${day}.${part}`)}
            />
          </div>
        ))
      ) : (
        <p className="col-span-2 text-sm text-neutral-700 sm:col-span-2">Closed all day</p>
      )}
      {(dayError || times.some((t) => t.error)) && (
        <div className="col-span-2 sm:col-span-4">
          <FieldError id={errorId('day')} message={dayError} />
          {times.map(({ part, error }) => (
            <FieldError key={part} id={errorId(part)} message={error} />
          ))}
        </div>
      )}
    </li>
  );
}
