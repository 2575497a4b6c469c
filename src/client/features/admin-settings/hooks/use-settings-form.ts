import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { toast } from '../../../components/ui/use-toast';
import { setServerErrors } from '../../../lib/form-errors';
import type { Settings, SettingsPatch } from '../../../../shared/schemas/settings';
import { useUpdateSettings } from '../api/settings-api';

interface SettingsFormOptions<TValues extends FieldValues, TPatch extends SettingsPatch> {
  /** The boxes' schema: what they hold, turned into the PATCH. */
  schema: z.ZodType<TPatch, TValues>;
  /** The boxes as `settings` fill them; `current` is what they hold now (a closed day keeps its times). */
  values: (settings: Settings, current?: TValues) => TValues;
  settings: Settings;
  /** The toast once saved. */
  saved: { title: string; description: string };
  /** The "Not Saved" toast's sentence when the server gives none. */
  fallback: string;
  /** The form field a reply's path (`hours.2.close`) belongs to; the path itself by default. */
  fieldOf?: (path: string) => string | null;
}

/**
 * One of the settings forms: sends its boxes as a PATCH of the settings, then fills them with
 * what was saved and says so; a refused save puts each message under its box and toasts
 * "Not Saved" with the first (the schema's before sending, the server's after). `bind` binds
 * its boxes to the field components (see useFormFields).
 */
export function useSettingsForm<TValues extends FieldValues, TPatch extends SettingsPatch>({ schema, values, settings, saved, fallback, fieldOf }: SettingsFormOptions<TValues, TPatch>) {
  const update = useUpdateSettings();
  const form = useForm<TValues, unknown, TPatch>({ resolver: zodResolver(schema), defaultValues: values(settings) as DefaultValues<TValues> });
  const submit = form.handleSubmit(
    (patch) =>
      update.mutate(patch, {
        onSuccess: (next) => {
          form.reset(values(next, form.getValues()));
          toast({ ...saved, variant: 'success' });
        },
        onError: (err) => {
          setServerErrors(err, form.setError, fieldOf);
          toastNotSaved(err, fallback);
        },
      }),
    (invalid) => toastNotValid(invalid, fallback),
  );
  return { form, submit, pending: update.isPending, ...useFormFields(form) };
}
