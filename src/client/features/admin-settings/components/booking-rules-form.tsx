import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { controlAria, controlClass, FormField } from '../../../components/form-field';
import { toast } from '../../../components/ui/use-toast';
import { setServerErrors } from '../../../lib/form-errors';
import type { Settings } from '../../../../shared/schemas/settings';
import { useUpdateSettings } from '../api/settings-api';
import { bookingRulesFormSchema } from '../utils/settings-forms';
import { SaveButton, Section } from './settings-section';

type Values = z.input<typeof bookingRulesFormSchema>;
type Rules = Pick<Settings, 'bookingWindowDays' | 'minNoticeHours'>;
const FALLBACK = 'Could not save the booking rules. Please try again.';
const asText = (rules: Rules): Values => ({ bookingWindowDays: String(rules.bookingWindowDays), minNoticeHours: String(rules.minNoticeHours) });

/** How far ahead customers can book and how soon a job can start. */
export function BookingRulesForm({ initial }: { initial: Rules }) {
  const id = useId();
  const update = useUpdateSettings();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, z.output<typeof bookingRulesFormSchema>>({
    resolver: zodResolver(bookingRulesFormSchema),
    defaultValues: asText(initial),
  });
  const { errors } = formState;

  const submit = handleSubmit(
    (rules) =>
      update.mutate(rules, {
        onSuccess: (saved) => {
          reset(asText(saved));
          toast({ title: 'Booking Rules Saved', description: 'The booking calendar follows the new rules.', variant: 'success' });
        },
        onError: (err) => {
          setServerErrors(err, setError);
          toastNotSaved(err, FALLBACK);
        },
      }),
    (invalid) => toastNotValid(invalid, FALLBACK),
  );

  return (
    <Section title="Booking rules" onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-window`} label="Booking window (days)" hint="How far ahead customers can book." error={errors.bookingWindowDays?.message}>
          <input type="number" inputMode="numeric" min={1} max={365} className={controlClass} {...controlAria(`${id}-window`, errors.bookingWindowDays?.message, true)} {...register('bookingWindowDays')} />
        </FormField>
        <FormField id={`${id}-notice`} label="Minimum notice (hours)" hint="The earliest a job can start after it is booked." error={errors.minNoticeHours?.message}>
          <input type="number" inputMode="numeric" min={0} max={168} className={controlClass} {...controlAria(`${id}-notice`, errors.minNoticeHours?.message, true)} {...register('minNoticeHours')} />
        </FormField>
      </div>
      <SaveButton pending={update.isPending} label="Save booking rules" />
    </Section>
  );
}
