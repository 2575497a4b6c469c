import { useLayoutEffect, useSyncExternalStore } from 'react';

/** Below Tailwind's `md`: the owner's app (top bar, bottom bar, More) instead of the page with tabs. */
const PHONE = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is phone-wide now (and again on every change, a turned phone or a resized window). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * Marks the page as the owner's app while mounted: below 768 px the stylesheet then hides the
 * public header and footer (styles.css, `html[data-owner-app]`). A mark on <html> rather than a
 * prop of the site's layout, so the app's entry, which /book and the 404 page load, stays as it was.
 */
export function useOwnerAppMark() {
  useLayoutEffect(() => {
    document.documentElement.dataset.ownerApp = 'true';
    return () => {
      delete document.documentElement.dataset.ownerApp;
    };
  }, []);
}

/**
 * Registers the owner's app's service worker (built by scripts/build.mjs from
 * src/client/sw/admin-sw.ts), scoped to /admin: the public pages never get one. Not in
 * development, where Vite serves the sources and there is no worker file.
 */
export function useAdminServiceWorker() {
  useLayoutEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/admin-sw.js', { scope: '/admin' }).catch((err: unknown) => console.error('The service worker did not register', err));
  }, []);
}
