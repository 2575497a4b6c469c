import { ArrowUp } from 'lucide-react';
import { useScrolledFraction } from '../hooks/use-scrolled-past';

/** Appears once about 10 percent of the page has been scrolled. */
export function ScrollToTopButton() {
  const show = useScrolledFraction(0.1);
  if (!show) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'instant' : 'smooth' });
      }}
      className="fixed bottom-5 right-5 z-40 grid h-12 w-12 place-items-center rounded-full border border-gold-400 bg-ink-950 text-gold-300 shadow-lg shadow-black/30 transition-colors hover:bg-gold-400 hover:text-ink-950"
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
