import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';
import { PAGE_META, usePageMeta } from '../meta';

export default function NotFoundPage() {
  usePageMeta(PAGE_META['404']);
  return (
    <section className="bg-ink-950 text-white">
      <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-20 text-center">
        <p aria-hidden="true" className="font-display text-8xl font-bold text-gold-400">
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-bold sm:text-4xl">404 Page Not Found</h1>
        <p className="mt-4 max-w-lg text-neutral-300">The page you were looking for has moved or never existed. Let’s get you back on level ground.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass('gold', 'lg')}>
            <Home aria-hidden="true" className="h-4 w-4" /> Return to Home
          </Link>
          <Link to="/services" className={buttonClass('outline-light', 'lg')}>
            See Our Services
          </Link>
        </div>
      </div>
    </section>
  );
}
