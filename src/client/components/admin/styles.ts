/** Class names of the owner's screens (black and gold brand, large touch targets); form controls are in ../form-field. */
export const cardClass = 'rounded-xl border border-neutral-200 bg-white shadow-sm';

// 44 px tall on a phone (a thumb's target, as the tabs are), 40 px from the sm breakpoint up.
const button =
  'inline-flex min-h-11 sm:min-h-10 items-center justify-center gap-1.5 rounded-md px-3 py-2 text-sm font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButtonClass = `${button} bg-ink-950 text-white hover:bg-ink-800`;
export const goldButtonClass = `${button} bg-gold-400 text-ink-950 hover:bg-gold-300`;
export const outlineButtonClass = `${button} border border-neutral-300 bg-white text-neutral-900 hover:border-gold-500 hover:bg-gold-50`;
export const dangerButtonClass = `${button} border border-red-700 bg-white text-red-700 hover:bg-red-50`;

export const dialogOverlayClass = 'fixed inset-0 z-50 bg-black/60';
export const dialogContentClass =
  'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border-t-4 border-gold-400 bg-white p-6 shadow-xl';
