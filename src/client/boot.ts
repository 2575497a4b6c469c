// The application's entry (/book, /dashboard, /admin, the sign-in pages): the app itself, once
// the page has painted. (The site's stylesheet is index.html's, inlined by scripts/build.mjs: no
// chunk carries it, so no lazy chunk fetches it again.)

/**
 * Resolves once the server's HTML has painted (or cannot: a hidden tab paints nothing), so no
 * script of the app is fetched or run before the first paint. A form typed into before the app
 * runs keeps what was typed, and posts without it (decision 0015). No timer: a paused clock
 * (tests) would hold it forever.
 */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page with nothing contentful to paint (an empty shell) starts at its load event instead.
    window.addEventListener('load', () => resolve(), { once: true });
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}

void painted().then(() => import('./main'));
