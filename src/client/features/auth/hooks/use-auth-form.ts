import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { FormName } from '../../../../shared/form-post';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { usePostedForm } from '../../../lib/use-posted-form';

interface AuthFormOptions<TIn extends FieldValues, F extends Path<TIn>> {
  name: FormName;
  fields: readonly F[];
  defaultValues?: DefaultValues<TIn>;
  /** The toast's title and fallback sentence when the server refuses. */
  failure: { title: string; fallback: string };
}

/**
 * A form of the sign-in screen (usePostedForm). Submitted here, it asks for a reCAPTCHA token
 * first, then runs `send`; a refusal puts the server's field messages under the fields and toasts.
 */
export function useAuthForm<TIn extends FieldValues, TOut, F extends Path<TIn>>(schema: z.ZodType<TOut, TIn>, options: AuthFormOptions<TIn, F>) {
  const posted = usePostedForm(options.name, schema, options.fields, options.defaultValues);
  const { form, hidePost, setApiErrors } = posted;

  function submitWith(getRecaptchaToken: () => Promise<string | undefined>, send: (values: TOut, recaptchaToken: string | undefined) => Promise<void>) {
    return form.handleSubmit(async (values) => {
      hidePost();
      let recaptchaToken: string | undefined;
      try {
        recaptchaToken = await getRecaptchaToken();
      } catch {
        toast({ title: 'Error', description: 'reCAPTCHA verification failed. Please try again.', variant: 'destructive' });
        return;
      }
      try {
        await send(values, recaptchaToken);
      } catch (err) {
        setApiErrors(err);
        toast({ title: options.failure.title, description: errorMessage(err, options.failure.fallback), variant: 'destructive' });
      }
    });
  }

  return { ...posted, isSubmitting: form.formState.isSubmitting, submitWith };
}
