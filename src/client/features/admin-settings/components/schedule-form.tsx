import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { cardClass, goldButtonClass } from '../../../components/admin/styles';
import { controlAria, controlClass, FormField, inputClass } from '../../../components/form-field';
import { toast } from '../../../components/ui/use-toast';
import { setServerErrors } from '../../../lib/form-errors';
import type { Settings } from '../../../../shared/schemas/settings';
import { useUpdateSettings } from '../api/settings-api';
import { parseZips } from '../utils/calendar-text';
import { scheduleFormSchema } from '../utils/settings-forms';

type Values = z.input<typeof scheduleFormSchema>;
const FALLBACK = 'Could not save the settings. Please try again.';
const asText = (s: Settings): Values => ({ travelBufferMinutes: String(s.travelBufferMinutes), crews: String(s.crews), serviceZips: s.serviceZips.join('\n') });

/** Travel buffer, crews and service ZIP codes. */
export function ScheduleForm({ settings }: { settings: Settings }) {
  const id = useId();
  const update = useUpdateSettings();
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<Values, unknown, z.output<typeof scheduleFormSchema>>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: asText(settings),
  });
  const { errors } = formState;

  const submit = handleSubmit(
    (patch) =>
      update.mutate(patch, {
        onSuccess: (saved) => {
          reset(asText(saved));
          toast({ title: 'Schedule Saved', description: 'New bookings use these settings from now on.', variant: 'success' });
        },
        onError: (err) => {
          // A ZIP's index (`serviceZips.3`) folds into its box.
          setServerErrors(err, setError, (path) => path.split('.')[0]!);
          toastNotSaved(err, FALLBACK);
        },
      }),
    (invalid) => toastNotValid(invalid, FALLBACK),
  );

  const zips = register('serviceZips', { onBlur: (e: { target: { value: string } }) => setValue('serviceZips', parseZips(e.target.value).join('\n')) });

  return (
    <form method="post" action="/admin" onSubmit={submit} noValidate className={`${cardClass} space-y-4 p-4 sm:p-6`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-ink-950">
        Jobs and service area
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-buffer`} label="Travel buffer (minutes)" hint="Kept free before and after each job to drive to the next." error={errors.travelBufferMinutes?.message}>
          <input type="number" inputMode="numeric" min={0} max={240} className={controlClass} {...controlAria(`${id}-buffer`, errors.travelBufferMinutes?.message, true)} {...register('travelBufferMinutes')} />
        </FormField>
        <FormField id={`${id}-crews`} label="Crews" hint="How many jobs can run at the same time." error={errors.crews?.message}>
          <input type="number" inputMode="numeric" min={1} max={20} className={controlClass} {...controlAria(`${id}-crews`, errors.crews?.message, true)} {...register('crews')} />
        </FormField>
      </div>
      <FormField
        id={`${id}-zips`}
        label="Service ZIP codes"
        hint={
          <>
            One per line or separated by commas. Addresses with another ZIP code are turned away; an address without one is booked and marked &ldquo;area not
            checked&rdquo;.
          </>
        }
        error={errors.serviceZips?.message}
      >
        <textarea rows={6} className={`${inputClass} font-mono`} {...controlAria(`${id}-zips`, errors.serviceZips?.message, true)} {...zips} />
      </FormField>
      <div className="flex justify-end">
        <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save schedule settings'}
        </button>
      </div>
    </form>
  );
}
