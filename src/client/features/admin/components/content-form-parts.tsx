import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ZodError } from 'zod';
import { ApiError } from '../../../lib/api';
import { labelClass, outlineButtonClass } from './styles';

/** The first message of each field of a failed parse: what the form shows under each field. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= issue.message;
  }
  return out;
}

/** The 400's per-field messages, or none. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? { ...err.errors } : {};
}

/** The ids of a field's hint and error, for aria-describedby. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string }) {
  return [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A labelled control with its hint and its error under it. `id` is the control's id. */
export function FormField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The list's ids with the item at `index` swapped with its neighbour (-1 up, +1 down). */
export function movedIds(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids];
  const other = index + step;
  if (other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** "Move up" and "Move down" for one item of an ordered list; the ends disable their own. */
export function MoveButtons({ label, index, count, disabled, onMove }: { label: string; index: number; count: number; disabled?: boolean; onMove: (step: -1 | 1) => void }) {
  return (
    <>
      <button type="button" className={outlineButtonClass} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
        Move up<span className="sr-only"> {label}</span>
      </button>
      <button type="button" className={outlineButtonClass} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
        Move down<span className="sr-only"> {label}</span>
      </button>
    </>
  );
}
