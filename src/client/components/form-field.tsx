import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError as RhfFieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * How a field's label, hint and error stand around its control: `compact` on the owner's
 * screens, `roomy` in the booking and payment forms, `account` on the sign-in and profile screens.
 */
const LOOKS = {
  compact: {
    field: undefined,
    label: 'mb-1 block text-sm font-semibold text-ink-900',
    hint: 'mt-1 text-sm text-neutral-600',
    error: 'mt-1 text-sm font-medium text-red-700',
  },
  roomy: {
    field: undefined,
    label: 'mb-1.5 block text-sm font-semibold text-ink-900',
    hint: 'mt-1.5 text-sm text-neutral-600',
    error: 'mt-1.5 text-sm font-medium text-red-700',
  },
  account: {
    field: 'space-y-1.5',
    label: 'block text-sm font-medium text-neutral-900',
    hint: 'text-xs text-neutral-600',
    error: 'text-sm font-medium text-red-700',
  },
} as const;

export type FieldLook = keyof typeof LOOKS;

/** Class names of a form's label and controls (black and gold brand, large touch targets). */
export const labelClass = LOOKS.compact.label;
export const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 aria-[invalid=true]:border-red-700 sm:text-sm';
/** Inputs and selects side by side keep one height. */
export const controlClass = `${inputClass} h-10`;
/** The booking and payment forms' controls. */
export const roomyInputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 aria-[invalid=true]:border-red-700 disabled:cursor-not-allowed disabled:bg-neutral-100';
/** The sign-in screen's inputs. */
export const accountInputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 aria-[invalid=true]:border-red-700 sm:text-sm';

/** The ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string }): string | undefined {
  return [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The id, aria-invalid and aria-describedby of a control whose hint and error sit under it. */
export function controlAria(id: string, error: string | undefined, hint = false) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, { hint, error }) } as const;
}

/** A field's message, under it; nothing when there is none. */
export function FieldError({ id, message, look = 'compact' }: { id: string; message?: string; look?: FieldLook }) {
  if (!message) return null;
  return (
    <p id={id} className={LOOKS[look].error}>
      {message}
    </p>
  );
}

export function FieldHint({ id, children, look = 'compact' }: { id: string; children: ReactNode; look?: FieldLook }) {
  return (
    <p id={id} className={LOOKS[look].hint}>
      {children}
    </p>
  );
}

interface FormFieldProps {
  /** The control's id. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  look?: FieldLook;
  className?: string;
  children: ReactNode;
}

/** A labelled control with its hint and its error under it. */
export function FormField({ id, label, hint, error, look = 'compact', className, children }: FormFieldProps) {
  const classes = [LOOKS[look].field, className].filter(Boolean).join(' ');
  return (
    <div className={classes || undefined}>
      <label htmlFor={id} className={LOOKS[look].label}>
        {label}
      </label>
      {children}
      {hint && (
        <FieldHint id={`${id}-hint`} look={look}>
          {hint}
        </FieldHint>
      )}
      <FieldError id={`${id}-error`} message={error} look={look} />
    </div>
  );
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  registration?: UseFormRegisterReturn;
  error?: RhfFieldError;
  hint?: string;
}

/** An input of the account screens with its label, hint and error (`account` look, its own id). */
export function InputField({ label, registration, error, hint, className = accountInputClass, ...inputProps }: InputFieldProps) {
  const id = useId();
  return (
    <FormField id={id} label={label} hint={hint} error={error?.message} look="account">
      <input className={className} {...controlAria(id, error?.message, Boolean(hint))} {...inputProps} {...registration} />
    </FormField>
  );
}

export const checkboxClass = 'mt-0.5 h-5 w-5 shrink-0 accent-gold-600';

/** A checkbox with its label beside it, its hint and its error; `children` is the input. */
export function CheckboxField({ id, label, hint, error, children }: { id: string; label: string; hint: string; error?: string; children: ReactNode }) {
  return (
    <div>
      {/* On a phone the label is a 44 px target beside its box. */}
      <div className="flex items-center gap-3 sm:items-start">
        {children}
        <label htmlFor={id} className="flex-1 py-3 text-sm font-semibold text-ink-900 sm:py-0">
          {label}
        </label>
      </div>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
