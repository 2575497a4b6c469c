import type { ReactNode } from 'react';

/** The dark band with the page's h1 at the top of the inner pages. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-ink-950 text-white">
      <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-gold-400/10 blur-3xl" />
      <div className="relative mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && <p className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-gold-300">{eyebrow}</p>}
        <h1 className="font-display text-4xl font-bold sm:text-5xl">{title}</h1>
        <span aria-hidden="true" className="mx-auto mt-5 block h-1 w-16 rounded-full bg-gold-400" />
        {lead && <p className="mx-auto mt-5 max-w-2xl text-base text-neutral-300 sm:text-lg">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
