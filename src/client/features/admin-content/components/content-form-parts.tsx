import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ZodError } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { labelClass } from '../../../components/form-field';

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

/**
 * Move up / Move down for an ordered list the owner manages: sends the new order, then says
 * which item moved ("Order Saved") or why not.
 */
export function useMoveInList<T extends { id: number }>(list: T[], reorder: Pick<UseMutationResult<unknown, Error, number[]>, 'mutate'>, nameOf: (item: T) => string) {
  return (index: number, step: -1 | 1) => {
    const item = list[index]!;
    reorder.mutate(
      movedIds(
        list.map((x) => x.id),
        index,
        step,
      ),
      {
        onSuccess: () => toast({ title: 'Order Saved', description: `${nameOf(item)} moved ${step < 0 ? 'up' : 'down'}.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Order Not Saved', description: errorMessage(err, 'Could not change the order. Please try again.'), variant: 'destructive' }),
      },
    );
  };
}

/** A checkbox with its label, hint and the server's message; `inputProps` carries id and aria attributes. */
export function CheckboxField({ id, label, hint, error, checked, onChange, inputProps }: { id: string; label: string; hint: string; error?: string; checked: boolean; onChange: (checked: boolean) => void; inputProps: object }) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-gold-600" checked={checked} onChange={(e) => onChange(e.target.checked)} {...inputProps} />
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form dialog's Close and submit buttons, stacked on a phone. */
export function DialogActions({ pending, saveLabel }: { pending: boolean; saveLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Dialog.Close asChild>
        <button type="button" className={outlineButtonClass}>
          Close
        </button>
      </Dialog.Close>
      <button type="submit" className={goldButtonClass} disabled={pending}>
        {pending ? 'Saving...' : saveLabel}
      </button>
    </div>
  );
}
