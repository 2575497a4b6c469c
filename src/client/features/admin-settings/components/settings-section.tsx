import { useId, type FormEvent, type ReactNode } from 'react';
import { cardClass, goldButtonClass } from '../../../components/admin/styles';

/** A card with a heading; a form named by that heading when `onSubmit` is given. */
export function Section({ title, description, children, onSubmit }: { title: string; description?: string; children: ReactNode; onSubmit?: (e: FormEvent) => void }) {
  const id = useId();
  const body = (
    <>
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink-950">
          {title}
        </h2>
        {description && <p className="text-sm text-neutral-700">{description}</p>}
      </div>
      {children}
    </>
  );
  const className = `${cardClass} space-y-4 p-4 sm:p-6`;
  return onSubmit ? (
    <form method="post" action="/admin" onSubmit={onSubmit} noValidate className={className} aria-labelledby={`${id}-title`}>
      {body}
    </form>
  ) : (
    <section className={className} aria-labelledby={`${id}-title`}>
      {body}
    </section>
  );
}

export function SaveButton({ pending, label }: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end">
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={pending}>
        {pending ? 'Saving...' : label}
      </button>
    </div>
  );
}
