import type { ReactNode } from 'react';

/** A titled part of the booking form (Service, Date and Time, Your Details). */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="space-y-4" aria-labelledby={id}>
      <h3 id={id} className="font-display text-lg font-semibold text-ink-950">
        {title}
      </h3>
      {children}
    </section>
  );
}
