import type { ReactNode } from 'react';

/** The public forms' boxes (contact, estimate): roomy, gold focus ring, red when refused. */
export const islandInputClass =
  'mt-1.5 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-ink-950 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 focus:outline-none focus:ring-2 focus:ring-gold-400 aria-[invalid=true]:border-red-700';

/** What a field's control carries: its id and what describes it. */
export interface FieldAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A public form's field: its label, the control (`children`, given its id and aria attributes),
 * then its hint and its message. Ids are explicit, not useId: these forms hydrate as islands of
 * their own, whose tree is not the page's.
 */
export function IslandField({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: (aria: FieldAria) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-950">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
