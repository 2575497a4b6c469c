/** Class names shared by the auth forms (black and gold brand, large touch targets). */
export const primaryButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-md bg-ink-950 px-4 py-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70';

export const outlineButtonClass =
  'inline-flex w-full items-center justify-center gap-2 rounded-md border border-neutral-300 bg-white px-4 py-3 text-sm font-semibold text-neutral-900 shadow-sm transition-colors hover:border-gold-500 hover:bg-gold-50 disabled:cursor-not-allowed disabled:border-neutral-200 disabled:bg-neutral-100 disabled:text-neutral-600 disabled:hover:bg-neutral-100';

/** A text-styled button or link inside a form ("Forgot your password?"), still a comfortable touch target. */
export const linkButtonClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-neutral-900 underline underline-offset-4 hover:text-gold-800 hover:decoration-gold-600';
