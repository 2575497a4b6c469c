/** Class names shared by the dashboard screens (black and gold brand). */
export const cardClass = 'rounded-xl border border-neutral-200 bg-white shadow-sm';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-ink-950 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-60';

export const goldButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-gold-400 px-4 py-2.5 text-sm font-semibold text-ink-950 shadow-sm transition-colors hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-60';

export const outlineButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-neutral-300 bg-white px-4 py-2.5 text-sm font-semibold text-neutral-900 shadow-sm transition-colors hover:border-gold-500 hover:bg-gold-50 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-600 disabled:hover:border-neutral-300';

export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-red-700 bg-white px-4 py-2.5 text-sm font-semibold text-red-700 shadow-sm transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';

export const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2.5 text-base text-neutral-900 shadow-sm placeholder:text-neutral-500 focus:border-gold-600 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 disabled:bg-neutral-100 disabled:text-neutral-800 read-only:bg-neutral-100 aria-[invalid=true]:border-red-700 sm:text-sm';

export const pageHeadingClass = 'font-display text-2xl font-bold text-ink-950 sm:text-3xl';
