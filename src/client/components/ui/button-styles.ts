/** Class names for buttons and button-like links, so <Link> and <button> look the same. */
export type ButtonVariant = 'gold' | 'dark' | 'outline-light' | 'outline-dark' | 'ghost-light';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  gold: 'bg-gold-400 text-ink-950 hover:bg-gold-300',
  dark: 'bg-ink-950 text-white hover:bg-ink-800',
  'outline-light': 'border border-gold-400 text-gold-200 hover:bg-gold-400 hover:text-ink-950',
  'outline-dark': 'border border-ink-950 text-ink-950 hover:bg-ink-950 hover:text-white',
  'ghost-light': 'text-white hover:bg-white/10',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

export function buttonClass(variant: ButtonVariant = 'gold', size: ButtonSize = 'md', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}
