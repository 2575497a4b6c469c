import type { ReactNode } from 'react';

type Level = 1 | 2 | 3;

/** A section's eyebrow, heading and lead text, centred; `tone` follows the section background. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  level = 2,
  tone = 'light',
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  level?: Level;
  tone?: 'light' | 'dark';
}) {
  const Heading = `h${level}` as const;
  const dark = tone === 'dark';
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && <p className={`mb-2 text-xs font-semibold uppercase tracking-[0.2em] ${dark ? 'text-gold-300' : 'text-gold-700'}`}>{eyebrow}</p>}
      <Heading id={id} className={`font-display text-3xl font-bold sm:text-4xl ${dark ? 'text-white' : 'text-ink-950'}`}>
        {title}
      </Heading>
      <span aria-hidden="true" className="mx-auto mt-4 block h-1 w-16 rounded-full bg-gold-400" />
      {lead && <p className={`mt-4 text-base sm:text-lg ${dark ? 'text-neutral-300' : 'text-neutral-600'}`}>{lead}</p>}
    </div>
  );
}
