import { createContext, useContext, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import type { FormName, FormPost } from '../../shared/form-post';

const FormPostContext = createContext<FormPost | null>(null);

/** What the server said about a form posted without JavaScript (see shared/form-post.ts). */
export function FormPostProvider({ value, children }: { value: FormPost | null; children: ReactNode }) {
  return <FormPostContext.Provider value={value}>{children}</FormPostContext.Provider>;
}

/** The server's answer for this form, when the page is one. */
export function useFormPost(form: FormName): FormPost | null {
  const post = useContext(FormPostContext);
  return post?.form === form ? post : null;
}

/**
 * A field's message: the form's own once it has been submitted here, before that the server's
 * (the page answered a post made without JavaScript).
 */
export function fieldError(own: FieldError | undefined, post: FormPost | null, isSubmitted: boolean, name: string): FieldError | undefined {
  if (own || isSubmitted) return own;
  const message = post?.errors?.[name];
  return message ? { type: 'server', message } : undefined;
}

/** Reads the form answer the server wrote on the root element (`data-form`, JSON). */
export function readFormPost(container: HTMLElement): FormPost | null {
  const raw = container.dataset.form;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && typeof (parsed as FormPost).form === 'string' ? (parsed as FormPost) : null;
  } catch {
    return null;
  }
}
