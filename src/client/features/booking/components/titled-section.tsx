import type { ReactNode } from 'react';

const TITLE_CLASS = {
  h2: 'font-display text-xl font-semibold text-ink-950',
  h3: 'font-display text-lg font-semibold text-ink-950',
} as const;

interface TitledSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** h3 inside the booking steps (under the step's h2), h2 on the confirmation page. */
  level?: keyof typeof TITLE_CLASS;
  className?: string;
  children: ReactNode;
}

/** A section named by its heading. */
export function TitledSection({ id, title, level = 'h3', className, children }: TitledSectionProps) {
  const Heading = level;
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={TITLE_CLASS[level]}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
