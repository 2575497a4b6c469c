import type { ReactNode } from 'react';

/** Class names of a form's label and controls (black and gold brand, large touch targets). */
export const labelClass = 'mb-1 block text-sm font-semibold text-ink-900';
export const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 aria-[invalid=true]:border-red-700 sm:text-sm';
/** Inputs and selects side by side keep one height. */
export const controlClass = `${inputClass} h-10`;

/** The ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string }): string | undefined {
  return [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The id, aria-invalid and aria-describedby of a control whose hint and error sit under it. */
export function controlAria(id: string, error: string | undefined, hint = false) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { hint, error }) } as const;
}

/** A field's message, under it; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-neutral-600">
      {children}
    </p>
  );
}

/** A labelled control with its hint and its error under it. `id` is the control's id. */
export function FormField({ id, label, hint, error, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export const checkboxClass = 'mt-0.5 h-5 w-5 shrink-0 accent-gold-600';

/** A checkbox with its label beside it, its hint and its error; `children` is the input. */
export function CheckboxField({ id, label, hint, error, children }: { id: string; label: string; hint: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        {children}
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          {label}
        </label>
      </div>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
