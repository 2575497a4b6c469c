import { useState } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { FormName } from '../../shared/form-post';
import { onlyFields, setServerErrors } from './form-errors';
import { fieldError, useFormPost } from './form-post';

/**
 * A form that also posts without JavaScript (decision 0015): react-hook-form with the shared
 * schema, and the server's answer to a post made before the page ran (its message and field
 * messages) shown until the form is submitted here. Give no defaultValues for the fields the
 * server renders: they keep what was typed before hydration.
 */
export function usePostedForm<TIn extends FieldValues, TOut, F extends Path<TIn>>(
  name: FormName,
  schema: z.ZodType<TOut, TIn>,
  fields: readonly F[],
  defaultValues?: DefaultValues<TIn>,
) {
  const post = useFormPost(name);
  const form = useForm<TIn, unknown, TOut>({ resolver: zodResolver(schema), defaultValues });
  const { errors: own, isSubmitted } = form.formState;
  const [postShown, setPostShown] = useState(true);
  const showPost = postShown && !isSubmitted;
  const errors = Object.fromEntries(fields.map((f) => [f, fieldError(own[f] as FieldError | undefined, post, !showPost, f)])) as Partial<Record<F, FieldError>>;
  return {
    form,
    post,
    errors,
    /** The server's message about the whole post, while it still stands. */
    postMessage: showPost ? post?.message : undefined,
    /** Submitting here: from now on the form's own messages count. */
    hidePost: () => setPostShown(false),
    /** Puts the API's messages for these fields under them. */
    setApiErrors: (err: unknown) => setServerErrors(err, form.setError, onlyFields(fields)),
  };
}
