import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Island } from '../../islands/island';
import { SiteFooter } from '../../features/layout/components/site-footer';
import { headerFacts, SiteHeader } from '../../features/layout/components/site-header';
import { SkipLink } from '../../features/layout/components/skip-link';
import { useScrollOnNavigate } from '../../features/layout/hooks/use-scroll-on-navigate';
import { useBusiness } from '../../lib/site-config';

/** Header, main content and footer around every page. */
export function SiteLayout() {
  useScrollOnNavigate();
  const { pathname } = useLocation();
  const business = useBusiness();
  useEffect(() => {
    // A marker for tests and the page benchmark: the first render has committed.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <SkipLink />
      <Island name="header" component={SiteHeader} props={{ pathname, business: headerFacts(business) }} />
      {/* The header is fixed; this padding keeps content clear of it at its full height. */}
      <main id="main" tabIndex={-1} className="pt-20 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
