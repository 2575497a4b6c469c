import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface IconDetail {
  label: string;
  value: ReactNode;
  Icon: LucideIcon;
  /** Across both columns of the `grid` look (an address). */
  wide?: boolean;
}

const LOOKS = {
  /** One under the other with larger icons: the booking confirmation. */
  stacked: {
    list: 'mt-4 space-y-3',
    term: 'flex items-center gap-2 text-sm font-semibold text-ink-950',
    icon: 'h-5 w-5 shrink-0 text-gold-700',
    value: 'pl-7 text-sm text-neutral-700',
  },
  /** Two columns from small screens up: a guest's booking. */
  grid: {
    list: 'grid gap-4 px-4 py-4 text-sm sm:grid-cols-2 sm:px-6',
    term: 'flex items-center gap-2 font-semibold text-ink-950',
    icon: 'h-4 w-4 text-gold-700',
    value: 'mt-0.5 break-words pl-6 text-neutral-800',
  },
} as const;

/** Labelled values, each label after its icon and the value under the label. */
export function IconDetails({ details, look }: { details: readonly IconDetail[]; look: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  return (
    <dl className={classes.list}>
      {details.map(({ label, value, Icon, wide }) => (
        <div key={label} className={wide ? 'sm:col-span-2' : undefined}>
          <dt className={classes.term}>
            <Icon className={classes.icon} aria-hidden="true" />
            {label}
          </dt>
          <dd className={classes.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
