import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { markAppHydrated } from '../../components/ui/hydration-gate';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { SiteHeader } from '../../features/layout/components/site-header';
import { SkipLink } from '../../features/layout/components/skip-link';
import { useScrollOnNavigate } from '../../features/layout/hooks/use-scroll-on-navigate';

/** Header, main content and footer around every page. */
export function SiteLayout() {
  useScrollOnNavigate();
  useEffect(() => {
    markAppHydrated();
    // A marker for tests and the page benchmark: the first render has committed.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      {/* The header is fixed; this padding keeps content clear of it at its full height. */}
      <main id="main" tabIndex={-1} className="pt-20 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
