import { Outlet } from 'react-router';

/** Header, main content and footer around every page. */
export function SiteLayout() {
  return (
    <>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
